"""Public pages label a clarification's French by its true state: machine translation,
reviewed, or reviewed for an earlier wording of the English."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils.text import slugify

from rulesite.cards.models import Card, Ruling

pytestmark = pytest.mark.django_db


@pytest.fixture
def card(db: None) -> Card:
    card = Card(name="Gnarlid Colony", slug=slugify("Gnarlid Colony"), type_line="Creature")
    card.refresh_search_fields()
    card.save()
    return card


def ruling(card: Card, text_en: str, **fields: Any) -> Ruling:
    ruling = Ruling.objects.create(
        published_on=datetime.date(2024, 11, 8), text_en=text_en, **fields
    )
    ruling.cards.add(card)
    return ruling


def label(html: str, ruling: Ruling) -> str:
    article = html.split(f'id="ruling-{ruling.pk}"')[1].split("</article>")[0]
    return (
        article.split('data-french-state="')[1].split('"')[0]
        if "data-french-state" in article
        else ""
    )


def test_each_french_is_labelled_by_its_state(client: Any, card: Card) -> None:
    machine = ruling(card, "One.", text_fr="Un.", translation_status="machine")
    reviewed = ruling(card, "Two.", text_fr="Deux.", translation_status="reviewed")
    earlier = ruling(
        card,
        "Three, re-worded.",
        text_fr="Trois.",
        translation_status="needs_review",
        previous_text_en="Three.",
        previous_status="reviewed",
    )

    html = client.get(f"/fr/cards/{card.slug}/").content.decode()

    assert label(html, machine) == "machine"
    assert label(html, reviewed) == "reviewed"
    assert label(html, earlier) == "earlier_wording"
    assert "Relue pour une formulation antérieure de l'anglais" in html
    assert "Traduction relue par les curateurs." in html


def test_withdrawn_clarification_is_on_no_keyword_page(client: Any, card: Card) -> None:
    from rulesite.cards.models import Keyword

    kicker = Keyword.objects.create(slug="kicker", name_en="Kicker", name_fr="Kick")
    Ruling.objects.create(
        published_on=datetime.date(2020, 9, 25),
        text_en="You can't pay a kicker cost more than once.",
        text_fr="Vous ne pouvez pas payer un coût de kick plus d'une fois.",
        translation_status="reviewed",
        keyword=kicker,
        withdrawn_on=datetime.date(2026, 1, 1),
    )

    html = client.get("/fr/keywords/kicker/").content.decode()

    assert "plus d&#x27;une fois" not in html
