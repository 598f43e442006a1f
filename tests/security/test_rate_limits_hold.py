"""Rate limits hold: scenario submissions over the per-client rate are refused with 429
(nothing stored), and clients are told when to come back."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rulesite.scenarios.models import Scenario
from tests.rate_windows import start_clear_of_window_end

SUBMISSION = {
    "title": "Does kicked Burst Lightning deal 4?",
    "question": "I paid the kicker.",
    "language": "en",
    "author": "",
    "scenario": {
        "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1]},
        "assume_mana": True,
    },
}


def submit(client: Client, **overrides: str) -> int:
    body = json.dumps(SUBMISSION | overrides)
    return client.post(
        "/api/v1/scenarios", body, content_type="application/json", REMOTE_ADDR="203.0.113.7"
    ).status_code


def test_submissions_over_the_rate_get_429_and_store_nothing(
    demo_data: None, client: Client, settings
) -> None:
    settings.RULESITE_SCENARIO_RATE = "3/m"
    start_clear_of_window_end("3/m", "203.0.113.7")
    before = Scenario.objects.count()

    statuses = [submit(client, title=f"Question {n}") for n in range(5)]

    assert statuses == [201, 201, 201, 429, 429]
    assert Scenario.objects.count() == before + 3


def test_a_refused_submission_says_when_to_retry(demo_data: None, settings) -> None:
    settings.RULESITE_SCENARIO_RATE = "1/h"
    start_clear_of_window_end("1/h", "203.0.113.7")
    client = Client()
    submit(client)

    response = client.post(
        "/api/v1/scenarios",
        json.dumps(SUBMISSION),
        content_type="application/json",
        REMOTE_ADDR="203.0.113.7",
    )

    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert response.json()["errors"][0]["message"]


def test_the_limit_is_per_client(demo_data: None, client: Client, settings) -> None:
    settings.RULESITE_SCENARIO_RATE = "1/m"
    start_clear_of_window_end("1/m", "203.0.113.7", "198.51.100.9")
    submit(client)

    other = client.post(
        "/api/v1/scenarios",
        json.dumps(SUBMISSION),
        content_type="application/json",
        REMOTE_ADDR="198.51.100.9",
    )

    assert other.status_code == 201


@pytest.mark.django_db
@pytest.mark.usefixtures("fast_password_hashing")
def test_admin_password_guessing_is_locked_out(client: Client, settings) -> None:
    statuses = [
        client.post("/admin/login/", {"username": "admin", "password": f"guess{n}"}).status_code
        for n in range(settings.AXES_FAILURE_LIMIT + 2)
    ]

    assert statuses[: settings.AXES_FAILURE_LIMIT - 1] == [200] * (settings.AXES_FAILURE_LIMIT - 1)
    assert statuses[-1] == 429
