"""Import and search benchmarks on the real MTGJSON snapshot (run with ``make bench``).

Goals (issue 6): the whole snapshot imports in under 60 s and 500 MB, a re-run writes nothing in
under 30 s, and card search over the ~24k imported cards answers in under 30 ms (p95).
``manage.py bench_import`` measures the same in fresh processes and a fresh database file.
"""

from __future__ import annotations

import resource
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.paginator import Paginator

from rulesite.cards.models import Card
from rulesite.cards.search import parse
from rulesite.curation.management.commands.bench_import import SEARCHES
from rulesite.curation.services.importing import ImportReport, import_cards
from rulesite.curation.sources import MtgjsonReader, expand_paths

pytestmark = [pytest.mark.benchmark, pytest.mark.django_db]

SETS = Path(settings.RULESITE_SHARED_DATA) / "mtgjson-v5.2.0-20220425" / "sets"


def import_snapshot() -> ImportReport:
    reader = MtgjsonReader()
    reader.read(expand_paths([SETS]))
    return import_cards(records=reader.records(), reason="benchmark")


@pytest.fixture
def snapshot_dir() -> Path:
    if not SETS.is_dir():
        pytest.skip(f"MTGJSON snapshot not found at {SETS} (set RULESITE_SHARED_DATA)")
    return SETS


def test_import_whole_mtgjson_snapshot(benchmark: Any, snapshot_dir: Path) -> None:
    report = benchmark.pedantic(import_snapshot, rounds=1, iterations=1)

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    benchmark.extra_info.update(cards=report.cards.added, peak_rss_mb=round(peak_mb))
    assert report.cards.added > 23000
    assert benchmark.stats.stats.max < 60


def test_reimport_whole_snapshot_writes_nothing(benchmark: Any, snapshot_dir: Path) -> None:
    import_snapshot()

    report = benchmark.pedantic(import_snapshot, rounds=1, iterations=1)

    assert report.wrote_nothing
    assert benchmark.stats.stats.max < 30


def test_card_search_over_the_imported_snapshot(benchmark: Any, snapshot_dir: Path) -> None:
    import_snapshot()

    def search_all() -> None:
        for query in SEARCHES:
            cards = Card.objects.filter(parse(query).q).order_by("name")
            list(Paginator(cards, 24).get_page(1))

    benchmark(search_all)

    per_search_ms = benchmark.stats.stats.mean / len(SEARCHES) * 1000
    benchmark.extra_info["mean_ms_per_search"] = round(per_search_ms, 2)
    assert per_search_ms < 30
