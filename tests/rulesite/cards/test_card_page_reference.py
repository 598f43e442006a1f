"""Card pages: printings, format legality, the Oracle text's history, the Scryfall link, and
glossary terms in rulings and card text linked to the glossary."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rulesite.cards.models import Card

pytestmark = pytest.mark.usefixtures("demo_data")


def html_of(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_card_page_lists_printings_and_format_legality(client: Client) -> None:
    html = html_of(client, "/en/cards/burst-lightning/")

    assert 'Zendikar <span class="muted">(ZEN)</span>' in html
    assert re.search(r'legality-legal"><dt>Modern</dt><dd>legal</dd>', html)
    assert re.search(r'legality-not-legal"><dt>Standard</dt><dd>not legal</dd>', html)


def test_card_page_shows_banned_and_restricted(client: Client) -> None:
    assert 'legality-banned"><dt>Modern</dt>' in html_of(
        client, "/en/cards/hogaak-arisen-necropolis/"
    )
    assert 'legality-restricted"><dt>Vintage</dt><dd>restreinte</dd>' in html_of(
        client, "/fr/cards/trinisphere/"
    )


def test_card_page_links_to_scryfall_from_the_oracle_id(client: Client) -> None:
    html = html_of(client, "/en/cards/burst-lightning/")

    assert (
        'href="https://scryfall.com/search?q=oracleid%3Aac2086fe-98ee-4280-9c7c-c5c2d6548a8b"'
        in html
    )


def test_card_page_shows_the_oracle_text_history_with_changed_words(client: Client) -> None:
    card = Card.objects.get(slug="shock")
    card.oracle_text = "Shock deals 2 damage to any target. Draw a card."
    card.refresh_search_fields()
    card.save()

    html = html_of(client, "/en/cards/shock/")

    assert "Oracle text history" in html
    assert "target.<ins> Draw a card.</ins>" in html


def test_card_without_changes_has_no_oracle_history_section(client: Client) -> None:
    assert "Oracle text history" not in html_of(client, "/en/cards/lightning-bolt/")


def test_glossary_terms_in_rulings_link_to_the_glossary(client: Client) -> None:
    html = html_of(client, "/en/cards/kavu-primarch/")

    assert '<a class="glossary-link" href="/en/glossary/mana-value/">mana value</a>' in html
    assert '<a class="glossary-link" href="/en/glossary/total-cost/">total cost</a>' in html
    glossary = html_of(client, "/en/glossary/mana-value/")
    assert '<h1 lang="en">Mana Value</h1>' in glossary
