"""A worker keeps the card rows and clarifications it read under the content version: a new
set-up reads them from memory, and a write to the cards or their clarifications shows at once
in the next new set-up, as in a repeated one."""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from rulesite.cards.models import Card, Ruling
from rulesite.core import kept
from tests.rulesite.workbench.posts import posted

HTMX = {"HX-Request": "true"}
URL = "/en/workbench/"
KICKED = "If a spell&#x27;s kicker cost was paid"


def burst(*targets: str) -> dict[str, Any]:
    """Burst Lightning cast unkicked (the engine quotes no clarification), at ``targets``."""
    return {
        "action": {"kind": "cast", "player": "you", "card": "Burst Lightning", "targets": targets}
    }


def post(client: Client, scenario: dict[str, Any]) -> Any:
    return client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)


def test_new_set_up_reads_the_cards_and_clarifications_the_worker_kept(
    client: Client, workbench_cards: None, django_assert_num_queries: Any
) -> None:
    post(client, burst())
    caches["default"].clear()  # the shared copies gone: only the worker's remain

    with django_assert_num_queries(0):
        response = post(client, burst("opponent"))

    assertContains(response, KICKED)
    assertContains(response, "Targets: opponent.")


def test_edited_clarification_shows_in_the_next_new_set_up(
    client: Client, workbench_cards: None
) -> None:
    assertContains(post(client, burst()), KICKED)
    ruling = Ruling.objects.get(text_en__startswith="If a spell's kicker cost was paid")
    ruling.text_en = "A kicked spell is a spell whose kicker cost was paid."
    ruling.save()

    response = post(client, burst("opponent"))

    assertContains(response, "A kicked spell is a spell whose kicker cost was paid.")
    assertNotContains(response, KICKED)


def test_card_text_changed_by_a_bulk_update_shows_in_the_next_new_set_up(
    client: Client, workbench_cards: None
) -> None:
    assertContains(post(client, burst()), 'data-testid="total-cost">{R}</span>')

    Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")

    assertContains(post(client, burst("opponent")), 'data-testid="total-cost">{1}{R}</span>')


def test_values_read_from_the_store_are_kept_and_missing_ones_are_not() -> None:
    store = caches["default"]
    store.set("rulesite:kept-test:1", ["row"])

    assert kept.get_many(store, ["rulesite:kept-test:1", "rulesite:kept-test:2"]) == {
        "rulesite:kept-test:1": ["row"]
    }
    store.clear()
    assert kept.get_many(store, ["rulesite:kept-test:1", "rulesite:kept-test:2"]) == {
        "rulesite:kept-test:1": ["row"]
    }
