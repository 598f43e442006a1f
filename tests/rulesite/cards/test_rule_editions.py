"""The Comprehensive Rules as a product, on the three real editions in ../shared/data: history
across editions, derived renumbering, the diff page, the glossary and ranked rules search."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import transaction
from django.test import Client

from rulesite.cards.models import GlossaryTerm, Keyword, Rule, RuleEdition, RuleVersion
from rulesite.cards.rulesearch import search_rules

CR_DIR = Path(settings.RULESITE_SHARED_DATA) / "comprehensive-rules"
EDITIONS = ["2011-05-01", "2024-11-08", "2026-01-16"]
FILES = [CR_DIR / f"MagicCompRules-{day}.txt" for day in EDITIONS]

pytestmark = [
    pytest.mark.skipif(not all(f.exists() for f in FILES), reason=f"CR files not in {CR_DIR}"),
    pytest.mark.django_db,
]


@pytest.fixture(scope="module")
def three_editions(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """The three editions imported once for the module, newest first (order must not matter),
    rolled back after it."""
    out = io.StringIO()
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("import_rules", *map(str, reversed(FILES)), stdout=out)
        yield out.getvalue()
        transaction.set_rollback(True)


def test_import_reports_each_edition_and_its_changes(three_editions: str) -> None:
    assert "edition 2026-01-16: 3267 rules, 725 glossary terms" in three_editions
    assert "edition 2011-05-01: 1943 rules, 452 glossary terms" in three_editions
    assert "an older edition: the current rules stay those of the newest edition" in three_editions
    assert RuleEdition.objects.count() == 3
    assert Rule.objects.count() == 3267


def test_702_33a_history_across_the_three_editions(three_editions: str) -> None:
    history = RuleVersion.objects.lineage_of("702.33a")

    assert [(v.edition.effective_on.isoformat(), v.number, v.change) for v in history] == [
        ("2011-05-01", "702.30a", "added"),
        ("2024-11-08", "702.33a", "renumbered"),
        ("2026-01-16", "702.33a", "unchanged"),
    ]


def test_renumbering_702_30_to_702_33_is_derived_from_the_texts(three_editions: str) -> None:
    kicker = Rule.objects.get(number="702.33")

    assert kicker.title == "Kicker"
    assert kicker.former_number == "702.30"
    assert Rule.objects.get(number="702.61a").former_number == "702.58a"  # split second
    assert Rule.objects.get(number="702.30").title == "Echo"


def test_rule_page_of_a_reused_number_says_what_it_was(three_editions: str, client: Client) -> None:
    html = client.get("/en/rules/702.30/").content.decode()

    assert "Echo" in html
    assert "In the edition of 2011-05-01, rule 702.30 was another rule" in html
    assert 'href="/en/rules/702.33/"' in html


def test_history_page_marks_the_renumbering(three_editions: str, client: Client) -> None:
    response = client.get("/en/rules/702.33a/history/")

    html = response.content.decode()
    assert response.status_code == 200
    assert "Renumbered: 702.30a became 702.33a." in html
    assert 'datetime="2011-05-01"' in html


def test_diff_page_marks_changed_words(three_editions: str, client: Client) -> None:
    response = client.get("/en/rules/changes/2024-11-08/2026-01-16/")

    html = response.content.decode()
    assert response.status_code == 200
    assert "<del>" in html
    assert "<ins>" in html
    assert 'id="renumbered"' in html
    assert client.get("/en/rules/changes/").status_code == 302


def test_glossary_import_and_pages(three_editions: str, client: Client) -> None:
    term = GlossaryTerm.objects.get(slug="mana-value")

    assert term.edition == "2026-01-16"
    assert "See rule 202.3" in term.text_en
    html = client.get("/en/glossary/mana-value/").content.decode()
    assert '<a class="rule-link" href="/en/rules/202.3/">' in html
    assert "mana-value" in client.get("/en/glossary/").content.decode()


def test_rules_search_ranks_the_kicker_rule_first(three_editions: str) -> None:
    hits = search_rules("kicker cost")

    assert hits[0].number.startswith("702.33")
    assert "<mark>" in hits[0].snippet
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert search_rules("eclair spell") == search_rules("éclair spell")


def test_every_keyword_of_702_has_a_page(three_editions: str, client: Client) -> None:
    titled = Rule.objects.filter(number__regex=r"^702\.[0-9]+$").exclude(title="")
    assert titled.count() > 150

    for rule in titled:
        keyword = Keyword.objects.get(rule_number=rule.number)
        assert client.get(keyword.get_absolute_url()).status_code == 200
    assert "Horsemanship" in client.get("/en/keywords/").content.decode()


def test_reimport_of_the_same_edition_writes_nothing(three_editions: str) -> None:
    out = io.StringIO()

    call_command("import_rules", str(FILES[-1]), stdout=out)

    assert "rules: 0 added, 0 changed, 0 removed, 3267 unchanged" in out.getvalue()


def test_an_old_number_no_rule_has_today_redirects_to_the_rule_it_became(
    three_editions: str, client: Client
) -> None:
    response = client.get("/en/rules/702.30g/")

    assert response.status_code == 302
    assert response["Location"] == "/en/rules/702.33g/?from=702.30g"
    assert (
        "Rule 702.30g of older editions is numbered 702.33g today."
        in client.get(response["Location"]).content.decode()
    )
