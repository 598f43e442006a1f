"""GET /api/v1/schema: the OpenAPI 3.1 document, checked against real requests."""

from __future__ import annotations

import jsonschema
import pytest
from django.test import Client

from rulesite.api.openapi import SCHEMAS, component
from rulesite.workbench import presets
from rulesite.workbench.permalink import decode_scenario


def test_schema_is_openapi_3_1_describing_every_endpoint(client: Client) -> None:
    response = client.get("/api/v1/schema")

    assert response.status_code == 200
    document = response.json()
    assert document["openapi"] == "3.1.0"
    assert set(document["paths"]) == {
        "/api/v1/evaluate",
        "/api/v1/cards/{slug}",
        "/api/v1/cards/named",
        "/api/v1/cards/oracle/{oracle_id}",
        "/api/v1/cards/search",
        "/api/v1/rules",
        "/api/v1/rules/{number}",
        "/api/v1/scenarios",
    }
    evaluate = document["paths"]["/api/v1/evaluate"]["post"]
    assert set(evaluate["responses"]) == {"200", "400", "405", "413", "415", "429"}


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_components_are_valid_json_schemas(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(component(name))


@pytest.mark.parametrize("preset", presets.PRESETS, ids=lambda p: p.slug)
def test_request_schema_accepts_every_preset(preset: presets.Preset) -> None:
    jsonschema.Draft202012Validator(component("EvaluateRequest")).validate(preset.scenario)


@pytest.mark.parametrize(
    "request_body",
    [
        {"battlefield": []},
        {"action": {"kind": "fly"}},
        {"action": {"kind": "cast", "x": -1}},
        {"action": {"kind": "cast"}, "turn": {"phase": "upkeep"}},
    ],
)
def test_request_schema_rejects_what_the_api_rejects(request_body: dict[str, object]) -> None:
    validator = jsonschema.Draft202012Validator(component("EvaluateRequest"))

    assert not validator.is_valid(request_body)


@pytest.mark.parametrize("preset", presets.PRESETS, ids=lambda p: p.slug)
def test_response_schema_describes_the_answer_to_every_preset(
    client: Client, workbench_cards: None, preset: presets.Preset
) -> None:
    response = client.post("/api/v1/evaluate", preset.scenario, content_type="application/json")

    assert response.status_code == 200
    jsonschema.Draft202012Validator(component("EvaluateResponse")).validate(response.json())


def test_workbench_form_posts_what_the_request_schema_describes(
    client: Client, workbench_cards: None
) -> None:
    preset = presets.by_slug("convoke-multicolored")
    assert preset is not None

    response = client.get(preset.url)

    scenario = decode_scenario(response.context["permalink"])
    jsonschema.Draft202012Validator(component("EvaluateRequest")).validate(scenario)
    assert scenario == preset.scenario


def test_card_schema_describes_the_card_endpoint(client: Client, demo_data: None) -> None:
    response = client.get("/api/v1/cards/kavu-primarch")

    assert response.status_code == 200
    jsonschema.Draft202012Validator(component("Card")).validate(response.json())
