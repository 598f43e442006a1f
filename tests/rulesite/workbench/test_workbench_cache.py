"""The workbench answers a repeated set-up from the cache, and content changes show at once."""

from __future__ import annotations

import datetime
import re
from typing import Any

from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from rulesite.cards.models import Card, Ruling
from rulesite.workbench.forms import CastForm
from tests.rulesite.workbench.posts import posted

HTMX = {"HX-Request": "true"}
URL = "/en/workbench/"
BURST = {"action": {"kind": "cast", "player": "you", "card": "Burst Lightning"}}
KICKED = "If a spell&#x27;s kicker cost was paid"


def post(client: Client) -> Any:
    return client.post(URL, posted(BURST, assume_mana="on"), headers=HTMX)


def test_repeated_result_reads_no_card_or_clarification_again(
    client: Client, workbench_cards: None, django_assert_num_queries: Any
) -> None:
    first = post(client)

    with django_assert_num_queries(0):
        again = post(client)

    assertContains(first, KICKED)
    assert again.content == first.content


def test_edited_clarification_shows_in_the_next_result(
    client: Client, workbench_cards: None
) -> None:
    assertContains(post(client), KICKED)
    ruling = Ruling.objects.get(text_en__startswith="If a spell's kicker cost was paid")
    ruling.text_en = "A kicked spell is a spell whose kicker cost was paid."
    ruling.save()

    response = post(client)

    assertContains(response, "A kicked spell is a spell whose kicker cost was paid.")
    assertNotContains(response, KICKED)


def test_edited_clarification_shows_in_another_set_up_of_the_same_card(
    client: Client, workbench_cards: None
) -> None:
    before = post(client)  # the card's clarifications, as the answer cites them, kept
    ruling = Ruling.objects.get(text_en__startswith="If a spell's kicker cost was paid")
    ruling.text_en = "A kicked spell is a spell whose kicker cost was paid."
    ruling.save()
    other = {**BURST, "battlefield": [{"id": "m1", "card": "Mountain"}]}

    response = client.post(URL, posted(other, assume_mana="on"), headers=HTMX)

    assertContains(before, KICKED)
    assertContains(response, "A kicked spell is a spell whose kicker cost was paid.")
    assertNotContains(response, KICKED)


def test_clarification_added_to_or_removed_from_a_card_shows_in_the_next_result(
    client: Client, workbench_cards: None
) -> None:
    post(client)
    burst = Card.objects.get(name="Burst Lightning")
    added = Ruling.objects.create(
        published_on=datetime.date(2025, 1, 1),
        text_en="Burst Lightning can target a battle.",
    )
    added.cards.add(burst)
    Ruling.objects.get(text_en__startswith="If a spell's kicker cost was paid").cards.remove(burst)

    response = post(client)

    assertContains(response, "Burst Lightning can target a battle.")
    assertNotContains(response, KICKED)


def test_card_text_changed_by_a_bulk_update_shows_in_the_next_result(
    client: Client, workbench_cards: None
) -> None:
    assertContains(post(client), 'data-testid="total-cost">{R}</span>')

    Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")

    assertContains(post(client), 'data-testid="total-cost">{1}{R}</span>')


def test_cast_forms_keep_the_choices_of_their_own_board(db: None) -> None:
    mountain = CastForm(permanents=[("p1", "Mountain (p1)")])
    forest = CastForm(permanents=[("p2", "Forest (p2)")])

    assert [value for value, _label in mountain.fields["source"].choices] == ["", "p1"]
    assert [value for value, _label in forest.fields["source"].choices] == ["", "p2"]
    assert [value for value, _label in CastForm.base_fields["source"].choices] == []


TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')


def test_a_card_link_opens_from_the_page_cache_with_each_visitors_own_token(
    workbench_cards: None,
) -> None:
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    opened = first.get(URL, {"card": "burst-lightning"})

    again = second.get(URL, {"card": "burst-lightning"})
    token = TOKEN.search(again.content).group(1).decode()
    cast = second.post(URL, {**posted(BURST), "csrfmiddlewaretoken": token}, headers=HTMX)

    assert opened["X-Rulesite-Cache"] == "miss"
    assert again["X-Rulesite-Cache"] == "hit"
    assert TOKEN.search(opened.content).group(1).decode() != token
    assert cast.status_code == 200  # the cached page's form posts with its reader's token
    assertContains(again, "Your opponent is chosen as the target")


def test_a_card_link_shows_a_content_change_at_once(workbench_cards: None) -> None:
    client = Client()
    before = client.get(URL, {"card": "burst-lightning"})

    Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")
    after = client.get(URL, {"card": "burst-lightning"})

    assertContains(before, 'data-testid="total-cost">{R}</span>')
    assert after["X-Rulesite-Cache"] == "miss"
    assertContains(after, 'data-testid="total-cost">{1}{R}</span>')


def test_a_card_link_is_kept_per_language(workbench_cards: None) -> None:
    client = Client()
    client.get(URL, {"card": "burst-lightning"})

    french = client.get("/fr/workbench/", {"card": "burst-lightning"})

    assert french["X-Rulesite-Cache"] == "miss"
    assert french["Content-Language"] == "fr"
    assertContains(french, "Éclair explosif")
