"""The OpenAPI 3.1 description of the JSON API, served at ``GET /api/v1/schema``.

One Python dict, built here: each endpoint is a function returning its path item, and the
JSON Schemas it uses go in ``components.schemas``. To describe a new endpoint, add its schemas
to :data:`SCHEMAS` and its path item to :func:`paths`.

The evaluate schemas are the JSON contract of ``docs/engine-contract.md`` (issue 3); the tests
validate real requests and the engine's real answers against them.
"""

from __future__ import annotations

import copy
from typing import Any

# The cards, rulings and rules objects and endpoints are described beside their views.
from rulesite.cards.schemas import REFERENCE_SCHEMAS, reference_paths

__all__ = ["SCHEMAS", "build_openapi", "component", "paths"]

PLAYER = {"type": "string", "enum": ["you", "opponent"]}
ID = {"type": "string", "minLength": 1, "maxLength": 200, "description": "The scenario's own id."}
MANA = {
    "type": "string",
    "maxLength": 100,
    "description": "Mana notation, every symbol in braces: {2}{R}, {X}{G}, {R/G}, {2/W}, {R/P}.",
    "examples": ["{4}{R}", "{0}"],
}
CARD_NAME = {
    "type": "string",
    "minLength": 1,
    "maxLength": 200,
    "description": "English or French card name; case and accents are ignored.",
    "examples": ["Burst Lightning", "Éclair explosif"],
}
KICKER = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0},
    "description": (
        "Times each printed kicker cost is paid, in printed order (multikicker: one count). "
        "Omitted: not kicked. No longer than the card's kicker costs."
    ),
    "examples": [[1], [1, 0]],
}
RULE = {"type": "string", "description": "Comprehensive Rules number", "examples": ["702.61a"]}

ACTION_KINDS = [
    "cast",
    "copy_spell",
    "put_onto_battlefield",
    "enter_as_copy",
    "activate_ability",
    "activate_mana_ability",
    "turn_face_up",
    "put_trigger_on_stack",
    "cast_from_trigger",
]
PHASES = ["beginning", "main1", "combat", "main2", "end"]

