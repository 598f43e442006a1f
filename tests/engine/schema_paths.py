"""Field paths (``action.kicker``, ``battlefield[].tapped``) of a JSON Schema and of a request,
to check that a test draws every field the schema publishes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def field_paths(schema: Mapping[str, Any]) -> set[str]:
    """Every property path of ``schema`` (objects' properties, arrays' items; ``$ref`` into
    its ``$defs`` followed), leaves and records alike."""
    defs = schema.get("$defs", {})

    def walk(node: Mapping[str, Any], prefix: str) -> set[str]:
        if len(node.get("allOf", ())) == 1:  # a $ref with its own description
            node = node["allOf"][0]
        if "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[-1]]
        if node.get("type") == "array" and isinstance(node.get("items"), Mapping):
            return walk(node["items"], f"{prefix}[]")
        found: set[str] = set()
        for name, sub in node.get("properties", {}).items():
            path = f"{prefix}.{name}" if prefix else name
            found |= {path} | walk(sub, path)
        return found

    return walk(schema, "")


def written_paths(data: object, prefix: str = "") -> set[str]:
    """The paths ``data`` (a request as JSON) writes, in :func:`field_paths`' notation; an
    object with free keys (counters) counts as its own path only."""
    if isinstance(data, list):
        return set().union(*(written_paths(item, f"{prefix}[]") for item in data))
    free_keys = prefix.endswith(".counters") or prefix.startswith("player_counters.")
    if not isinstance(data, Mapping) or free_keys:
        return set()
    found: set[str] = set()
    for name, value in data.items():
        path = f"{prefix}.{name}" if prefix else name
        found |= {path} | written_paths(value, path)
    return found
