"""The importer trusts no file: parsing is streamed with a nesting limit (a small file nested
60,000 deep is a clean error, not gigabytes of memory), and cards whose mana cost is not
printed notation, or whose text no database keeps, are skipped, counted and named."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rulesite.cards.models import Card
from rulesite.curation.records import CardRecord
from rulesite.curation.services.importing import import_cards
from tests.rulesite.curation.curation_files import burst, mtgjson_card, write_set

pytestmark = pytest.mark.django_db


def _deep(path: Path, depth: int, *, compress: bool = False) -> Path:
    raw = b'{"data": {"cards": ' + b"[" * depth + b"]" * depth + b', "code": "TST"}}'
    path.write_bytes(gzip.compress(raw) if compress else raw)
    return path


@pytest.mark.parametrize("compress", [False, True])
def test_a_deeply_nested_file_is_a_clean_command_error_and_changes_nothing(
    tmp_path: Path, compress: bool
) -> None:
    call_command("import_mtgjson", str(write_set(tmp_path / "ok.json", [burst()])), verbosity=0)
    before = list(Card.objects.values_list("name", "oracle_text"))
    nested = _deep(
        tmp_path / ("deep.json.gz" if compress else "deep.json"), 60_000, compress=compress
    )

    with pytest.raises(CommandError, match="nested more than 64 levels deep"):
        call_command("import_mtgjson", str(nested), verbosity=0)

    assert nested.stat().st_size < 130_000
    assert list(Card.objects.values_list("name", "oracle_text")) == before


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    card = mtgjson_card("Bracket Mage", None, text="[+1]: " + "[" * 200 + ' \\" ' + "{" * 200)
    path = write_set(tmp_path / "set.json", [card])

    call_command("import_mtgjson", str(path), verbosity=0)

    assert Card.objects.get(name="Bracket Mage").oracle_text.startswith("[+1]: [[[")


def test_bad_mana_costs_and_names_are_skipped_counted_and_named(tmp_path: Path, capsys) -> None:
    cards = [
        burst(),
        mtgjson_card("Gleemax", None, mana_cost="{1000000}", type_line="Legendary Artifact"),
        mtgjson_card("Little Girl", None, mana_cost="{HW}", type_line="Creature — Human Child"),
        mtgjson_card("Garbage Golem", None, mana_cost="{Q}{999999}"),
        mtgjson_card("Control\x07Freak", None),
    ]
    path = write_set(tmp_path / "set.json", cards)

    call_command("import_mtgjson", str(path))

    out = capsys.readouterr().out
    assert sorted(Card.objects.values_list("name", flat=True)) == [
        "Burst Lightning",
        "Gleemax",
        "Little Girl",
    ]
    assert "Skipped 2: a mana cost or text the site can't store." in out
    assert "'Garbage Golem' skipped: mana cost '{Q}{999999}' is not mana notation" in out
    assert "'Control\\x07Freak' skipped: name holds a control character" in out


def test_a_lone_surrogate_in_a_name_is_never_stored() -> None:
    records = [CardRecord(name="Broken" + chr(0xD800) + "Name", type_line="Instant")]

    report = import_cards(records=records, reason="test")

    assert Card.objects.count() == 0
    assert report.warnings == [
        "'Broken\\ud800Name' skipped: name holds a control character or a lone surrogate"
    ]


def test_the_json_report_lists_every_skipped_card(tmp_path: Path) -> None:
    path = write_set(tmp_path / "set.json", [mtgjson_card("Garbage Golem", None, mana_cost="{T}")])
    report = tmp_path / "report.json"

    call_command("import_mtgjson", str(path), "--report-json", str(report), verbosity=0)

    assert json.loads(report.read_text())["warnings"] == [
        "'Garbage Golem' skipped: mana cost '{T}' is not mana notation"
    ]
