"""The engine's answers are cached under the posted request, the content version and the code
version: a repeated request is answered from the cache, and a write to a card it reads shows
in the next answer."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.asserts import assertContains

from rulesite.cards.models import Card
from rulesite.core import cache as page_cache
from tests.rulesite.workbench.posts import posted

EVALUATE = "/api/v1/evaluate"
WORKBENCH = "/en/workbench/"
HTMX = {"HX-Request": "true"}
KICKED_BURST = {
    "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]},
    "assume_mana": True,
}


def evaluate(client: Client, scenario: dict[str, Any]) -> Any:
    return client.post(EVALUATE, json.dumps(scenario), content_type="application/json")


def test_702_33_repeated_evaluate_request_is_answered_from_the_cache(
    client: Client, workbench_cards: None, django_assert_num_queries: Any
) -> None:
    first = evaluate(client, KICKED_BURST)

    with django_assert_num_queries(0):
        again = evaluate(client, KICKED_BURST)

    assert first["X-Rulesite-Cache"] == "miss"
    assert again["X-Rulesite-Cache"] == "hit"
    assert again.json() == first.json()
    assert again.json()["total_cost"] == "{4}{R}"
    assert again["Cache-Control"] == "no-store"


def test_702_33_evaluate_answer_follows_a_bulk_edit_of_the_card_it_reads(
    client: Client, workbench_cards: None
) -> None:
    assert evaluate(client, KICKED_BURST).json()["total_cost"] == "{4}{R}"

    Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")
    answer = evaluate(client, KICKED_BURST)

    assert answer["X-Rulesite-Cache"] == "miss"
    assert answer.json()["total_cost"] == "{5}{R}"


def test_evaluate_answer_is_keyed_by_the_request_whatever_the_order_of_its_keys(
    client: Client, workbench_cards: None
) -> None:
    evaluate(client, KICKED_BURST)
    reordered = {"assume_mana": True, "action": dict(reversed(KICKED_BURST["action"].items()))}

    assert evaluate(client, reordered)["X-Rulesite-Cache"] == "hit"
    unkicked = {**KICKED_BURST, "action": {**KICKED_BURST["action"], "kicker": [0]}}
    other = evaluate(client, unkicked)
    assert other["X-Rulesite-Cache"] == "miss"
    assert other.json()["total_cost"] == "{R}"


def test_repeated_workbench_answer_is_served_from_the_cache(
    client: Client, workbench_cards: None
) -> None:
    data = posted(KICKED_BURST, assume_mana="on")

    first = client.post(WORKBENCH, data, headers=HTMX)
    again = client.post(WORKBENCH, data, headers=HTMX)

    assert (first["X-Rulesite-Cache"], again["X-Rulesite-Cache"]) == ("miss", "hit")
    assert again.content == first.content
    assert again["HX-Replace-Url"] == first["HX-Replace-Url"]
    assertContains(again, 'data-testid="total-cost">{4}{R}</span>')


def test_workbench_answer_follows_a_card_edit_and_the_language(
    client: Client, workbench_cards: None
) -> None:
    data = posted(KICKED_BURST, assume_mana="on")
    client.post(WORKBENCH, data, headers=HTMX)

    burst = Card.objects.get(name="Burst Lightning")
    burst.mana_cost = "{1}{R}"
    burst.save()
    edited = client.post(WORKBENCH, data, headers=HTMX)
    french = client.post("/fr/workbench/", data, headers=HTMX)

    assert edited["X-Rulesite-Cache"] == "miss"
    assertContains(edited, 'data-testid="total-cost">{5}{R}</span>')
    assert french["X-Rulesite-Cache"] == "miss"
    assert french.content != edited.content


def test_cached_workbench_page_gives_each_reader_their_own_csrf_token(
    workbench_cards: None,
) -> None:
    data = posted(KICKED_BURST, assume_mana="on")
    first, second = Client(), Client()

    page = first.post(WORKBENCH, data)
    again = second.post(WORKBENCH, data)

    assert again["X-Rulesite-Cache"] == "hit"
    token = again.wsgi_request.META["CSRF_COOKIE"]
    assert token != page.wsgi_request.META["CSRF_COOKIE"]
    assertContains(again, 'name="csrfmiddlewaretoken"')
    assert page_cache._unmask(_posted_token(again.content.decode())) == token


def test_workbench_answers_for_signed_in_people_are_not_cached(
    client: Client, workbench_cards: None
) -> None:
    user = get_user_model().objects.create_user("curator", password="x")
    client.force_login(user)
    data = posted(KICKED_BURST, assume_mana="on")

    client.post(WORKBENCH, data, headers=HTMX)
    again = client.post(WORKBENCH, data, headers=HTMX)

    assert "X-Rulesite-Cache" not in again


def test_code_version_is_a_digest_of_the_files_so_every_worker_agrees() -> None:
    computed = page_cache.code_version()
    page_cache._code_version = None

    assert page_cache.code_version() == computed
    assert len(computed) == 16


def _posted_token(html: str) -> str:
    marker = 'name="csrfmiddlewaretoken" value="'
    start = html.index(marker) + len(marker)
    return html[start : html.index('"', start)]
