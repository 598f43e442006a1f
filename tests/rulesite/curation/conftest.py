"""Fixtures of the curation tests: a curator, and a few cards with clarifications."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import Group

from rulesite.cards.models import Card, Keyword, Ruling


@pytest.fixture
def curator(db: None, django_user_model: Any) -> Any:
    user = django_user_model.objects.create_user(
        username="camille", password="not-a-real-password", is_staff=True
    )
    user.groups.add(Group.objects.get(name="curator"))
    return user


@pytest.fixture
def curator_client(client: Any, curator: Any) -> Any:
    client.force_login(curator)
    return client


def make_card(name: str, name_fr: str = "", **fields: Any) -> Card:
    from django.utils.text import slugify

    card = Card(name=name, name_fr=name_fr, slug=slugify(name), type_line="Instant", **fields)
    card.refresh_search_fields()
    card.save()
    return card


@pytest.fixture
def clarifications(db: None) -> dict[str, Any]:
    kicker = Keyword.objects.create(slug="kicker", name_en="Kicker", name_fr="Kick")
    burst = make_card("Burst Lightning", "Éclair explosif", mana_cost="{R}")
    colony = make_card("Gnarlid Colony", "Colonie de gnarlides", mana_cost="{1}{G}")
    status = Ruling.TranslationStatus
    rows = [
        (
            "2024-11-08",
            "wotc",
            "The kicker ability doesn't let you pay a kicker cost more than once.",
            "Le kick ne permet pas de payer un coût de kick plus d'une fois.",
            status.MACHINE,
            kicker,
        ),
        (
            "2020-09-25",
            "wotc",
            "If you copy a kicked spell, the copy is also kicked.",
            "Si vous copiez un sort kické, la copie est aussi kickée.",
            status.NEEDS_REVIEW,
            kicker,
        ),
        (
            "2021-03-19",
            "scryfall",
            "A Scryfall note about Burst Lightning.",
            "",
            status.MISSING,
            None,
        ),
        (
            "2022-01-01",
            "community",
            "Burst Lightning can target a battle.",
            "L'Éclair explosif peut cibler une bataille.",
            status.REVIEWED,
            None,
        ),
    ]
    rulings = []
    for date, source, text_en, text_fr, translation, keyword in rows:
        ruling = Ruling.objects.create(
            published_on=datetime.date.fromisoformat(date),
            source=source,
            text_en=text_en,
            text_fr=text_fr,
            translation_status=translation,
            keyword=keyword,
        )
        ruling.cards.add(burst, colony)
        rulings.append(ruling)
    return {"burst": burst, "colony": colony, "kicker": kicker, "rulings": rulings}


@pytest.fixture
def many_rulings(clarifications: dict[str, Any]) -> dict[str, Any]:
    """Sixty more clarifications, each on a card of its own: lists must not query per row."""
    for n in range(60):
        card = make_card(f"Card {n:02d}")
        ruling = Ruling.objects.create(
            published_on=datetime.date(2019, 1, 1) + datetime.timedelta(days=n),
            text_en=f"Clarification number {n}.",
            keyword=clarifications["kicker"],
        )
        ruling.cards.add(card)
    return clarifications
