"""A clarification published again (a later date, typographic quotes) is shown once: on the
card's page and its keyword's page (the workbench's answer: tests/rulesite/workbench)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils.text import slugify

from rulesite.cards.models import Card, Keyword, Ruling
from rulesite.cards.repeats import said_once

pytestmark = pytest.mark.django_db

STRAIGHT = "You can't pay a kicker cost more than once."
CURLY = "You can’t pay a kicker cost more than once."


@pytest.fixture
def card(db: None) -> Card:
    card = Card(name="Gnarlid Colony", slug=slugify("Gnarlid Colony"), type_line="Creature")
    card.refresh_search_fields()
    card.save()
    return card


def published(card: Card, day: datetime.date, text_en: str, text_fr: str = "") -> Ruling:
    ruling = Ruling.objects.create(published_on=day, text_en=text_en, text_fr=text_fr)
    ruling.cards.add(card)
    return ruling


def test_said_once_keeps_the_newest_publication_in_the_place_of_the_first() -> None:
    older = Ruling(published_on=datetime.date(2021, 3, 19), text_en=STRAIGHT)
    other = Ruling(published_on=datetime.date(2022, 1, 1), text_en="Another clarification.")
    newer = Ruling(published_on=datetime.date(2024, 1, 12), text_en=CURLY)

    kept = said_once([older, other, newer])

    assert kept == [newer, other]


def test_said_once_prefers_a_translated_publication_of_the_same_day() -> None:
    day = datetime.date(2021, 3, 19)
    english = Ruling(published_on=day, text_en=STRAIGHT)
    translated = Ruling(published_on=day, text_en=CURLY, text_fr="Vous ne pouvez pas.")

    assert said_once([english, translated]) == [translated]


def test_card_page_shows_a_clarification_published_twice_once(client: Client, card: Card) -> None:
    published(card, datetime.date(2021, 3, 19), STRAIGHT)
    newer = published(
        card, datetime.date(2024, 1, 12), CURLY, "Vous ne pouvez pas kicker deux fois."
    )

    html = client.get(f"/en/cards/{card.slug}/").content.decode()

    assert '<span class="count">(1)</span>' in html
    assert f'id="ruling-{newer.pk}"' in html
    assert "Mar. 19, 2021" not in html


def test_keyword_page_shows_a_clarification_published_twice_once(
    client: Client, card: Card
) -> None:
    kicker = Keyword.objects.create(slug="kicker", name_en="Kicker", name_fr="Kick")
    for day, text in ((datetime.date(2021, 3, 19), STRAIGHT), (datetime.date(2024, 1, 12), CURLY)):
        Ruling.objects.create(published_on=day, text_en=text, keyword=kicker)

    html = client.get("/en/keywords/kicker/").content.decode()

    assert html.count("pay a kicker cost more than once") == 1
