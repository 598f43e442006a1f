"""Card pages, search and the Comprehensive Rules import (run with ``make bench``).

Goals: a card page with all its clarifications, a filtered search and a keyword page each render
in under 100 ms (median, on 2 shared cores) through the whole Django stack on the demo data; the
official CR file (3,267 rules) parses in under 0.5 s and imports into an empty database in under
10 s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

from rulesite.cards.models import Rule, RuleEdition
from rulesite.cards.rulesearch import search_rules
from rulesite.cards.services import store_rule_edition
from rulesite.curation.crfile import decode_rules_file, parse_comprehensive_rules

pytestmark = [pytest.mark.benchmark, pytest.mark.django_db]

CR_FILE = (
    Path(settings.RULESITE_SHARED_DATA) / "comprehensive-rules" / "MagicCompRules-2026-01-16.txt"
)


@pytest.fixture
def demo(db: None) -> Client:
    call_command("load_demo", verbosity=0)
    return Client()


@pytest.mark.parametrize(
    "url",
    [
        "/fr/cards/kavu-primarch/",
        "/en/cards/?q=kw%3Akicker+t%3Ainstant+mv%3C%3D3",
        "/fr/cards/?q=eclair",
        "/en/keywords/kicker/",
        "/en/rules/601.2/",
        "/api/v1/cards/molten-disaster",
    ],
)
def test_page_render(benchmark: Any, demo: Client, url: str) -> None:
    response = benchmark(demo.get, url)

    assert response.status_code == 200
    assert benchmark.stats.stats.median < 0.1


@pytest.fixture
def cr_text() -> str:
    if not CR_FILE.exists():
        pytest.skip(f"the official CR file is not at {CR_FILE} (set RULESITE_SHARED_DATA)")
    return decode_rules_file(CR_FILE.read_bytes())


def test_parse_comprehensive_rules(benchmark: Any, cr_text: str) -> None:
    parsed = benchmark(parse_comprehensive_rules, cr_text)

    assert len(parsed.rules) > 3000
    assert benchmark.stats.stats.median < 0.5


def test_import_comprehensive_rules_into_empty_database(benchmark: Any, cr_text: str) -> None:
    parsed = parse_comprehensive_rules(cr_text)

    def run() -> None:
        RuleEdition.objects.all().delete()
        Rule.objects.all().delete()
        store_rule_edition(edition=parsed)

    benchmark.pedantic(run, rounds=3, iterations=1)

    assert Rule.objects.count() == len(parsed.rules)
    assert benchmark.stats.stats.max < 10


def test_import_three_editions_with_their_history(benchmark: Any, cr_text: str) -> None:
    editions = [
        parse_comprehensive_rules(decode_rules_file(path.read_bytes()))
        for path in sorted(CR_FILE.parent.glob("MagicCompRules-*.txt"))
    ]

    def run() -> None:
        RuleEdition.objects.all().delete()
        Rule.objects.all().delete()
        for edition in editions:
            store_rule_edition(edition=edition)

    benchmark.pedantic(run, rounds=1, iterations=1)

    assert RuleEdition.objects.count() == len(editions)
    assert benchmark.stats.stats.max < 60


def test_rules_search(benchmark: Any, cr_text: str) -> None:
    store_rule_edition(edition=parse_comprehensive_rules(cr_text))
    search_rules("warm the index")

    hits = benchmark(search_rules, "kicker cost")

    assert hits[0].number.startswith("702.33")
    assert benchmark.stats.stats.median < 0.01
