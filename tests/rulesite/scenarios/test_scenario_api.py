"""JSON API: GET /api/v1/scenarios (published only) and POST /api/v1/scenarios."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from rulesite.cards.models import Card
from rulesite.scenarios.models import Scenario
from tests.rate_windows import start_clear_of_window_end

pytestmark = pytest.mark.usefixtures("cards")

URL = "/api/v1/scenarios"


def post_json(client: Client, data: Any, **extra: Any) -> Any:
    return client.post(URL, data=json.dumps(data), content_type="application/json", **extra)


def submission(scenario: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {
        "title": "Does the copy of my kicked Burst Lightning deal 4?",
        "question": "Twincast copies it.",
        "language": "en",
        "author": "Ada",
        "scenario": scenario,
        **fields,
    }


def test_get_lists_only_published_scenarios_of_the_card(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    burst = Card.objects.get(name="Burst Lightning")
    shown = make_scenario(title="Published Burst", cards=[burst])
    make_scenario(title="Pending Burst", cards=[burst], status=Scenario.Status.PENDING)
    make_scenario(title="Rejected Burst", cards=[burst], status=Scenario.Status.REJECTED)
    make_scenario(title="Other card", cards=[Card.objects.get(name="Shock")])

    response = client.get(URL, {"card": "burst-lightning"})

    data = response.json()
    assert response.status_code == 200
    assert data["count"] == 1
    (item,) = data["results"]
    assert item["id"] == shown.pk
    assert item["answer"]["result"]["damage"] == 4
    assert item["scenario"]["stack"][0]["card"] == "Burst Lightning"
    assert item["url"].endswith(f"/en/scenarios/{shown.pk}/")
    assert item["cards"] == ["burst-lightning"]


def test_get_unknown_card_slug_is_400_naming_the_field(client: Client) -> None:
    response = client.get(URL, {"card": "no-such-card"})

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "card"


def test_get_bad_page_is_400(client: Client) -> None:
    response = client.get(URL, {"page": "99"})

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "page"


def test_get_filters_changed_answers(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    changed = make_scenario(title="Changed", answer_changed=True, answer_today={"legal": False})
    make_scenario(title="Same")

    data = client.get(URL, {"changed": "true"}).json()

    assert [item["id"] for item in data["results"]] == [changed.pk]
    assert data["results"][0]["answer_today"] == {"legal": False}


def test_get_filters_on_changed_only_when_it_is_given(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    changed = make_scenario(title="Changed", answer_changed=True, answer_today={"legal": False})
    same = make_scenario(title="Same")

    def listed(query: dict[str, str]) -> set[int]:
        response = client.get(URL, query)
        assert response.status_code == 200, query
        return {item["id"] for item in response.json()["results"]}

    assert listed({}) == {changed.pk, same.pk}
    assert listed({"changed": ""}) == {changed.pk, same.pk}
    assert listed({"changed": "true"}) == {changed.pk}
    assert listed({"changed": "false"}) == {same.pk}


@pytest.mark.parametrize("value", ["0", "no", "maybe", "1", "yes"])
def test_get_changed_neither_true_nor_false_is_400_naming_the_field(
    client: Client, make_scenario: Callable[..., Scenario], value: str
) -> None:
    make_scenario(title="Changed", answer_changed=True, answer_today={"legal": False})

    response = client.get(URL, {"changed": value})

    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "changed", "message": "Must be true or false."}]


def test_post_wrong_content_type_is_refused(client: Client) -> None:
    response = client.post(URL, data={"title": "x"})

    assert response.status_code == 415
    assert Scenario.objects.count() == 0


def test_post_bad_json_is_400(client: Client) -> None:
    response = client.post(URL, data="{not json", content_type="application/json")

    assert response.status_code == 400
    assert "not JSON" in response.json()["errors"][0]["message"]


def test_post_unknown_field_is_400(client: Client, twincast_scenario: dict[str, Any]) -> None:
    response = post_json(client, submission(twincast_scenario, status="published"))

    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "status", "message": "Unknown field."}]
    assert Scenario.objects.count() == 0


def test_post_long_unknown_field_is_named_cut_short(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    key = "k" * 50_000

    response = post_json(client, submission(twincast_scenario, **{key: 1}))

    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "k" * 79 + "…", "message": "Unknown field."}]
    assert len(response.content) < 1_000


@pytest.mark.parametrize("field", ["card", "keyword"])
def test_get_long_unknown_slug_is_quoted_cut_short(client: Client, field: str) -> None:
    slug = "x" * 50_000

    response = client.get(URL, {field: slug})

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["field"] == field
    assert f"“{'x' * 79}…”" in error["message"]
    assert len(response.content) < 1_000


def test_post_missing_and_oversized_fields_are_each_reported(client: Client) -> None:
    response = post_json(
        client,
        {"title": "", "question": "q" * 4001, "language": "de", "author": "a" * 61, "scenario": []},
    )

    fields = {e["field"] for e in response.json()["errors"]}
    assert response.status_code == 400
    assert fields == {"title", "question", "language", "author", "scenario"}
    assert Scenario.objects.count() == 0


def test_post_stores_pending_and_answers_201(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    response = post_json(client, submission(twincast_scenario))

    assert response.status_code == 201
    data = response.json()
    assert data["status"] == "pending"
    stored = Scenario.objects.get(pk=data["id"])
    assert stored.status == Scenario.Status.PENDING
    assert data["url"].endswith(f"/en/scenarios/{stored.pk}/")
    assert response["Location"] == data["url"]
    assert stored.answer["kicked"] is True
    assert stored.answer["result"]["damage"] == 4


def test_post_is_not_listed_until_approved(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    created = post_json(client, submission(twincast_scenario)).json()

    listed = client.get(URL, {"card": "burst-lightning"}).json()
    page = client.get(f"/en/scenarios/{created['id']}/")

    assert listed["count"] == 0
    assert page.status_code == 404


def test_post_invalid_scenario_has_the_evaluate_errors_prefixed(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    twincast_scenario["stack"][0]["card"] = "Burst Lightnin"
    evaluate = client.post(
        "/api/v1/evaluate", data=json.dumps(twincast_scenario), content_type="application/json"
    )

    response = post_json(client, submission(twincast_scenario))

    assert evaluate.status_code == 400
    assert response.status_code == 400
    expected = [
        {"field": f"scenario.{e['field']}", "message": e["message"]}
        for e in evaluate.json()["errors"]
    ]
    assert response.json()["errors"] == expected
    assert any("stack" in e["field"] for e in expected)
    assert Scenario.objects.count() == 0


def test_post_is_rate_limited_with_429(
    client: Client, twincast_scenario: dict[str, Any], settings: Any
) -> None:
    settings.RULESITE_SCENARIO_RATE = "2/h"
    start_clear_of_window_end("2/h")

    statuses = [post_json(client, submission(twincast_scenario)).status_code for _ in range(3)]
    limited = post_json(client, submission(twincast_scenario))

    assert statuses == [201, 201, 429]
    assert limited.status_code == 429
    assert int(limited["Retry-After"]) > 0
    assert Scenario.objects.count() == 2


def test_post_rate_limit_is_per_client(
    client: Client, twincast_scenario: dict[str, Any], settings: Any
) -> None:
    settings.RULESITE_SCENARIO_RATE = "1/h"
    start_clear_of_window_end("1/h", "192.0.2.1", "192.0.2.2")

    first = post_json(client, submission(twincast_scenario), REMOTE_ADDR="192.0.2.1")
    other = post_json(client, submission(twincast_scenario), REMOTE_ADDR="192.0.2.2")
    again = post_json(client, submission(twincast_scenario), REMOTE_ADDR="192.0.2.1")

    assert (first.status_code, other.status_code, again.status_code) == (201, 201, 429)


def test_get_and_post_only(client: Client) -> None:
    response = client.delete(URL)

    assert response.status_code == 405


def test_post_oversized_scenario_is_refused_with_the_limit(client: Client) -> None:
    huge = {"action": {"kind": "cast", "card": "Shock"}, "mana_pool": "{R}" * 6000}

    response = post_json(client, submission(huge))

    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["field"] == "scenario"
    assert "16384 bytes" in error["message"]
    assert Scenario.objects.count() == 0


def test_responses_follow_the_published_openapi_schema(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    import jsonschema

    from rulesite.api.openapi import build_openapi, component

    created = post_json(client, submission(twincast_scenario))
    Scenario.objects.update(status=Scenario.Status.PUBLISHED)
    listed = client.get(URL, {"card": "twincast"})

    jsonschema.validate(created.json(), component("ScenarioCreated"))
    jsonschema.validate(listed.json(), component("ScenarioList"))
    jsonschema.validate(submission(twincast_scenario), component("ScenarioSubmission"))
    assert set(build_openapi()["paths"]["/api/v1/scenarios"]) == {"get", "post"}
