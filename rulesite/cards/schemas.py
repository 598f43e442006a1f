"""OpenAPI description of the cards and rules endpoints (``rulesite.cards.api``): the card,
ruling, rule and list objects and their paths, merged into ``/api/v1/schema`` by
``rulesite.api.openapi``."""

from __future__ import annotations

from typing import Any

from rulesite.cards.search import FORMATS

__all__ = ["REFERENCE_SCHEMAS", "reference_paths"]


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


LEGALITY = {"enum": ["legal", "restricted", "banned", "not_legal"]}
COLOUR_LIST = {"type": "array", "items": {"enum": ["W", "U", "B", "R", "G"]}}

REFERENCE_SCHEMAS: dict[str, dict[str, Any]] = {
    "Ruling": {
        "type": "object",
        "required": ["object", "date", "source", "text_en"],
        "properties": {
            "object": {"const": "ruling"},
            "date": {"type": "string", "format": "date"},
            "source": {"enum": ["wotc", "scryfall", "community"]},
            "keyword": {"type": ["string", "null"]},
            "text_en": {"type": "string"},
            "text_fr": {"type": ["string", "null"]},
            "translation_status": {"enum": ["missing", "machine", "reviewed", "needs_review"]},
        },
    },
    "Printing": {
        "type": "object",
        "required": ["set", "set_name", "rarity", "collector_number"],
        "properties": {
            "set": {"type": "string", "examples": ["zen"]},
            "set_name": {"type": "string"},
            "rarity": {"enum": ["common", "uncommon", "rare", "mythic", "special", "bonus"]},
            "collector_number": {"type": "string"},
            "released_at": {"type": ["string", "null"], "format": "date"},
        },
    },
    "Card": {
        "type": "object",
        "description": "A card with its printings, legality and official clarifications, in "
        "English and French. In lists the rulings are left out.",
        "required": ["object", "name", "slug", "mana_cost", "type_line", "oracle_text"],
        "properties": {
            "object": {"const": "card"},
            "name": {"type": "string"},
            "name_fr": {"type": "string"},
            "slug": {"type": "string"},
            "oracle_id": {"type": ["string", "null"]},
            "url": {"type": "string", "format": "uri"},
            "uri": {"type": "string", "format": "uri"},
            "scryfall_uri": {"type": ["string", "null"], "format": "uri"},
            "mana_cost": {"type": "string", "examples": ["{X}{R}{R}"]},
            "mana_value": {"type": "number"},
            "type_line": {"type": "string"},
            "type_line_fr": {"type": "string"},
            "colors": COLOUR_LIST,
            "color_identity": COLOUR_LIST,
            "power": {"type": ["string", "null"]},
            "toughness": {"type": ["string", "null"]},
            "loyalty": {"type": ["string", "null"]},
            "oracle_text": {"type": "string"},
            "printed_text_fr": {
                "oneOf": [
                    {
                        "type": "object",
                        "properties": {
                            "text": {"type": "string"},
                            "set": {"type": "string"},
                            "kept_up_to_date": {"type": "boolean"},
                        },
                    },
                    {"type": "null"},
                ]
            },
            "keywords": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "slug": {"type": "string"},
                        "name_en": {"type": "string"},
                        "name_fr": {"type": "string"},
                        "rule": {"type": "string"},
                    },
                },
            },
            "legalities": {
                "type": "object",
                "properties": {name: LEGALITY for name in FORMATS},
                "additionalProperties": LEGALITY,
            },
            "printings": {"type": "array", "items": _ref("Printing")},
            "rulings": {"type": "array", "items": _ref("Ruling")},
        },
    },
    "CardList": {
        "type": "object",
        "required": ["object", "total_cards", "has_more", "next_page", "data"],
        "properties": {
            "object": {"const": "list"},
            "total_cards": {"type": "integer", "minimum": 0},
            "has_more": {"type": "boolean"},
            "next_page": {"type": ["string", "null"], "format": "uri"},
            "data": {"type": "array", "items": _ref("Card")},
        },
    },
    "Rule": {
        "type": "object",
        "required": ["object", "number", "title", "text_en"],
        "properties": {
            "object": {"const": "rule"},
            "number": {"type": "string", "examples": ["702.33a"]},
            "title": {"type": "string"},
            "text_en": {"type": "string"},
            "text_fr": {"type": ["string", "null"]},
            "edition": {"type": ["string", "null"], "format": "date"},
            "former_number": {"type": ["string", "null"]},
            "parent": {"type": ["string", "null"]},
            "children": {"type": "array", "items": {"type": "string"}},
            "url": {"type": "string", "format": "uri"},
            "uri": {"type": "string", "format": "uri"},
            "history": {
                "type": "array",
                "description": "The rule in every edition on file, oldest first.",
                "items": {
                    "type": "object",
                    "required": ["edition", "number", "change"],
                    "properties": {
                        "edition": {"type": "string", "format": "date"},
                        "number": {"type": "string"},
                        "change": {"enum": ["added", "changed", "renumbered", "unchanged"]},
                    },
                },
            },
            "score": {"type": "number", "description": "search rank (rules search only)"},
            "snippet": {"type": "string", "description": "HTML, query words in <mark>"},
        },
    },
    "RuleList": {
        "type": "object",
        "required": ["object", "total_rules", "has_more", "next_page", "data"],
        "properties": {
            "object": {"const": "list"},
            "total_rules": {"type": "integer", "minimum": 0},
            "has_more": {"type": "boolean"},
            "next_page": {"type": ["string", "null"], "format": "uri"},
            "data": {"type": "array", "items": _ref("Rule")},
        },
    },
}


