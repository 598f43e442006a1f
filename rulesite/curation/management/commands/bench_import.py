"""``manage.py bench_import`` — import the whole MTGJSON snapshot into a fresh SQLite database.

Runs each step in its own process against a throw-away database (so the figures are those of a
real deployment's first and second import), then measures card search on the result:

1. ``migrate`` (not timed in the goals);
2. ``import_mtgjson SETS`` — goal: under 60 s and under 500 MB peak memory;
3. the same import again, every card compared (``--compare-all``) — goal: writes nothing,
   under 30 s;
4. card searches over the imported cards — goal: p95 under 30 ms (the search query, and the
   search page rendered through the test client).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

GOALS = {"import_s": 60.0, "import_mb": 500.0, "reimport_s": 30.0, "search_p95_ms": 30.0}

SEARCHES = (
    "burst",
    "éclair",
    "colonie de gnarlides",
    "gob",
    "dragon",
    "lightning",
    "kw:kicker",
    "kw:kicker mv<=3 t:instant",
    "kw:convoke",
    'kw:"split second"',
    'o:"copy target instant or sorcery spell"',
    "t:éphémère",
    "c:rg t:creature",
    "mv>=7",
    "zzzz",
    # complex queries: or, parentheses, negation, comparisons, printings and legality
    "t:instant (kw:kicker or kw:convoke) mv<=3",
    "pow>=5 tou<=3 -t:dragon",
    "c>=rg -c:c (t:creature or t:planeswalker)",
    "id<=wu is:permanent mv<=2",
    "r:mythic s:znr",
    "f:modern -banned:legacy c:r t:instant",
    "pow>tou t:creature order:pow dir:desc",
    '(o:"draw a card" or o:scry) t:sorcery -c:u',
)


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.95)
    4.0
    """
    ordered = sorted(values)
    rank = max(1, round(fraction * len(ordered) + 0.5))
    return ordered[min(rank, len(ordered)) - 1]


class Command(BaseCommand):
    help = __doc__
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--sets",
            type=Path,
            default=None,
            help="MTGJSON set files directory (default: RULESITE_SHARED_DATA/mtgjson-…/sets)",
        )
        parser.add_argument("--keep", action="store_true", help="keep the benchmark database")
        parser.add_argument("--rounds", type=int, default=20, help="rounds of each search")
        parser.add_argument(
            "--check", action="store_true", help="exit with an error when a goal is missed"
        )
        parser.add_argument("--search-only", action="store_true", help=argparse_hidden())

    def handle(self, *args: Any, **options: Any) -> None:
        if options["search_only"]:
            self.stdout.write(json.dumps(measure_search(rounds=options["rounds"])))
            return
        sets = options["sets"] or (
            Path(settings.RULESITE_SHARED_DATA) / "mtgjson-v5.2.0-20220425" / "sets"
        )
        if not sets.is_dir():
            raise CommandError(f"{sets}: no such directory (set RULESITE_SHARED_DATA or --sets)")
        workdir = Path(tempfile.mkdtemp(prefix="rulesite-bench-"))
        try:
            results = self._run(sets, workdir, options)
        finally:
            if options["keep"]:
                self.stdout.write(f"Database kept in {workdir}")
            else:
                shutil.rmtree(workdir, ignore_errors=True)
        self._print(results)
        missed = [name for name, ok in results["goals"].items() if not ok]
        if options["check"] and missed:
            raise CommandError(f"goals missed: {', '.join(missed)}")

    def _run(self, sets: Path, workdir: Path, options: dict[str, Any]) -> dict[str, Any]:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{workdir / 'bench.sqlite3'}",
            "RULESITE_VAR_DIR": str(workdir),
            "PYTHONWARNINGS": "ignore",
        }
        manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]

        def run(*argv: str) -> tuple[float, str]:
            started = time.perf_counter()
            done = subprocess.run(
                [*manage, *argv], env=env, capture_output=True, text=True, check=False
            )
            elapsed = time.perf_counter() - started
            if done.returncode != 0:
                raise CommandError(f"{' '.join(argv)} failed:\n{done.stderr[-3000:]}")
            return elapsed, done.stdout

        self.stdout.write(f"Fresh SQLite database in {workdir}; sets from {sets}")
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        run("migrate", "--skip-checks", "--noinput", "-v0")
        first_json, second_json = workdir / "first.json", workdir / "second.json"
        first_wall, _ = run(
            "import_mtgjson", str(sets), "--quiet", "--report-json", str(first_json)
        )
        second_wall, _ = run(  # every card compared, as a re-import of changed files would
            "import_mtgjson",
            str(sets),
            "--compare-all",
            "--quiet",
            "--report-json",
            str(second_json),
        )
        _, out = run("bench_import", "--search-only", "--rounds", str(options["rounds"]))
        first = json.loads(first_json.read_text())
        second = json.loads(second_json.read_text())
        search = json.loads(out.strip().splitlines()[-1])
        first["wall_seconds"], second["wall_seconds"] = first_wall, second_wall
        p95 = search["query"]["p95_ms"]
        goals = {
            f"import < {GOALS['import_s']:.0f} s": first["seconds"] < GOALS["import_s"],
            f"import < {GOALS['import_mb']:.0f} MB": first["peak_rss_mb"] < GOALS["import_mb"],
            "re-import writes nothing": bool(second["wrote_nothing"]),
            f"re-import < {GOALS['reimport_s']:.0f} s": second["seconds"] < GOALS["reimport_s"],
            f"search p95 < {GOALS['search_p95_ms']:.0f} ms": p95 < GOALS["search_p95_ms"],
        }
        return {
            "first": first,
            "second": second,
            "search": search,
            "goals": goals,
            "load": load,
        }

    def _print(self, results: dict[str, Any]) -> None:
        first, second, search = results["first"], results["second"], results["search"]
        w = self.stdout.write
        w("")
        w(f"Machine load average before the run: {results['load']}")
        w(
            f"First import : {first['seconds']:.1f} s in the command "
            f"({first['cpu_seconds']:.1f} s CPU; {first['wall_seconds']:.1f} s with interpreter "
            f"start), peak memory {first['peak_rss_mb']:.0f} MB"
        )
        w(f"               cards {fmt(first['cards'])}; rulings {fmt(first['rulings'])}")
        w(
            f"Re-import    : {second['seconds']:.1f} s ({second['cpu_seconds']:.1f} s CPU; "
            f"{second['wall_seconds']:.1f} s wall), "
            f"peak memory {second['peak_rss_mb']:.0f} MB, "
            f"{'wrote nothing' if second['wrote_nothing'] else 'WROTE CHANGES'}"
        )
        w(f"               cards {fmt(second['cards'])}; rulings {fmt(second['rulings'])}")
        q, v = search["query"], search["view"]
        w(
            f"Search over {search['cards']} cards, {search['samples']} searches: "
            f"query p50 {q['p50_ms']:.1f} ms, p95 {q['p95_ms']:.1f} ms, max {q['max_ms']:.1f} ms"
        )
        slowest = ", ".join(f"{q} ({ms:.1f} ms)" for q, ms in search["slowest"])
        w(f"               slowest searches (median): {slowest}")
        if v.get("error"):
            w(f"               search page: not measured ({v['error']})")
        else:
            w(
                f"               search page (test client): p50 {v['p50_ms']:.1f} ms, "
                f"p95 {v['p95_ms']:.1f} ms, max {v['max_ms']:.1f} ms"
            )
        for goal, ok in results["goals"].items():
            style = self.style.SUCCESS if ok else self.style.ERROR
            w(style(f"{'PASS' if ok else 'MISS'}  {goal}"))


