"""POST /api/v1/evaluate: a scenario in, the engine's answer out."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory

from engine.contract import MAX_REQUEST_BYTES, MAX_REQUEST_DEPTH
from rulesite.api.jsonio import JsonRequestError, max_body_bytes, read_json_object
from rulesite.api.openapi import component
from rulesite.core.cache import VERSION_KEY, version_store
from tests.rate_windows import start_clear_of_window_end

URL = "/api/v1/evaluate"
RESPONSE_SCHEMA = jsonschema.Draft202012Validator(component("EvaluateResponse"))
ERRORS_SCHEMA = jsonschema.Draft202012Validator(component("Errors"))


def post(client: Client, body: Any, **kwargs: Any) -> Any:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    kwargs.setdefault("content_type", "application/json")
    return client.post(URL, data, **kwargs)


def error_fields(response: Any) -> list[str]:
    body = response.json()
    ERRORS_SCHEMA.validate(body)
    return [e["field"] for e in body["errors"]]


def test_evaluate_702_33_kicked_burst_lightning_under_thalia_costs_5r(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {
            "kind": "cast",
            "card": "Burst Lightning",
            "kicker": [1],
            "targets": ["opponent"],
        },
        "battlefield": [
            {"id": "t", "card": "Thalia, Guardian of Thraben", "controller": "opponent"}
        ],
        "assume_mana": True,
    }

    response = post(client, scenario)

    assert response.status_code == 200
    body = response.json()
    RESPONSE_SCHEMA.validate(body)
    assert (body["legal"], body["total_cost"], body["mana_value"]) == (True, "{5}{R}", 1)
    assert body["result"]["damage"] == 4


def test_evaluate_illegal_action_is_an_answer_702_61a(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
        "stack": [{"id": "s1", "card": "Molten Disaster", "controller": "opponent", "kicker": [1]}],
        "assume_mana": True,
    }

    response = post(client, scenario)

    assert response.status_code == 200
    body = response.json()
    RESPONSE_SCHEMA.validate(body)
    assert body["legal"] is False
    assert [v["rule"] for v in body["violations"]] == ["702.61a"]


@pytest.mark.parametrize(
    ("scenario", "field"),
    [
        ({"action": {"kind": "cast", "card": "Burst Lightnin"}}, "action.card"),
        ({"action": {"kind": "cast", "card": "Shock", "targets": ["zz"]}}, "action.targets[0]"),
        ({"action": {"kind": "copy_spell", "copy_of": "s9"}}, "action.copy_of"),
        ({"action": {"kind": "cast", "card": "Molten Disaster", "x": -1}}, "action.x"),
        (
            {"action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1, 1]}},
            "action.kicker",
        ),
        ({"action": {"kind": "cast", "card": "Shock"}, "mana_pool": "{Q}"}, "mana_pool"),
        ({"action": {"kind": "fly"}}, "action.kind"),
        ({"action": {"kind": "cast", "card": "Shock"}, "colour": "red"}, "colour"),
        ({"battlefield": []}, "action"),
        (
            {
                "action": {"kind": "cast", "card": "Shock"},
                "battlefield": [{"id": f"p{i}", "card": "Forest"} for i in range(201)],
            },
            "battlefield",
        ),
    ],
    ids=[
        "unknown-card",
        "target-pointing-nowhere",
        "copy-of-pointing-nowhere",
        "negative-x",
        "kicker-list-too-long",
        "bad-mana-notation",
        "unknown-action-kind",
        "unknown-field",
        "missing-action",
        "too-many-objects",
    ],
)
def test_evaluate_malformed_input_is_a_400_naming_the_field(
    client: Client, workbench_cards: None, scenario: dict[str, Any], field: str
) -> None:
    response = post(client, scenario)

    assert response.status_code == 400
    assert field in error_fields(response)


def test_evaluate_unknown_card_suggests_close_names(client: Client, workbench_cards: None) -> None:
    response = post(client, {"action": {"kind": "cast", "card": "Burst Lightnin"}})

    (error,) = response.json()["errors"]
    assert "Burst Lightning" in error["message"]


@pytest.mark.parametrize("body", ["{", "[1, 2]", '"cast"', "\xff"], ids=repr)
def test_evaluate_body_that_is_not_a_json_object_is_a_400(
    client: Client, db: None, body: str
) -> None:
    response = post(client, body.encode("latin-1"))

    assert response.status_code == 400
    assert error_fields(response) == ["body"]


def test_evaluate_deeply_nested_json_is_a_400_not_a_500(client: Client, db: None) -> None:
    response = post(client, "[" * 5000 + "]" * 5000)

    assert response.status_code == 400


def test_evaluate_accepts_only_json_content(client: Client, db: None) -> None:
    response = client.post(URL, {"action": "cast"})

    assert response.status_code == 415
    assert error_fields(response) == ["body"]


def test_evaluate_unknown_key_of_any_length_is_echoed_cut_short(client: Client, db: None) -> None:
    key = "k" * 50_000

    response = post(client, {key: 1})

    assert response.status_code == 400
    ERRORS_SCHEMA.validate(response.json())
    assert len(response.content) < 2_000
    assert "k" * 200 not in response.content.decode()
    assert any(e["field"].endswith("…") for e in response.json()["errors"])


def test_evaluate_body_size_is_capped(client: Client, db: None) -> None:
    body = json.dumps({"action": {"kind": "cast", "card": "x" * (max_body_bytes() + 10)}})

    response = post(client, body)

    assert response.status_code == 413
    assert error_fields(response) == ["body"]


def test_one_setting_caps_api_bodies_in_the_middleware_and_the_reader(
    client: Client, db: None, settings: Any
) -> None:
    settings.RULESITE_API_MAX_BODY_BYTES = 1000
    over = json.dumps({"action": {"kind": "cast", "card": "x" * 1000}})
    under = json.dumps({"action": {"kind": "cast", "card": "x" * 900}})

    refused = post(client, over)  # by the middleware, from Content-Length
    with pytest.raises(JsonRequestError) as read:  # by the reader, the middleware passed
        read_json_object(RequestFactory().post(URL, over, content_type="application/json"))

    assert refused.status_code == 413
    assert read.value.response.status_code == 413
    assert json.loads(read.value.response.content)["errors"] == [
        {"field": "body", "message": "the request body is too large (at most 1000 bytes)"}
    ]
    assert post(client, under).status_code == 400  # read, and refused for its unknown card


def test_api_body_and_nesting_limits_default_to_the_engine_s(settings: Any) -> None:
    assert settings.RULESITE_API_MAX_BODY_BYTES == MAX_REQUEST_BYTES == max_body_bytes()
    assert settings.RULESITE_API_MAX_JSON_DEPTH == MAX_REQUEST_DEPTH


def test_evaluate_get_is_405(client: Client, db: None) -> None:
    response = client.get(URL)

    assert response.status_code == 405
    assert response["Allow"] == "POST"


def test_evaluate_needs_no_csrf_token(workbench_cards: None) -> None:
    client = Client(enforce_csrf_checks=True)

    response = post(client, {"action": {"kind": "cast", "card": "Shock"}, "assume_mana": True})

    assert response.status_code == 200


def test_evaluate_is_rate_limited_per_client(
    client: Client, workbench_cards: None, settings: Any
) -> None:
    settings.RULESITE_EVALUATE_RATE = "2/m"
    start_clear_of_window_end("2/m")
    cache.clear()
    body = {"action": {"kind": "cast", "card": "Shock"}, "assume_mana": True}

    statuses = [post(client, body).status_code for _ in range(3)]

    assert statuses == [200, 200, 429]
    cache.clear()


def test_evaluate_nul_character_in_a_text_field_is_a_400(
    client: Client, workbench_cards: None
) -> None:
    body = {"action": {"kind": "cast", "card": "Burst\u0000Lightning"}, "assume_mana": True}

    response = client.post("/api/v1/evaluate", json.dumps(body), content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "body"
    assert "NUL" in response.json()["errors"][0]["message"]


def test_evaluate_answers_in_french_beside_english_from_one_catalogue_702_61a(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
        "battlefield": [
            {"id": "t", "card": "Thalia, Guardian of Thraben", "controller": "opponent"}
        ],
        "stack": [{"id": "s1", "card": "Molten Disaster", "kicker": [1], "x": 2}],
        "assume_mana": True,
    }

    body = post(client, scenario).json()

    RESPONSE_SCHEMA.validate(body)
    violation = body["violations"][0]
    assert violation["code"] == "split_second_lock_kicked"
    assert violation["message"].startswith("Molten Disaster (s1) has split second (it was kicked)")
    assert violation["message_fr"].startswith(
        "Désastre en fusion (s1) a la fraction de seconde (il a été kické)"
    )
    assert all(step["text_fr"] and step["text"] for step in body["trace"])
    assert [step["label_fr"] for step in body["cost_steps"]] == [
        "Coût de mana {R}",
        "+ {1} (Thalia, vigile de Thraben)",
        "Coût total {1}{R} verrouillé",
    ]
    targets = next(step for step in body["trace"] if step["code"] == "targets")
    assert (targets["text"], targets["text_fr"]) == ("Targets: opponent.", "Cibles : l'adversaire.")


def test_an_answer_a_worker_kept_is_computed_again_after_a_write_elsewhere(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Burst Lightning", "targets": ["opponent"]},
        "assume_mana": True,
    }
    post(client, scenario)
    kept = post(client, scenario)
    version_store().incr(VERSION_KEY)  # another process's write: only the shared number moves

    after = post(client, scenario)

    assert kept["X-Rulesite-Cache"] == "hit"
    assert after["X-Rulesite-Cache"] == "miss"
    assert after.json() == kept.json()
