"""``import_mtgjson --compare-all`` compares every stored row with the files, even when the files
are those of the last import and the content version says nothing was written since: a row
changed where the content version did not see it (a database restored or mended by hand) is
found and put back as the source gives it, and only that row is written. The plain re-import
of the same files trusts the content version and compares nothing; these tests show both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from rulesite.cards.models import Card, Keyword, Legality, Printing, Ruling
from tests.rulesite.curation.curation_files import (
    BURST_ORACLE,
    GNARLID_ORACLE,
    KICKER_2020,
    burst,
    gnarlid,
    rulings,
    run_import,
    write_set,
)

pytestmark = pytest.mark.django_db

#: More cards than one chunk of the printing and legality comparison (900 cards).
FILLERS = 950


def filler(n: int) -> dict[str, Any]:
    card = burst()
    card.update(
        name=f"Filler Bolt {n:04d}",
        identifiers={"scryfallOracleId": f"00000000-0000-4000-8000-{n:012d}"},
        number=str(n),
        rarity="common",
        legalities={"commander": "Legal", "modern": "Legal", "legacy": "Banned"},
    )
    return card


@pytest.fixture
def imported(tmp_path: Path, django_capture_on_commit_callbacks: Any) -> Path:
    """Gnarlid Colony, Burst Lightning and enough other cards for two chunks, imported once
    and committed (the files remembered under the content version the import left)."""
    cards = [
        gnarlid(rulings("2020-09-25", KICKER_2020), number="185", rarity="uncommon"),
        burst(rulings("2020-09-25", KICKER_2020[:2])),
        *(filler(n) for n in range(FILLERS)),
    ]
    for card in cards[:2]:
        card["legalities"] = {"commander": "Legal", "pauper": "Legal"}
    path = write_set(tmp_path / "ZNR.json", cards, code="ZNR")
    with django_capture_on_commit_callbacks(execute=True):
        first = run_import(path)
    assert first["cards"]["added"] == FILLERS + 2
    return path


def behind_the_version(sql: str, *params: Any) -> None:
    """A write the content version does not see (raw SQL, as a restore or a hand fix is)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def card_id(oracle_id: str) -> int:
    return Card.objects.get(oracle_id=oracle_id).pk


def gnarlid_printing() -> Printing:
    return Printing.objects.get(card__oracle_id=GNARLID_ORACLE)


CHANGES: dict[str, Callable[[], None]] = {
    "a card's English": lambda: behind_the_version(
        "UPDATE cards_card SET mana_cost = %s WHERE id = %s", "{9}", card_id(BURST_ORACLE)
    ),
    "a card's derived search field": lambda: behind_the_version(
        "UPDATE cards_card SET search_name = %s WHERE id = %s", "nothing", card_id(BURST_ORACLE)
    ),
    "a printing's rarity": lambda: behind_the_version(
        "UPDATE cards_printing SET rarity = %s WHERE id = %s", "mythic", gnarlid_printing().pk
    ),
    "a printing's release date": lambda: behind_the_version(
        "UPDATE cards_printing SET released_on = %s WHERE id = %s",
        "1999-01-01",
        gnarlid_printing().pk,
    ),
    "a printing gone": lambda: behind_the_version(
        "DELETE FROM cards_printing WHERE id = %s", gnarlid_printing().pk
    ),
    "a printing the source never gave": lambda: behind_the_version(
        "INSERT INTO cards_printing (card_id, set_code, collector_number, set_name, rarity) "
        "VALUES (%s, %s, %s, %s, %s)",
        card_id(GNARLID_ORACLE),
        "XXX",
        "1",
        "Nowhere",
        "rare",
    ),
    "a legality's status": lambda: behind_the_version(
        "UPDATE cards_legality SET status = %s WHERE card_id = %s AND format = %s",
        "banned",
        card_id(BURST_ORACLE),
        "pauper",
    ),
    "a legality gone": lambda: behind_the_version(
        "DELETE FROM cards_legality WHERE card_id = %s AND format = %s",
        card_id(GNARLID_ORACLE),
        "commander",
    ),
    "a keyword link gone": lambda: behind_the_version(
        "DELETE FROM cards_card_keywords WHERE card_id = %s", card_id(GNARLID_ORACLE)
    ),
    "a ruling link gone": lambda: behind_the_version(
        "DELETE FROM cards_ruling_cards WHERE card_id = %s AND ruling_id = %s",
        card_id(BURST_ORACLE),
        Ruling.objects.get(text_en=KICKER_2020[0]).pk,
    ),
    "a ruling's English": lambda: behind_the_version(
        "UPDATE cards_ruling SET text_en = %s WHERE id = %s",
        KICKER_2020[1].replace("optional", "mandatory"),
        Ruling.objects.get(text_en=KICKER_2020[1]).pk,
    ),
    "a ruling's English made another's": lambda: behind_the_version(
        "UPDATE cards_ruling SET text_en = %s WHERE id = %s",
        KICKER_2020[0],
        Ruling.objects.get(text_en=KICKER_2020[3]).pk,
    ),
    "a ruling's hash": lambda: behind_the_version(
        "UPDATE cards_ruling SET text_hash = %s WHERE id = %s",
        "0" * 64,
        Ruling.objects.get(text_en=KICKER_2020[2]).pk,
    ),
}


