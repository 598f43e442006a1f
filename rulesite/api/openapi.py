"""The OpenAPI 3.1 description of the JSON API, served at ``GET /api/v1/schema``.

One Python dict, built here: each endpoint is a function returning its path item, and the
JSON Schemas it uses go in ``components.schemas``. To describe a new endpoint, add its schemas
to :data:`SCHEMAS` and its path item to :func:`paths`.

The evaluate request and answer are the engine's own schemas (``engine.REQUEST_SCHEMA`` and
``engine.RESPONSE_SCHEMA``, built from the fields the engine reads and writes; see
``docs/engine-contract.md``); the errors and scenarios are described here, the cards, rulings
and rules beside their views.
"""

from __future__ import annotations

import copy
from typing import Any

import engine

# The cards, rulings and rules objects and endpoints are described beside their views.
from rulesite.cards.schemas import REFERENCE_SCHEMAS, reference_paths

__all__ = ["SCHEMAS", "build_openapi", "component", "paths"]

_REFS = "#/components/schemas/"


def _as_component(schema: Any) -> Any:
    """A JSON Schema of the engine's, its ``$defs`` references pointing into components."""
    if isinstance(schema, dict):
        return {
            key: (value.replace("#/$defs/", _REFS) if key == "$ref" else _as_component(value))
            for key, value in schema.items()
            if key not in ("$defs", "$schema")
        }
    if isinstance(schema, list):
        return [_as_component(item) for item in schema]
    return schema


def _engine_schemas() -> dict[str, dict[str, Any]]:
    """The engine's request and answer schemas, each named part a component of its own."""
    schemas: dict[str, dict[str, Any]] = {}
    for name, schema in (
        ("EvaluateRequest", engine.REQUEST_SCHEMA),
        ("EvaluateResponse", engine.RESPONSE_SCHEMA),
    ):
        schemas[name] = _as_component(schema)
        for part, definition in schema["$defs"].items():
            schemas[part] = _as_component(definition)
    # The API's own addition to the engine's answer: its object kind, as every API object has.
    answer = schemas["EvaluateResponse"]
    answer["properties"] = {"object": {"const": "evaluation"}, **answer["properties"]}
    return schemas


SCHEMAS: dict[str, dict[str, Any]] = {
    **_engine_schemas(),
    "Errors": {
        "type": "object",
        "required": ["errors"],
        "description": "An error object: Scryfall's fields (object, status, code, details) and "
        "each faulty field with its reason.",
        "properties": {
            "object": {"const": "error"},
            "status": {"type": "integer"},
            "code": {"type": "string", "examples": ["not_found", "bad_request"]},
            "details": {"type": "string"},
            "errors": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "required": ["field", "message"],
                    "properties": {
                        "field": {
                            "type": "string",
                            "description": "Path of the faulty field; 'body' for the whole body.",
                            "examples": ["action.kicker", "battlefield[2].card"],
                        },
                        "message": {"type": "string"},
                    },
                },
            },
        },
    },
    "Scenario": {
        "type": "object",
        "description": "A published community scenario with the engine's stored answer.",
        "required": ["id", "url", "title", "question", "language", "scenario", "answer"],
        "properties": {
            "object": {"const": "scenario"},
            "id": {"type": "integer"},
            "url": {"type": "string", "format": "uri"},
            "title": {"type": "string", "maxLength": 120},
            "question": {"type": "string", "description": "plain text or a small Markdown subset"},
            "language": {"enum": ["en", "fr"]},
            "author": {"type": "string"},
            "created": {"type": "string", "format": "date-time"},
            "cards": {"type": "array", "items": {"type": "string"}, "description": "card slugs"},
            "keywords": {"type": "array", "items": {"type": "string"}},
            "scenario": {"$ref": "#/components/schemas/EvaluateRequest"},
            "answer": {"$ref": "#/components/schemas/EvaluateResponse"},
            "answer_changed": {"type": "boolean"},
            "answer_today": {
                "oneOf": [{"$ref": "#/components/schemas/EvaluateResponse"}, {"type": "null"}],
                "description": "today's engine answer, when it differs from the stored one",
            },
        },
    },
    "ScenarioList": {
        "type": "object",
        "description": "A list object (object, total_scenarios, has_more, next_page, data); "
        "count, page, pages and results are the same page in version 1's first shape.",
        "required": ["object", "data", "has_more", "count", "page", "pages", "results"],
        "properties": {
            "object": {"const": "list"},
            "total_scenarios": {"type": "integer"},
            "has_more": {"type": "boolean"},
            "next_page": {"type": ["string", "null"], "format": "uri"},
            "data": {"type": "array", "items": {"$ref": "#/components/schemas/Scenario"}},
            "count": {"type": "integer"},
            "page": {"type": "integer"},
            "pages": {"type": "integer"},
            "results": {"type": "array", "items": {"$ref": "#/components/schemas/Scenario"}},
        },
    },
    "ScenarioSubmission": {
        "type": "object",
        "required": ["title", "question", "scenario"],
        "additionalProperties": False,
        "properties": {
            "title": {"type": "string", "minLength": 1, "maxLength": 120},
            "question": {"type": "string", "minLength": 1, "maxLength": 4000},
            "language": {"enum": ["en", "fr"], "default": "en"},
            "author": {"type": "string", "maxLength": 60},
            "scenario": {"$ref": "#/components/schemas/EvaluateRequest"},
        },
    },
    "ScenarioCreated": {
        "type": "object",
        "required": ["id", "url", "status"],
        "properties": {
            "id": {"type": "integer"},
            "url": {"type": "string", "format": "uri"},
            "status": {"const": "pending"},
        },
    },
    **REFERENCE_SCHEMAS,
}


