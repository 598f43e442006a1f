"""``manage.py import_rules``: the official Comprehensive Rules text, idempotent, all or nothing."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from rulesite.cards.models import Rule
from rulesite.curation.crfile import CRFormatError, parse_comprehensive_rules

REAL_FILE = (
    Path(settings.RULESITE_SHARED_DATA) / "comprehensive-rules" / "MagicCompRules-2026-01-16.txt"
)

SMALL_CR = "\r".join(
    [
        "\ufeffMagic: The Gathering Comprehensive Rules",
        "",
        "These rules are effective as of January 16, 2026.",
        "",
        "Contents",
        "1. Game Concepts",
        "6. Spells, Abilities, and Effects",
        "Glossary",
        "Credits",
        "",
        "6. Spells, Abilities, and Effects",
        "",
        "601. Casting Spells",
        "",
        "601.2. To cast a spell is to take it from where it is, put it on the stack, and pay "
        "its costs.",
        "",
        "601.2f The player determines the total cost of the spell.",
        "",
        "Example: A spell costs {1}{R} more.",
        "",
        "7. Additional Rules",
        "",
        "702. Keyword Abilities",
        "",
        "702.33. Kicker",
        "",
        "702.33a Kicker is a static ability.",
        "",
        "Glossary",
        "",
        "Kicker",
        "See rule 702.33.",
        "",
        "Credits",
    ]
)


def write(tmp_path: Path, text: str, name: str = "MagicCompRules-test.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def run(path: Path) -> str:
    out = io.StringIO()
    call_command("import_rules", str(path), stdout=out)
    return out.getvalue()


def test_parser_reads_bare_cr_line_endings_titles_examples_and_parents() -> None:
    parsed = parse_comprehensive_rules(SMALL_CR)

    rules = parsed.by_number()
    assert parsed.effective_on == datetime.date(2026, 1, 16)
    assert [entry.term for entry in parsed.glossary] == ["Kicker"]
    assert parsed.glossary[0].text == "See rule 702.33."
    assert rules["702.33"].title == "Kicker"
    assert rules["601.2"].title == ""
    assert rules["601.2f"].parent == "601.2"
    assert rules["601.2"].parent == "601"
    assert rules["601"].parent == "6"
    assert rules["601.2f"].text.endswith("Example: A spell costs {1}{R} more.")
    assert "Glossary" not in rules


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("just some text\rwithout rules", "no numbered rules"),
        (SMALL_CR.replace("702.33a Kicker", "702.33. Kicker"), "appears twice"),
        (SMALL_CR.replace("601. Casting Spells", "Casting Spells"), "no parent rule 601"),
        ("6. Spells\r601. Casting\r601.2. A rule.\x00", "NUL"),
    ],
)
def test_parser_rejects_corrupt_files_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(CRFormatError, match=reason):
        parse_comprehensive_rules(text)


@pytest.mark.django_db
def test_import_rules_loads_every_rule_with_parents_and_counts(tmp_path: Path) -> None:
    path = write(tmp_path, SMALL_CR)

    output = run(path)

    assert "rules: 8 added, 0 changed, 0 removed, 0 unchanged" in output
    rule = Rule.objects.select_related("parent").get(number="601.2f")
    assert rule.parent is not None
    assert rule.parent.number == "601.2"
    assert rule.edition == "2026-01-16"
    assert Rule.objects.get(number="702.33").title == "Kicker"


@pytest.mark.django_db
def test_import_rules_twice_changes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, SMALL_CR)
    run(path)
    before = list(Rule.objects.values_list("number", "title", "text_en", "parent__number"))

    output = run(path)

    assert "rules: 0 added, 0 changed, 0 removed, 8 unchanged" in output
    after = list(Rule.objects.values_list("number", "title", "text_en", "parent__number"))
    assert after == before


@pytest.mark.django_db
def test_import_rules_keeps_french_text_and_counts_changed_rules(tmp_path: Path) -> None:
    run(write(tmp_path, SMALL_CR))
    Rule.objects.filter(number="702.33a").update(text_fr="Le kick est une capacité statique.")
    newer = SMALL_CR.replace("Kicker is a static ability.", "Kicker is a static ability (new).")

    output = run(write(tmp_path, newer, "newer.txt"))

    assert "rules: 0 added, 1 changed, 0 removed, 7 unchanged" in output
    rule = Rule.objects.get(number="702.33a")
    assert rule.text_en == "Kicker is a static ability (new)."
    assert rule.text_fr == "Le kick est une capacité statique."


@pytest.mark.django_db
def test_import_rules_on_a_corrupt_file_writes_nothing(tmp_path: Path) -> None:
    run(write(tmp_path, SMALL_CR))
    corrupt = SMALL_CR.replace("601.2f The player", "601.2. The player").replace(
        "Kicker is a static ability.", "Changed text that must not be written."
    )

    with pytest.raises(CommandError, match="appears twice"):
        run(write(tmp_path, corrupt, "corrupt.txt"))

    assert Rule.objects.get(number="702.33a").text_en == "Kicker is a static ability."
    assert Rule.objects.count() == 8


@pytest.mark.django_db
def test_import_rules_on_a_file_that_is_not_utf8_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "binary.txt"
    path.write_bytes(b"\xff\xfe\x00\x01 not text")

    with pytest.raises(CommandError, match="not UTF-8"):
        run(path)

    assert Rule.objects.count() == 0


@pytest.mark.django_db
def test_import_rules_on_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="cannot read"):
        run(tmp_path / "absent.txt")


@pytest.mark.django_db
@pytest.mark.skipif(not REAL_FILE.exists(), reason=f"the official CR file is not at {REAL_FILE}")
def test_import_rules_reads_the_official_2026_01_16_file() -> None:
    output = run(REAL_FILE)

    assert "3267 rules" in output
    kicker = Rule.objects.get(number="702.33")
    assert kicker.title == "Kicker"
    assert kicker.edition == "2026-01-16"
    assert Rule.objects.get(number="702.33a").parent == kicker
    assert Rule.objects.get(number="601.2f").text_en.startswith(
        "The player determines the total cost of the spell."
    )
    assert Rule.objects.filter(number="702.61a").exists()
    assert not Rule.objects.filter(text_en__startswith="\ufeff").exists()
