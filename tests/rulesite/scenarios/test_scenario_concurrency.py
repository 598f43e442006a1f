"""100 scenarios submitted at once, by threads, against a running server: all stored, none
lost, none duplicated.

On PostgreSQL the test uses pytest-django's ``live_server``. On SQLite the test database is in
memory, and Django's live server then shares ONE connection between all its request threads,
which tests nothing about concurrent writers; so the test starts the real thing instead —
gunicorn with the project's ``gunicorn.conf.py``, several worker processes and threads, on a
WAL-mode SQLite file with the busy timeout from settings.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.db import connection

from rulesite.scenarios.models import Scenario

SUBMISSIONS = 100
ROOT = Path(__file__).resolve().parents[3]


@dataclass
class Server:
    url: str
    stored: Callable[[], list[tuple[int, str, int]]]  # (id, title, number of cards)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    pytest.fail(f"server did not become healthy:\n{log.read_text()[-3000:]}")


@pytest.fixture
def gunicorn_on_sqlite_file(tmp_path: Path) -> Iterator[Server]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    port = _free_port()
    env.update(
        {
            "RULESITE_VAR_DIR": str(tmp_path),
            "DJANGO_DEBUG": "1",
            "RULESITE_SCENARIO_RATE": "100000/h",
            "GUNICORN_BIND": f"127.0.0.1:{port}",
            "WEB_CONCURRENCY": "3",
            "PYTHONDONTWRITEBYTECODE": "1",
        }
    )
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "--noinput", "-v0"], ["load_demo", "-v0"]):
        subprocess.run([*manage, *command], env=env, cwd=ROOT, check=True, capture_output=True)
    log = tmp_path / "server.log"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(gunicorn), "-c", str(ROOT / "gunicorn.conf.py"), "--threads", "8"],
            env=env,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, process, log)

        def stored() -> list[tuple[int, str, int]]:
            with sqlite3.connect(tmp_path / "rulesite.sqlite3") as db:
                return db.execute(
                    "SELECT s.id, s.title, COUNT(c.id) FROM scenarios_scenario s "
                    "LEFT JOIN scenarios_scenario_cards c ON c.scenario_id = s.id "
                    "WHERE s.demo_key IS NULL GROUP BY s.id"
                ).fetchall()

        yield Server(url, stored)
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def concurrent_server(request: pytest.FixtureRequest) -> Server:
    test_name = connection.settings_dict.get("TEST", {}).get("NAME") or ":memory:"
    if connection.vendor == "sqlite" and connection.creation.is_in_memory_db(test_name):
        server: Server = request.getfixturevalue("gunicorn_on_sqlite_file")
        return server
    request.getfixturevalue("transactional_db")
    live_server = request.getfixturevalue("live_server")
    settings = request.getfixturevalue("settings")
    settings.RULESITE_SCENARIO_RATE = "100000/h"
    call_command("load_demo", verbosity=0)

    def stored() -> list[tuple[int, str, int]]:
        return [
            (s.pk, s.title, s.cards.count())
            for s in Scenario.objects.filter(demo_key__isnull=True).prefetch_related("cards")
        ]

    return Server(str(live_server.url), stored)


def _submit(url: str, number: int, start: threading.Barrier) -> tuple[int, dict[str, Any]]:
    body = {
        "title": f"Concurrent scenario {number:03d}",
        "question": f"Does copy number {number} of my kicked Burst Lightning deal 4?",
        "language": "fr" if number % 2 else "en",
        "author": f"player {number}",
        "scenario": {
            "action": {"kind": "copy_spell", "player": "you", "copy_of": "s1"},
            "stack": [
                {"id": "s1", "card": "Burst Lightning", "controller": "you", "kicker": [1]},
                {"id": "s2", "card": "Twincast", "controller": "you", "targets": ["s1"]},
            ],
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
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, {"body": error.read().decode(errors="replace")[:500]}


def test_100_concurrent_submissions_are_all_stored_once(concurrent_server: Server) -> None:
    start = threading.Barrier(SUBMISSIONS)

    with ThreadPoolExecutor(max_workers=SUBMISSIONS) as pool:
        futures = [
            pool.submit(_submit, concurrent_server.url, n, start) for n in range(SUBMISSIONS)
        ]
        results = [f.result() for f in futures]

    failures = [(status, data) for status, data in results if status != 201]
    assert failures == []
    ids = [data["id"] for _, data in results]
    assert len(set(ids)) == SUBMISSIONS
    rows = concurrent_server.stored()
    assert sorted(row[0] for row in rows) == sorted(ids)
    assert sorted(row[1] for row in rows) == [f"Concurrent scenario {n:03d}" for n in range(100)]
    assert {row[2] for row in rows} == {2}  # Burst Lightning and Twincast, every time
    assert django_settings.ROOT_URLCONF == "rulesite.urls"
