"""Scoped invalidation: only writes that change published content empty the page cache.

A pending submission, a reader's flag, a failed login or the rejection of a pending scenario
change no page anyone can see, so cached pages stay; publishing, editing, unpublishing or
deleting a published scenario, and any edit of a card's content, drop them."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.contrib.auth.models import User
from django.test import Client

from rulesite.cards.models import Card
from rulesite.core.cache import content_version
from rulesite.scenarios import services
from rulesite.scenarios.models import Scenario

pytestmark = pytest.mark.usefixtures("demo_data")

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


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Callable[..., object]) -> Callable[..., object]:
    """Run a write as if its transaction committed (on-commit invalidation included)."""

    @contextmanager
    def run() -> Iterator[None]:
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[attr-defined]
            yield

    return run


@pytest.fixture
def cached_card_page(client: Client) -> Callable[[], str]:
    url = Card.objects.get(name="Burst Lightning").get_absolute_url()
    client.get(url)
    assert client.get(url)["X-Rulesite-Cache"] == "hit"
    return lambda: client.get(url)["X-Rulesite-Cache"]


def _published() -> Scenario:
    return Scenario.objects.filter(status=Scenario.Status.PUBLISHED).first()  # type: ignore[return-value]


def test_pending_submission_keeps_cached_pages(cached_card_page, committed, client) -> None:
    before = content_version()

    with committed():
        response = client.post(
            "/api/v1/scenarios", json.dumps(SUBMISSION), content_type="application/json"
        )

    assert response.status_code == 201
    assert content_version() == before
    assert cached_card_page() == "hit"


def test_flag_keeps_cached_pages(cached_card_page, committed) -> None:
    before = content_version()

    with committed():
        services.flag_scenario(scenario=_published(), reason="wrong_answer", note="")

    assert content_version() == before
    assert cached_card_page() == "hit"


def test_failed_login_keeps_cached_pages(cached_card_page, committed, client, settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    User.objects.create_user("moderator", password="right-password")
    before = content_version()

    with committed():
        response = client.post(
            "/admin/login/", {"username": "moderator", "password": "wrong-password"}
        )

    assert response.status_code == 200
    assert content_version() == before


def test_rejecting_a_pending_scenario_keeps_cached_pages(cached_card_page, committed) -> None:
    pending = services.submit_scenario(**SUBMISSION)  # type: ignore[arg-type]
    before = content_version()

    with committed():
        services.reject_scenarios(scenarios=[pending], reason="off topic")

    assert content_version() == before


def test_publishing_a_scenario_invalidates_cached_pages(cached_card_page, committed) -> None:
    pending = services.submit_scenario(**SUBMISSION)  # type: ignore[arg-type]
    before = content_version()

    with committed():
        services.publish_scenarios(scenarios=[pending])

    assert content_version() != before
    assert cached_card_page() == "miss"


def test_rejecting_a_published_scenario_invalidates_cached_pages(
    cached_card_page, committed
) -> None:
    before = content_version()

    with committed():
        services.reject_scenarios(scenarios=[_published()], reason="wrong answer")

    assert content_version() != before
    assert cached_card_page() == "miss"


def test_editing_a_published_scenario_invalidates_cached_pages(cached_card_page, committed) -> None:
    scenario = _published()
    before = content_version()

    with committed():
        scenario.title = "A clearer title"
        scenario.save()

    assert content_version() != before


def test_deleting_a_published_scenario_invalidates_cached_pages(
    cached_card_page, committed
) -> None:
    before = content_version()

    with committed():
        _published().delete()

    assert content_version() != before


def test_editing_a_card_invalidates_cached_pages(cached_card_page, committed) -> None:
    before = content_version()

    with committed():
        Card.objects.filter(name="Burst Lightning").update(oracle_text="Edited.")

    assert content_version() != before
    assert cached_card_page() == "miss"