def component(name: str) -> dict[str, Any]:
    """A standalone JSON Schema for ``components.schemas[name]`` (its ``$ref``s resolvable),
    for validating documents with ``jsonschema``."""
    schema = copy.deepcopy(SCHEMAS[name])
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["components"] = {"schemas": copy.deepcopy(SCHEMAS)}
    return schema


def _json(schema_name: str) -> dict[str, Any]:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema_name}"}}}


def _errors(description: str) -> dict[str, Any]:
    return {"description": description, "content": _json("Errors")}


def evaluate_path() -> dict[str, Any]:
    return {
        "post": {
            "operationId": "evaluate",
            "summary": "Judge an action on a board: legality, total cost, payment, kicker…",
            "description": (
                "Every decision cites its Comprehensive Rules number. An illegal action is an "
                "answer (200), not an error. CSRF-exempt; only application/json is accepted."
            ),
            "requestBody": {"required": True, "content": _json("EvaluateRequest")},
            "responses": {
                "200": {"description": "The answer.", "content": _json("EvaluateResponse")},
                "400": _errors("Malformed request: each error names its field."),
                "405": _errors("Only POST."),
                "413": _errors("Body larger than 64 KiB."),
                "415": _errors("Not application/json."),
                "429": _errors("Too many requests from this client (when the site sets a rate)."),
            },
        }
    }


def scenarios_path() -> dict[str, Any]:
    def query(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
        return {
            "name": name,
            "in": "query",
            "required": False,
            "schema": schema,
            "description": description,
        }

    return {
        "get": {
            "operationId": "scenarios",
            "summary": "Published community scenarios, newest first, with their stored answers.",
            "parameters": [
                query("card", {"type": "string"}, "a card slug"),
                query("keyword", {"type": "string"}, "a keyword slug"),
                query("language", {"enum": ["en", "fr"]}, "the question's language"),
                query(
                    "changed",
                    {"enum": ["true", "false"]},
                    "only scenarios whose answer changed since publication (true) or did not"
                    " (false); absent or empty: both",
                ),
                query("page", {"type": "integer", "minimum": 1}, "50 scenarios a page"),
            ],
            "responses": {
                "200": {"description": "One page of scenarios.", "content": _json("ScenarioList")},
                "400": _errors("An unknown card or keyword slug, or a bad filter value."),
            },
        },
        "post": {
            "operationId": "submitScenario",
            "summary": "Share a scenario; it is stored as pending until a moderator approves it.",
            "description": (
                "The scenario is validated exactly as POST /api/v1/evaluate validates it; its "
                "errors are reported with fields prefixed `scenario.`. Rate-limited per client "
                "(RULESITE_SCENARIO_RATE). CSRF-exempt; only application/json is accepted."
            ),
            "requestBody": {"required": True, "content": _json("ScenarioSubmission")},
            "responses": {
                "201": {"description": "Stored as pending.", "content": _json("ScenarioCreated")},
                "400": _errors("A field is missing, too long or not valid."),
                "413": _errors("Body larger than 64 KiB."),
                "415": _errors("Not application/json."),
                "429": _errors("Too many submissions from this client; see Retry-After."),
            },
        },
    }


def paths() -> dict[str, Any]:
    return {
        "/api/v1/evaluate": evaluate_path(),
        "/api/v1/scenarios": scenarios_path(),
        **reference_paths(),
    }


def build_openapi() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document."""
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "rulesite API",
            "version": "1",
            "description": (
                "Magic: The Gathering card clarifications and a casting engine that explains "
                "itself with the Comprehensive Rules."
            ),
        },
        "paths": paths(),
        "components": {"schemas": copy.deepcopy(SCHEMAS)},
    }
