"""A card's Oracle text history, as a reader sees it: what happened in the page's language,
and each change as its older and newer texts, with symbols and line breaks."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils.text import slugify

from rulesite.cards.models import Card

pytestmark = pytest.mark.django_db

IMPORTED = datetime.datetime(2026, 12, 6, 22, 10, tzinfo=datetime.UTC)
OLD_TEXT = (
    "Kicker {2}{G}\nIf Gnarlid Colony was kicked, it enters the battlefield with two counters."
)
NEW_TEXT = "Kicker {2}{G}\nIf this creature was kicked, it enters with two counters."


@pytest.fixture
def card() -> Card:
    card = Card(
        name="Gnarlid Colony",
        slug=slugify("Gnarlid Colony"),
        type_line="Creature",
        oracle_text=OLD_TEXT,
    )
    card.refresh_search_fields()
    card._change_reason = "import_mtgjson (579 files) at 2026-12-06 22:09:59"  # type: ignore[attr-defined]
    card.save()
    card.oracle_text = NEW_TEXT
    card._change_reason = None  # type: ignore[attr-defined]
    card.save()
    card.history.update(history_date=IMPORTED)
    return card


def history(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    return html.split('id="oracle-history-title"')[1].split("</section>")[0]


def test_the_import_is_told_in_the_page_language_with_its_date(client: Client, card: Card) -> None:
    english = history(client, "/en/cards/gnarlid-colony/")
    french = history(client, "/fr/cards/gnarlid-colony/")

    assert "Imported from MTGJSON, 579 files, on Dec. 6, 2026" in english
    assert "Changed on Dec. 6, 2026" in english
    assert "Importé de MTGJSON, 579 fichiers, le 6 décembre 2026" in french
    assert "Modifié le 6 décembre 2026" in french
    assert "import_mtgjson" not in english + french


def test_a_change_shows_older_then_newer_text_labelled(client: Client, card: Card) -> None:
    html = history(client, "/en/cards/gnarlid-colony/")

    older = html.index("Older text")
    newer = html.index("Newer text (the current one)")
    assert html.index("Oldest text on file") < older < html.index("<del>Gnarlid</del>") < newer
    assert newer < html.index("<ins>this</ins>")


def test_a_change_shows_mana_symbols_and_line_breaks(client: Client, card: Card) -> None:
    html = history(client, "/en/cards/gnarlid-colony/")

    # The first text, then the older and the newer of the change: each as the card shows it.
    assert html.count('<span class="mana" role="img"') == 3
    assert html.count("<br>") == 3


def test_a_scryfall_import_and_an_unknown_reason_are_told_in_words(
    client: Client, card: Card
) -> None:
    card.history.filter(history_type="+").update(history_change_reason="import_scryfall at x")

    html = history(client, "/en/cards/gnarlid-colony/")

    assert "Imported from Scryfall on Dec. 6, 2026" in html
    assert "import_scryfall" not in html
