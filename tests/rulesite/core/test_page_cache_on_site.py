"""The site's card, search and keyword pages come from the page cache, and a curator's edit
shows at once."""

from __future__ import annotations

import pytest
from django.test import Client

from rulesite.cards.models import Card, Ruling

pytestmark = pytest.mark.usefixtures("demo_data")


def test_card_page_is_cached_and_a_clarification_edit_shows_at_once(client: Client) -> None:
    card = Card.objects.get(name="Kavu Primarch")
    url = card.get_absolute_url()
    client.get(url)
    cached = client.get(url)
    ruling = card.rulings.first()
    ruling.text_en = "An edited clarification, visible at once."
    ruling.save()

    fresh = client.get(url)

    assert cached["X-Rulesite-Cache"] == "hit"
    assert fresh["X-Rulesite-Cache"] == "miss"
    assert "An edited clarification, visible at once." in fresh.content.decode()


def test_french_and_english_card_pages_are_cached_apart(client: Client) -> None:
    card = Card.objects.get(name="Kavu Primarch")
    english = card.get_absolute_url()
    client.get(english)

    french = client.get(english.replace("/en/", "/fr/", 1))

    assert french["X-Rulesite-Cache"] == "miss"
    assert 'lang="fr"' in french.content.decode()


@pytest.mark.parametrize("htmx", [False, True])
def test_search_results_are_cached_per_query_and_request_kind(client: Client, htmx: bool) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    client.get("/en/cards/", {"q": "kw:kicker"}, headers=headers)

    again = client.get("/en/cards/", {"q": "kw:kicker"}, headers=headers)
    other = client.get("/en/cards/", {"q": "kw:convoke"}, headers=headers)

    assert again["X-Rulesite-Cache"] == "hit"
    assert other["X-Rulesite-Cache"] == "miss"
    assert "HX-Request" in again["Vary"]
    assert ("<html" in again.content.decode()) is not htmx


def test_a_bulk_update_of_clarifications_refreshes_the_card_page(client: Client) -> None:
    french_url = Card.objects.get(name="Burst Lightning").get_absolute_url().replace("/en/", "/fr/")
    client.get(french_url)
    assert client.get(french_url)["X-Rulesite-Cache"] == "hit"

    Ruling.objects.filter(cards__name="Burst Lightning").update(text_fr="Texte revu en bloc.")
    response = client.get(french_url)

    assert response["X-Rulesite-Cache"] == "miss"
    assert "Texte revu en bloc." in response.content.decode()


def test_cached_keyword_page_is_a_hit(client: Client) -> None:
    client.get("/en/keywords/kicker/")

    assert client.get("/en/keywords/kicker/")["X-Rulesite-Cache"] == "hit"