def fmt(counts: dict[str, int]) -> str:
    return ", ".join(f"{counts[k]} {k}" for k in ("added", "changed", "removed", "unchanged"))


def argparse_hidden() -> str:
    import argparse

    return argparse.SUPPRESS


def _timings(samples: list[float]) -> dict[str, float]:
    return {
        "p50_ms": statistics.median(samples) * 1000,
        "p95_ms": percentile(samples, 0.95) * 1000,
        "max_ms": max(samples) * 1000,
    }


def measure_search(*, rounds: int) -> dict[str, Any]:
    """Time the card search (parse + count + first page) and the search page, in this process."""
    from django.core.paginator import Paginator
    from django.test import Client

    from rulesite.cards.models import Card
    from rulesite.cards.search import parse

    def first_page(query: str) -> None:
        q = parse(query).q
        matching = getattr(Card.objects, "matching", None)  # the search page's own query
        cards = matching(q) if matching else Card.objects.filter(q)
        listing = getattr(cards, "for_listing", None)
        cards = listing() if listing else cards.order_by("name")
        list(Paginator(cards, 24).get_page(1))

    for query in SEARCHES:  # warm the caches once, as a running server would be
        first_page(query)
    samples: list[float] = []
    per_query: dict[str, list[float]] = {q: [] for q in SEARCHES}
    for _ in range(rounds):
        for query in SEARCHES:
            started = time.perf_counter()
            first_page(query)
            elapsed = time.perf_counter() - started
            samples.append(elapsed)
            per_query[query].append(elapsed)
    slowest = sorted(per_query.items(), key=lambda kv: -statistics.median(kv[1]))[:3]
    result: dict[str, Any] = {
        "cards": Card.objects.count(),
        "samples": len(samples),
        "query": _timings(samples),
        "slowest": [[q, statistics.median(t) * 1000] for q, t in slowest],
    }
    try:
        from django.urls import reverse
        from django.utils import translation

        with translation.override("en"):
            url = reverse("cards:card_list")
        client = Client()
        views: list[float] = []
        for query in SEARCHES:
            client.get(url, {"q": query})
        for _ in range(max(1, rounds // 4)):
            for query in SEARCHES:
                started = time.perf_counter()
                response = client.get(url, {"q": query})
                views.append(time.perf_counter() - started)
                if response.status_code != 200:
                    raise RuntimeError(f"search page answered {response.status_code}")
        result["view"] = _timings(views)
    except Exception as exc:  # the page belongs to another app: report, don't fail the bench
        result["view"] = {"error": f"{type(exc).__name__}: {exc}"}
    return result
