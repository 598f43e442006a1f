"""import_scryfall: Scryfall bulk files (oracle cards, rulings, all cards for French)."""

from __future__ import annotations

import datetime
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from rulesite.cards.models import Card, Ruling
from tests.rulesite.curation.curation_files import (
    BURST_ORACLE,
    GNARLID_ORACLE,
    KICKER_2024,
    scryfall_card,
    scryfall_ruling,
    write_json,
)

pytestmark = pytest.mark.django_db


def burst_card(**fields: Any) -> dict[str, Any]:
    return scryfall_card(
        "Burst Lightning",
        BURST_ORACLE,
        oracle_text="Kicker {4} (You may pay an additional {4} as you cast this spell.)\n"
        "Burst Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 "
        "damage instead.",
        keywords=["Kicker"],
        **fields,
    )


def bonecrusher() -> dict[str, Any]:
    return scryfall_card(
        "Bonecrusher Giant // Stomp",
        "d6d72f5f-8f5d-4180-b514-f22ff5482902",
        layout="adventure",
        mana_cost="{2}{R} // {1}{R}",
        cmc=3.0,
        type_line="Creature — Giant // Instant — Adventure",
        oracle_text=None,
        card_faces=[
            {
                "name": "Bonecrusher Giant",
                "mana_cost": "{2}{R}",
                "type_line": "Creature — Giant",
                "oracle_text": "Whenever this creature becomes the target of a spell, …",
                "power": "4",
                "toughness": "3",
            },
            {
                "name": "Stomp",
                "mana_cost": "{1}{R}",
                "type_line": "Instant — Adventure",
                "oracle_text": "Damage can't be prevented this turn. Stomp deals 2 damage …",
            },
        ],
    )


def files(
    tmp_path: Path,
    cards: list[dict[str, Any]],
    rulings: list[dict[str, str]],
    *,
    compress: bool = False,
) -> tuple[Path, Path]:
    suffix = ".json.gz" if compress else ".json"
    return (
        write_json(tmp_path / f"oracle-cards{suffix}", cards, compress=compress),
        write_json(tmp_path / f"rulings{suffix}", rulings, compress=compress),
    )


def run_import(oracle: Path, rulings: Path, *extra: str) -> str:
    out = StringIO()
    call_command("import_scryfall", str(oracle), str(rulings), *extra, "--quiet", stdout=out)
    return out.getvalue()


def test_scryfall_import_keeps_source_and_dates_of_rulings(tmp_path: Path) -> None:
    oracle, rulings = files(
        tmp_path,
        [burst_card()],
        [
            *(scryfall_ruling(BURST_ORACLE, "2024-11-08", text) for text in KICKER_2024),
            scryfall_ruling(BURST_ORACLE, "2020-01-01", "Scryfall's own note.", source="scryfall"),
        ],
    )

    run_import(oracle, rulings)

    card = Card.objects.get(oracle_id=BURST_ORACLE)
    assert card.keywords.get().slug == "kicker"
    assert card.rulings.filter(source="wotc").count() == 6
    note = card.rulings.get(source="scryfall")
    assert (note.text_en, note.published_on) == ("Scryfall's own note.", datetime.date(2020, 1, 1))


def test_french_printing_from_all_cards_newest_with_text(tmp_path: Path) -> None:
    oracle, rulings = files(tmp_path, [burst_card()], [])
    french = [
        burst_card(
            lang="fr",
            printed_name="Éclair explosif",
            printed_type_line="Éphémère",
            printed_text="Kick {4} (ancien)",
            released_at="2009-10-02",
        ),
        burst_card(
            lang="fr",
            printed_name="Éclair explosif",
            printed_type_line="Éphémère",
            printed_text="Kick {4} (récent)",
            released_at="2024-11-15",
            set="fdn",
        ),
        burst_card(lang="de", printed_name="Explosiver Blitz", released_at="2025-01-01"),
        burst_card(lang="fr", printed_name="Éclair explosif", released_at="2026-01-01"),
    ]
    all_cards = write_json(tmp_path / "all-cards.json", french)

    run_import(oracle, rulings, "--all-cards", str(all_cards))

    card = Card.objects.get()
    assert (card.name_fr, card.type_line_fr, card.printed_text_fr, card.printed_set_fr) == (
        "Éclair explosif",
        "Éphémère",
        "Kick {4} (récent)",
        "FDN",
    )


