"""Encode a whole evaluate request in a URL query value, and back.

The workbench, presets and shared scenarios carry the scenario in ``?s=``: compact JSON,
deflated, then URL-safe base64 without padding, so any set-up can be bookmarked.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from engine.contract import MAX_REQUEST_BYTES, MAX_REQUEST_DEPTH
from rulesite.core.middleware import json_nesting_depth
from rulesite.core.safejson import parse_json, text_problem

MAX_ENCODED_LENGTH = 8000
MAX_DECODED_BYTES = MAX_REQUEST_BYTES


class PermalinkError(ValueError):
    """The ``s`` value is not a scenario this site encoded."""


def encode_scenario(scenario: dict[str, Any]) -> str:
    """Encode ``scenario`` for a URL.

    >>> decode_scenario(encode_scenario({"action": {"kind": "cast"}}))
    {'action': {'kind': 'cast'}}
    """
    raw = json.dumps(scenario, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    packed = zlib.compress(raw.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_scenario(value: str) -> dict[str, Any]:
    """Decode a value made by :func:`encode_scenario`.

    The decoded request is held to the engine's limits (``MAX_REQUEST_BYTES``,
    ``MAX_REQUEST_DEPTH``) before it is parsed, like an API body.

    :raises PermalinkError: when the value is too long, corrupt, too large or too deeply
        nested once inflated, or not a JSON object.

    >>> decode_scenario("é")
    Traceback (most recent call last):
    ...
    rulesite.workbench.permalink.PermalinkError: the scenario link is damaged
    """
    if len(value) > MAX_ENCODED_LENGTH:
        raise PermalinkError("the scenario link is too long")
    if not value.isascii():
        raise PermalinkError("the scenario link is damaged")
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        decompressor = zlib.decompressobj()
        raw = decompressor.decompress(packed, MAX_DECODED_BYTES)
        if decompressor.unconsumed_tail:
            raise PermalinkError("the scenario link is too large")
        if json_nesting_depth(raw) > MAX_REQUEST_DEPTH:
            raise PermalinkError("the scenario link nests too deeply")
        data = parse_json(raw.decode("utf-8"))
    except PermalinkError:
        raise
    except (ValueError, zlib.error, RecursionError) as exc:
        raise PermalinkError("the scenario link is damaged") from exc
    if not isinstance(data, dict) or text_problem(data):
        raise PermalinkError("the scenario link does not hold a scenario")
    return data