def stored_state() -> dict[str, Any]:
    """What the import wrote for the two cards the changes touch."""
    cards = Card.objects.filter(oracle_id__in=[GNARLID_ORACLE, BURST_ORACLE]).order_by("name")
    return {
        "cards": list(cards.values_list("name", "mana_cost", "search_name", "search_text")),
        "printings": sorted(
            Printing.objects.filter(card__in=cards).values_list(
                "card__name", "set_code", "collector_number", "rarity", "released_on"
            )
        ),
        "legalities": sorted(
            Legality.objects.filter(card__in=cards).values_list("card__name", "format", "status")
        ),
        "keywords": sorted(
            Card.keywords.through.objects.filter(card__in=cards).values_list(
                "card__name", "keyword__slug"
            )
        ),
        "rulings": sorted(
            Ruling.cards.through.objects.filter(card__in=cards).values_list(
                "card__name", "ruling__text_en", "ruling__text_hash"
            )
        ),
    }


@pytest.mark.parametrize("change", list(CHANGES))
def test_compare_all_finds_a_stored_row_changed_behind_the_content_version(
    imported: Path, change: str
) -> None:
    before = stored_state()
    CHANGES[change]()
    assert stored_state() != before

    trusted = run_import(imported)
    compared = run_import(imported, compare_all=True)

    assert trusted["same_input"] is True  # the content version saw no write
    assert compared["same_input"] is False
    assert compared["same_rows"] is False  # the rows' digest is not the one the import left
    assert compared["wrote_nothing"] is False
    assert stored_state() == before


def test_compare_all_writes_only_the_changed_row(imported: Path) -> None:
    CHANGES["a printing's rarity"]()

    report = run_import(imported, compare_all=True)

    assert report["printings"] == {
        "added": 0,
        "changed": 1,
        "removed": 0,
        "unchanged": FILLERS + 1,
    }
    assert report["legalities"]["changed"] == 0
    assert report["cards"]["changed"] == 0
    assert gnarlid_printing().rarity == "uncommon"


def test_compare_all_of_untouched_rows_writes_nothing(imported: Path) -> None:
    report = run_import(imported, compare_all=True)

    assert report["same_input"] is False
    assert report["same_rows"] is True  # every row as the import of these files left it
    assert report["wrote_nothing"] is True
    assert report["cards"]["unchanged"] == FILLERS + 2
    assert report["printings"]["unchanged"] == FILLERS + 2
    assert report["legalities"]["unchanged"] == 3 * FILLERS + 4


def test_compare_all_puts_back_a_curators_english_and_keeps_their_french(
    imported: Path, django_capture_on_commit_callbacks: Any
) -> None:
    curator = get_user_model().objects.create_user("curator")
    card = Card.objects.get(oracle_id=BURST_ORACLE)
    card.oracle_text = "Burst Lightning deals 3 damage to any target."
    card.name_fr = "Éclair détonant"
    card._history_user = curator  # type: ignore[attr-defined]
    with django_capture_on_commit_callbacks(execute=True):
        card.save()

    report = run_import(imported, compare_all=True)

    card.refresh_from_db()
    assert report["same_rows"] is False
    assert report["cards"]["changed"] == 1
    assert card.oracle_text.startswith("Kicker {4}\nBurst Lightning deals 2 damage")
    assert card.name_fr == "Éclair détonant"


def test_compare_all_reads_a_changed_source_record(imported: Path) -> None:
    cards = [
        gnarlid(rulings("2020-09-25", KICKER_2020), number="185", rarity="rare"),
        burst(rulings("2020-09-25", KICKER_2020[:2])),
        *(filler(n) for n in range(FILLERS)),
    ]
    cards[0]["legalities"] = {"commander": "Legal"}
    cards[1]["legalities"] = {"commander": "Legal", "pauper": "Legal"}
    write_set(imported, cards, code="ZNR")

    report = run_import(imported, compare_all=True)

    assert report["same_rows"] is False
    assert report["printings"]["changed"] == 1
    assert report["legalities"]["removed"] == 1
    assert gnarlid_printing().rarity == "rare"
    assert not Legality.objects.filter(card__oracle_id=GNARLID_ORACLE, format="pauper").exists()
    assert Keyword.objects.filter(slug="kicker").exists()


def test_compare_all_reads_the_files_again_when_a_curators_history_is_gone(
    imported: Path, django_capture_on_commit_callbacks: Any
) -> None:
    curator = get_user_model().objects.create_user("curator")
    card = Card.objects.get(oracle_id=BURST_ORACLE)
    card.name_fr = "Éclair détonant"
    card._history_user = curator  # type: ignore[attr-defined]
    with django_capture_on_commit_callbacks(execute=True):
        card.save()
        run_import(imported, compare_all=True)  # the curator's French kept, the rows remembered
    behind_the_version("DELETE FROM cards_historicalcard WHERE history_user_id IS NOT NULL")

    report = run_import(imported, compare_all=True)

    assert report["same_rows"] is False  # no person's French any more: the source's is due
    assert Card.objects.get(oracle_id=BURST_ORACLE).name_fr == "Éclair explosif"