def test_multi_face_scryfall_card_uses_faces(tmp_path: Path) -> None:
    oracle, rulings = files(tmp_path, [bonecrusher()], [])

    run_import(oracle, rulings)

    card = Card.objects.get()
    assert card.mana_cost == "{2}{R} // {1}{R}"
    assert card.oracle_text.split("\n//\n")[1].startswith("Damage can't be prevented")
    assert (card.power, card.toughness) == ("4", "3")


def test_scryfall_reimport_writes_nothing_and_gzip_is_read(tmp_path: Path) -> None:
    oracle, rulings = files(
        tmp_path,
        [burst_card(), bonecrusher()],
        [scryfall_ruling(BURST_ORACLE, "2024-11-08", KICKER_2024[0])],
        compress=True,
    )
    run_import(oracle, rulings)

    output = run_import(oracle, rulings)

    assert "Nothing to write: the database already matches the input." in output
    assert Card.objects.count() == 2


def test_scryfall_replaces_mtgjson_rulings_and_drops_the_old_links(tmp_path: Path) -> None:
    oracle, rulings = files(
        tmp_path,
        [scryfall_card("Gnarlid Colony", GNARLID_ORACLE, mana_cost="{1}{G}", colors=["G"])],
        [scryfall_ruling(GNARLID_ORACLE, "2020-09-25", "An old ruling.")],
    )
    run_import(oracle, rulings)
    write_json(rulings, [scryfall_ruling(GNARLID_ORACLE, "2024-11-08", t) for t in KICKER_2024])

    run_import(oracle, rulings)

    card = Card.objects.get()
    assert card.rulings.count() == 6
    assert not Ruling.objects.filter(text_en="An old ruling.").exists()


def test_unknown_ruling_source_is_rejected_and_nothing_written(tmp_path: Path) -> None:
    oracle, rulings = files(
        tmp_path,
        [burst_card()],
        [scryfall_ruling(BURST_ORACLE, "2024-11-08", "x", source="gatherer")],
    )

    with pytest.raises(CommandError, match=r"ruling #1: unknown source 'gatherer'"):
        run_import(oracle, rulings)

    assert Card.objects.count() == 0


def test_truncated_oracle_file_rolls_back(tmp_path: Path) -> None:
    oracle, rulings = files(tmp_path, [burst_card(), bonecrusher()], [])
    oracle.write_text(oracle.read_text()[:-40])

    with pytest.raises(CommandError, match="not valid JSON"):
        run_import(oracle, rulings)

    assert Card.objects.count() == 0


def test_rulings_of_cards_not_in_the_oracle_file_are_counted_as_skipped(tmp_path: Path) -> None:
    oracle, rulings = files(
        tmp_path,
        [burst_card()],
        [scryfall_ruling("00000000-0000-0000-0000-00000000dead", "2024-11-08", "Orphan.")],
    )

    output = run_import(oracle, rulings)

    assert "Skipped 1: rulings of cards not in the oracle file." in output
    assert Ruling.objects.count() == 0


def test_scryfall_tokens_are_skipped(tmp_path: Path) -> None:
    token = scryfall_card("Beast", "11111111-1111-1111-1111-111111111111", layout="token")
    oracle, rulings = files(tmp_path, [burst_card(), token], [])

    output = run_import(oracle, rulings)

    assert Card.objects.count() == 1
    assert "Skipped 1: layout token." in output
