"""State shared by every worker: under ``make serve`` (nginx, gunicorn with four workers) the
rate limits count in the shared cache, and a write made from the command line reaches the
page cache of every running worker at once."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from tests.rate_windows import start_clear_of_window_end
from tests.security.live_site import Site

DOCUMENTED_RATE = 10  # RULESITE_SCENARIO_RATE's default, "10/h" (README)
BURST_SECONDS = 60.0  # ample for a burst of thirty to sixty requests, on a slow machine


def _submit(url: str, number: int, start: threading.Barrier) -> int:
    body = {
        "title": f"Rate-limited question {number}",
        "question": "Is a kicked Burst Lightning's mana value still 1?",
        "language": "en",
        "author": "",
        "scenario": {
            "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1]},
            "assume_mana": True,
        },
    }
    request = urllib.request.Request(
        f"{url}/api/v1/scenarios",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    start.wait()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_rate_limit_holds_across_workers(served_site: Site) -> None:
    attempts = 3 * DOCUMENTED_RATE
    start = threading.Barrier(attempts)
    start_clear_of_window_end(f"{DOCUMENTED_RATE}/h", seconds=BURST_SECONDS)

    with ThreadPoolExecutor(max_workers=attempts) as pool:
        statuses = list(pool.map(lambda n: _submit(served_site.url, n, start), range(attempts)))

    assert statuses.count(201) == DOCUMENTED_RATE
    assert statuses.count(429) == attempts - DOCUMENTED_RATE


EVALUATE_RATE = 20  # the served site's RULESITE_EVALUATE_RATE, "20/h" (conftest.py)
SCENARIO = {
    "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]},
    "assume_mana": True,
}


def _evaluate(url: str, start: threading.Barrier | None = None) -> tuple[int, str]:
    request = urllib.request.Request(
        f"{url}/api/v1/evaluate",
        data=json.dumps(SCENARIO).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    if start is not None:
        start.wait()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.headers.get("X-Rulesite-Cache", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("X-Rulesite-Cache", "")


def test_the_evaluate_rate_limit_holds_across_workers_for_repeated_answers(
    served_site: Site,
) -> None:
    start_clear_of_window_end(f"{EVALUATE_RATE}/h", seconds=BURST_SECONDS)
    first = [_evaluate(served_site.url) for _ in range(4)]  # answered early once kept
    attempts = 3 * EVALUATE_RATE
    start = threading.Barrier(attempts)

    with ThreadPoolExecutor(max_workers=attempts) as pool:
        answers = list(pool.map(lambda _n: _evaluate(served_site.url, start), range(attempts)))

    assert [status for status, _cache in first] == [200, 200, 200, 200]
    assert [cache for _status, cache in first][1:] == ["hit", "hit", "hit"]
    statuses = [status for status, _cache in answers]
    assert statuses.count(200) == EVALUATE_RATE - len(first)
    assert statuses.count(429) == attempts - (EVALUATE_RATE - len(first))


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode()


def test_a_command_line_write_refreshes_pages_on_every_worker(served_site: Site) -> None:
    url = f"{served_site.url}/en/cards/gnarlid-colony/"
    before = [_page(url) for _ in range(8)]  # cached once, then served from the shared cache

    served_site.manage(
        "shell",
        "-c",
        "from rulesite.cards.models import Card; "
        "Card.objects.filter(name='Gnarlid Colony').update(type_line='Creature — Beast Ally')",
    )
    after = [_page(url) for _ in range(8)]

    assert all("Creature — Beast Ally" not in page for page in before)
    assert all("Creature — Beast Ally" in page for page in after)