SCHEMAS: dict[str, dict[str, Any]] = {
    "Action": {
        "type": "object",
        "required": ["kind"],
        "additionalProperties": False,
        "properties": {
            "kind": {"type": "string", "enum": ACTION_KINDS},
            "player": {**PLAYER, "default": "you", "description": "Who acts."},
            "card": {
                **CARD_NAME,
                "description": (
                    "The card acted on (cast, put_onto_battlefield, enter_as_copy: the "
                    "entering card, cast_from_trigger). English or French name."
                ),
            },
            "kicker": KICKER,
            "x": {"type": "integer", "minimum": 0},
            "alternative_cost": {
                **MANA,
                "description": "Paid instead of the mana cost; {0} = free.",
            },
            "cost_increases": {"type": "array", "items": MANA, "maxItems": 30},
            "cost_reductions": {"type": "array", "items": MANA, "maxItems": 30},
            "convoke": {
                "type": "array",
                "items": ID,
                "description": "Battlefield ids of the creatures tapped for convoke.",
            },
            "sacrifice": {"type": "array", "items": ID, "description": "Battlefield ids."},
            "targets": {
                "type": "array",
                "items": {"type": "string", "maxLength": 200},
                "description": "'you', 'opponent', or battlefield or stack ids.",
            },
            "copy_of": {
                **ID,
                "description": "copy_spell: a stack id; enter_as_copy: a battlefield id.",
            },
            "source": {**ID, "description": "The permanent whose ability it is."},
        },
    },
    "Permanent": {
        "type": "object",
        "required": ["id", "card"],
        "additionalProperties": False,
        "properties": {
            "id": ID,
            "card": CARD_NAME,
            "controller": {**PLAYER, "default": "you"},
            "tapped": {"type": "boolean", "default": False},
            "summoning_sick": {"type": "boolean", "default": False},
            "attacking": {"type": "boolean", "default": False},
            "blocking": {"type": "boolean", "default": False},
            "face_down": {"type": "boolean", "default": False},
            "token": {"type": "boolean", "default": False},
            "kicker": KICKER,
            "counters": {
                "type": "object",
                "additionalProperties": {"type": "integer", "minimum": 0},
                "examples": [{"+1/+1": 2}],
            },
        },
    },
    "StackSpell": {
        "type": "object",
        "required": ["id", "card"],
        "additionalProperties": False,
        "properties": {
            "id": ID,
            "card": CARD_NAME,
            "controller": {**PLAYER, "default": "you"},
            "kicker": KICKER,
            "x": {"type": "integer", "minimum": 0},
            "targets": {"type": "array", "items": {"type": "string", "maxLength": 200}},
            "copy": {"type": "boolean", "default": False, "description": "A copy of a spell."},
        },
    },
    "Turn": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "active_player": {**PLAYER, "default": "you"},
            "phase": {"type": "string", "enum": PHASES, "default": "main1"},
        },
    },
    "EvaluateRequest": {
        "type": "object",
        "required": ["action"],
        "additionalProperties": False,
        "description": "A scenario: a board, a stack, a turn and the action to judge.",
        "properties": {
            "action": {"$ref": "#/components/schemas/Action"},
            "battlefield": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/Permanent"},
                "maxItems": 200,
            },
            "stack": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/StackSpell"},
                "maxItems": 50,
                "description": "Bottom to top.",
            },
            "mana_pool": {**MANA, "description": "Mana already in the acting player's pool."},
            "assume_mana": {
                "type": "boolean",
                "default": False,
                "description": "Any mana is available; payment is not judged.",
            },
            "turn": {"$ref": "#/components/schemas/Turn"},
        },
    },
    "Violation": {
        "type": "object",
        "required": ["rule", "message"],
        "properties": {
            "rule": RULE,
            "message": {"type": "string"},
            "message_fr": {"type": "string"},
        },
    },
    "CostStep": {
        "type": "object",
        "required": ["rule", "label", "cost"],
        "properties": {
            "rule": RULE,
            "label": {"type": "string"},
            "label_fr": {"type": "string"},
            "cost": {"type": "string", "description": "Running total after this step."},
        },
    },
    "TraceStep": {
        "type": "object",
        "required": ["rule", "text"],
        "properties": {"rule": RULE, "text": {"type": "string"}, "text_fr": {"type": "string"}},
    },
    "Payment": {
        "type": "object",
        "properties": {
            "lands": {"type": "array", "items": {"type": "string"}},
            "mana_abilities": {"type": "array", "items": {"type": "string"}},
            "pool": {"type": "string"},
            "convoke": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "pays"],
                    "properties": {"id": {"type": "string"}, "pays": {"type": "string"}},
                },
            },
        },
    },
    "Result": {
        "type": "object",
        "properties": {
            "kind": {
                "type": "string",
                "enum": ["spell", "permanent", "token", "ability", "special_action"],
            },
            "kicked": {"type": "boolean"},
            "counters": {"type": "object", "additionalProperties": {"type": "integer"}},
            "damage": {"type": ["integer", "null"]},
        },
    },
    "Clause": {
        "type": "object",
        "required": ["text", "applies"],
        "properties": {
            "text": {"type": "string"},
            "applies": {"type": "boolean"},
            "condition": {"type": "string"},
        },
    },
    "EvaluateResponse": {
        "type": "object",
        "description": "The answer; 200 also when the action is illegal.",
        "required": ["legal", "violations", "kicked", "kick_count", "split_second", "trace"],
        "properties": {
            "object": {"const": "evaluation"},
            "legal": {"type": "boolean"},
            "violations": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}},
            "mana_value": {"type": ["integer", "null"]},
            "total_cost": {"type": ["string", "null"], "examples": ["{4}{R}"]},
            "additional_costs": {"type": "array", "items": {"type": "string"}},
            "cost_steps": {"type": "array", "items": {"$ref": "#/components/schemas/CostStep"}},
            "payment": {
                "oneOf": [{"$ref": "#/components/schemas/Payment"}, {"type": "null"}],
            },
            "kicked": {"type": "boolean"},
            "kick_count": {"type": "integer", "minimum": 0},
            "kicked_with": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "split_second": {"type": "boolean"},
            "targets_required": {"type": "integer", "minimum": 0},
            "result": {"oneOf": [{"$ref": "#/components/schemas/Result"}, {"type": "null"}]},
            "trace": {"type": "array", "items": {"$ref": "#/components/schemas/TraceStep"}},
            "not_understood": {"type": "array", "items": {"type": "string"}},
            "card": {"type": ["string", "null"]},
            "clauses": {"type": "array", "items": {"$ref": "#/components/schemas/Clause"}},
        },
    },
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
                query("changed", {"enum": ["true", "false"]}, "answer changed since publication"),
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
