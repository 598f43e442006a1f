"""New answers a worker holds for the shared cache (rulesite.core.writebehind) are written when
the worker exits: under ``make serve``, gunicorn's ``worker_exit`` hook writes them."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from tests.security.live_site import Site, make_serve

COUNT_EARLY_EVALUATIONS = (
    "from django.core.cache import caches; from django.db import connection; "
    "table = caches['pages']._table; "
    "cursor = connection.cursor(); "
    "cursor.execute(f'SELECT COUNT(*) FROM {table} WHERE cache_key LIKE %s', "
    "['%early-evaluation%']); "
    "print(cursor.fetchone()[0])"
)


def _evaluate(site: Site) -> int:
    body = {"action": {"kind": "cast", "card": "Burst Lightning"}, "assume_mana": True}
    request = urllib.request.Request(
        f"{site.url}/api/v1/evaluate",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status


def _kept(site: Site) -> int:
    return int(site.manage("shell", "--no-imports", "-c", COUNT_EARLY_EVALUATIONS).stdout)


def test_a_workers_waiting_answers_are_written_when_it_exits(tmp_path: Path) -> None:
    with make_serve(tmp_path / "served") as site:
        status = _evaluate(site)
        waiting = _kept(site)  # made, held by its worker: no other request finished there

    written = _kept(site)

    assert status == 200
    assert waiting == 0
    assert written == 1
