"""The MTGJSON reader decodes a set file straight into the fields it reads; any other file (or
a set file whose fields are not of the usual types) goes through the careful reader, and both
read the same cards the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesite.curation.records import CardRecord, SourceError
from rulesite.curation.sources import MtgjsonReader
from tests.rulesite.curation.curation_files import (
    KICKER_2020,
    burst,
    gnarlid,
    mtgjson_card,
    rulings,
    write_json,
    write_set,
)


def _read(*paths: Path) -> tuple[list[CardRecord], MtgjsonReader]:
    reader = MtgjsonReader()
    reader.read(list(paths))
    return list(reader.records()), reader


def _cards() -> list[dict[str, object]]:
    split = [
        mtgjson_card(
            "Fire // Ice",
            None,
            faceName=face,
            side=side,
            layout="split",
            mana_cost=cost,
            french={"name": "Feu // Glace", "faceName": fr, "type": "Éphémère", "text": fr},
        )
        for face, side, cost, fr in [
            ("Fire", "a", "{1}{R}", "Feu"),
            ("Ice", "b", "{1}{U}", "Glace"),
        ]
    ]
    return [burst(rulings("2020-09-25", KICKER_2020[:2])), gnarlid([]), *split]


def test_a_set_file_reads_as_the_same_set_in_an_all_printings_file(tmp_path: Path) -> None:
    set_file = write_set(tmp_path / "ZNR.json.gz", _cards(), code="ZNR", compress=True)
    document = json.loads(
        write_set(tmp_path / "set.json", _cards(), code="ZNR").read_text(encoding="utf-8")
    )
    all_printings = write_json(
        tmp_path / "AllPrintings.json", {"meta": {}, "data": {"ZNR": document["data"]}}
    )

    fast, _ = _read(set_file)
    careful, _ = _read(all_printings)

    assert [r.name for r in fast] == ["Burst Lightning", "Fire // Ice", "Gnarlid Colony"]
    assert fast == careful


def test_a_set_file_with_a_field_of_another_type_reads_as_the_careful_reader_does(
    tmp_path: Path,
) -> None:
    odd = mtgjson_card("Numeric Golem", None, power=None, mana_value=3.0)
    odd["power"], odd["toughness"] = 3, None  # numbers where MTGJSON writes text
    unnamed = mtgjson_card("x", None)
    unnamed["name"] = None
    path = write_set(tmp_path / "ODD.json", [burst(), odd, unnamed])

    records, reader = _read(path)

    golem = next(r for r in records if r.name == "Numeric Golem")
    assert (golem.power, golem.toughness, str(golem.mana_value)) == ("", "", "3.0")
    assert [r.name for r in records] == ["Burst Lightning", "Numeric Golem"]
    assert reader.stats.skipped == {"no name": 1}


def test_rulings_foreign_data_and_legalities_of_other_types_read_as_the_careful_reader_does(
    tmp_path: Path,
) -> None:
    card = burst(rulings("2020-09-25", KICKER_2020[:2]))
    card["rulings"].append({"date": "2020-09-25", "text": None})  # no text: no ruling
    card["foreignData"][-1]["type"] = None  # a French type that is not text: empty
    card["legalities"] = {"commander": "Legal", "modern": 1}  # a status that is not text
    odd = write_set(tmp_path / "ODD.json.gz", [card], code="ODD", compress=True)
    document = json.loads(write_set(tmp_path / "set.json", [card], code="ODD").read_text())
    all_printings = write_json(
        tmp_path / "AllPrintings.json", {"meta": {}, "data": {"ODD": document["data"]}}
    )

    fast, _ = _read(odd)
    careful, _ = _read(all_printings)

    assert fast == careful
    (record,) = fast
    assert [r.text for r in record.rulings or ()] == KICKER_2020[:2]
    assert (record.name_fr, record.type_line_fr) == ("Éclair explosif", "")
    assert record.legalities == {"commander": "legal"}


def test_a_ruling_that_is_not_an_object_is_an_error_naming_its_file(tmp_path: Path) -> None:
    card = burst(rulings("2020-09-25", KICKER_2020[:1]))
    card["rulings"].append("If a spell's kicker cost was paid")
    path = write_set(tmp_path / "BAD.json", [card])

    with pytest.raises(SourceError, match=r"BAD\.json: unexpected structure"):
        _read(path)


def test_the_french_of_the_newest_printing_is_kept_whatever_the_order_of_the_files(
    tmp_path: Path,
) -> None:
    old = burst()
    old["foreignData"][-1]["text"] = "Kick {4} (ancien texte)"
    new = burst()
    new["foreignData"][-1]["text"] = "Kick {4} (nouveau texte)"
    files = [
        write_set(tmp_path / "AAA.json", [new], code="AAA", release="2022-01-01"),
        write_set(tmp_path / "ZZZ.json", [old], code="ZZZ", release="2010-01-01"),
    ]

    (forward,), _ = _read(*files)
    (backward,), _ = _read(*reversed(files))

    for record in (forward, backward):
        assert record.printed_text_fr == "Kick {4} (nouveau texte)"
        assert record.printed_set_fr == "AAA"