def _json(name: str) -> dict[str, Any]:
    return {"application/json": {"schema": _ref(name)}}


def _errors(description: str) -> dict[str, Any]:
    return {"description": description, "content": _json("Errors")}


def _query(name: str, description: str, *, required: bool = False) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "schema": {"type": "string", "maxLength": 300},
        "description": description,
    }


PAGE = {
    "name": "page",
    "in": "query",
    "required": False,
    "schema": {"type": "integer", "minimum": 1},
}
CONDITIONAL = "Answers carry an ETag (and Last-Modified); If-None-Match gets a 304."


def _get(operation: str, summary: str, parameters: list[dict[str, Any]], ok: dict[str, Any],
         errors: dict[str, str]) -> dict[str, Any]:  # fmt: skip
    responses: dict[str, Any] = {"200": ok, "304": {"description": "Not modified."}}
    responses.update({status: _errors(text) for status, text in errors.items()})
    responses["405"] = _errors("Only GET and HEAD.")
    return {
        "get": {
            "operationId": operation,
            "summary": summary,
            "description": CONDITIONAL,
            "parameters": parameters,
            "responses": responses,
        }
    }


def reference_paths() -> dict[str, Any]:
    card = {"description": "The card.", "content": _json("Card")}
    return {
        "/api/v1/cards/{slug}": _get(
            "card",
            "A card, its printings, legality and official clarifications in English and French.",
            [{"name": "slug", "in": "path", "required": True, "schema": {"type": "string"}}],
            card,
            {"404": "No card has this slug."},
        ),
        "/api/v1/cards/named": _get(
            "cardNamed",
            "A card by its English or French name: exact (case and accents ignored) or fuzzy "
            "(part of the name, small typos).",
            [_query("exact", "the whole name"), _query("fuzzy", "part of the name")],
            card,
            {
                "400": "Neither or both of exact and fuzzy, or a name too long.",
                "404": "No card has this name, or a fuzzy name fits several cards.",
            },
        ),
        "/api/v1/cards/oracle/{oracle_id}": _get(
            "cardByOracleId",
            "A card by its Scryfall oracle id.",
            [
                {
                    "name": "oracle_id",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "format": "uuid"},
                }
            ],
            card,
            {"400": "Not a UUID.", "404": "No card has this oracle id."},
        ),
        "/api/v1/cards/search": _get(
            "cardSearch",
            "Cards matching a search in the site's syntax (Scryfall's: kw:, t:, o:, mv, pow, "
            "c:, id:, r:, s:, f:, is:, order:, with or, parentheses and -), 50 a page.",
            [
                _query("q", "the search, as in t:instant (kw:kicker or kw:convoke)", required=True),
                PAGE,
            ],  # fmt: skip
            {"description": "One page of cards.", "content": _json("CardList")},
            {
                "400": "No search, a search that cannot be read (the message says where), "
                "or a page out of range.",
                "404": "No card matches the search.",
            },
        ),
        "/api/v1/rules": _get(
            "rules",
            "Current Comprehensive Rules: with q, the rules containing every word, best first "
            "(accents ignored, with a snippet); without, every rule in order, 200 a page.",
            [_query("q", "words to find"), PAGE],
            {"description": "Rules.", "content": _json("RuleList")},
            {"400": "A page out of range or a search too long."},
        ),
        "/api/v1/rules/{number}": _get(
            "rule",
            "A rule of the current Comprehensive Rules, its subrules and its history across "
            "the editions on file.",
            [{"name": "number", "in": "path", "required": True, "schema": {"type": "string"}}],
            {"description": "The rule.", "content": _json("Rule")},
            {"404": "No current rule has this number."},
        ),
    }
