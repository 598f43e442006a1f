"""100 scenarios submitted at once, by threads, against a running server: all stored, none
lost, none duplicated.

The server is the real thing — gunicorn with the project's ``gunicorn.conf.py``, several worker
processes and threads — in front of the suite's PostgreSQL test database, or of a WAL-mode
SQLite file with the busy timeout from settings (the suite's SQLite test database is in memory,
which no second process can share). Django's live server would not do: its listen backlog
resets connections under 100 simultaneous clients, and on SQLite it shares one connection.
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
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

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


@contextmanager
def _gunicorn(env: dict[str, str], log: Path) -> Iterator[str]:
    """Serve the project under gunicorn (several workers and threads); yield its base URL."""
    port = _free_port()
    env = {
        **env,
        "DJANGO_DEBUG": "1",
        "RULESITE_SCENARIO_RATE": "100000/h",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "3",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
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
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _database_url(settings_dict: dict[str, Any]) -> str:
    """A URL for the test database the suite is using (PostgreSQL over TCP or a socket)."""
    user = quote(settings_dict.get("USER") or "", safe="")
    password = quote(settings_dict.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else f"{user}@" if user else ""
    host = quote(settings_dict.get("HOST") or "", safe="")
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    return f"postgres://{credentials}{host}{port}/{settings_dict['NAME']}"


@pytest.fixture
def concurrent_server(transactional_db: None, tmp_path: Path) -> Iterator[Server]:
    """gunicorn in front of a database that takes concurrent writers.

    On SQLite the suite's test database is in memory, so the server gets a WAL-mode SQLite
    file of its own; on PostgreSQL it serves the suite's test database.
    """
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    if connection.vendor == "sqlite":
        env["RULESITE_VAR_DIR"] = str(tmp_path)
        manage = [sys.executable, str(ROOT / "manage.py")]
        for command in (["migrate", "--noinput", "-v0"], ["load_demo", "-v0"]):
            subprocess.run([*manage, *command], env=env, cwd=ROOT, check=True, capture_output=True)

        def stored() -> list[tuple[int, str, int]]:
            with sqlite3.connect(tmp_path / "rulesite.sqlite3") as db:
                return db.execute(
                    "SELECT s.id, s.title, COUNT(c.id) FROM scenarios_scenario s "
                    "LEFT JOIN scenarios_scenario_cards c ON c.scenario_id = s.id "
                    "WHERE s.demo_key IS NULL GROUP BY s.id"
                ).fetchall()

    else:
        call_command("load_demo", verbosity=0)
        env["DATABASE_URL"] = _database_url(connection.settings_dict)
        env["CONN_MAX_AGE"] = "0"

        def stored() -> list[tuple[int, str, int]]:
            return [
                (s.pk, s.title, s.cards.count())
                for s in Scenario.objects.filter(demo_key__isnull=True).prefetch_related("cards")
            ]

    with _gunicorn(env, tmp_path / "server.log") as url:
        yield Server(url, stored)


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


@pytest.mark.django_db(transaction=True)
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
