"""Oversized and malformed bodies are refused with 413 or 400 — never a 500, never a row."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rulesite.scenarios.models import Scenario
from rulesite.workbench.permalink import encode_scenario


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint", ["/api/v1/evaluate", "/api/v1/scenarios"])
def test_api_body_over_the_cap_is_413(client: Client, settings, endpoint: str) -> None:
    body = json.dumps({"title": "x" * settings.RULESITE_API_MAX_BODY_BYTES})

    response = client.post(endpoint, body, content_type="application/json")

    assert response.status_code == 413
    assert response.json()["errors"][0]["message"]
    assert Scenario.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint", ["/api/v1/evaluate", "/api/v1/scenarios"])
def test_api_json_nested_too_deep_is_400(client: Client, endpoint: str) -> None:
    response = client.post(endpoint, "[" * 10_000 + "]" * 10_000, content_type="application/json")

    assert response.status_code == 400
    assert "nests" in response.json()["errors"][0]["message"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body", ["{", "null", "[]", '"text"', "\xff\xfe", '{"action": NaN}', '{"action": 1e999}']
)
def test_api_malformed_json_is_a_400_not_a_500(client: Client, body: str) -> None:
    response = client.post("/api/v1/evaluate", body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"]


@pytest.mark.django_db
def test_api_wrong_content_type_is_refused(client: Client) -> None:
    response = client.post("/api/v1/evaluate", "action=cast", content_type="text/plain")

    assert response.status_code == 415


@pytest.mark.django_db
def test_form_post_over_the_upload_cap_is_refused(client: Client, settings) -> None:
    size = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1000

    response = client.post("/en/workbench/", {"card": "x" * size})

    assert response.status_code == 400


@pytest.mark.django_db
def test_form_post_with_too_many_fields_is_a_400(client: Client, settings) -> None:
    fields = {f"f{n}": "1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}

    response = client.post("/en/workbench/", fields)

    assert response.status_code == 400


@pytest.mark.django_db
def test_scenario_form_with_an_oversized_question_is_refused_without_a_row(
    client: Client,
) -> None:
    link = encode_scenario({"action": {"kind": "cast", "card": "Shock"}, "assume_mana": True})
    response = client.post(
        "/en/scenarios/new/",
        {"s": link, "title": "t", "question": "q" * 200_000, "language": "en"},
    )

    assert response.status_code == 200  # the form again, with the question's error
    assert "At most 4000 characters (this has 200000)." in response.content.decode()
    assert Scenario.objects.count() == 0
