"""Upgrading: a database written by the release before the shared cache tables migrates forward."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]

# The leaf migrations of the release that had cards and scenarios but no core cache tables.
PREVIOUS_RELEASE = (
    ("auth", None),
    ("cards", "0003_card_search_indexes"),
    ("scenarios", "0001_initial"),
)

CARD_COLUMNS = (
    "name, name_fr, slug, search_name, mana_cost, mana_value, type_line, type_line_fr, colors, "
    "power, toughness, loyalty, oracle_text, search_text, printed_text_fr, printed_set_fr"
)
BURST_LIGHTNING = (
    "Burst Lightning", "Éclair explosif", "burst-lightning", "burst lightning", "{R}", 1,
    "Instant", "Éphémère", "R", "", "", "", "Kicker {4}", "kicker {4}", "", "",
)  # fmt: skip


READ_BACK = (
    "from rulesite.cards.models import Card; "
    "print(Card.objects.get(slug='burst-lightning').name_fr)"
)


def _manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args, "-v0"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _url(settings_dict: dict[str, Any], name: str) -> str:
    from urllib.parse import quote

    user = quote(settings_dict.get("USER") or "", safe="")
    password = quote(settings_dict.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else f"{user}@" if user else ""
    host = quote(settings_dict.get("HOST") or "", safe="")
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    return f"postgres://{credentials}{host}{port}/{name}"


@pytest.fixture
def fresh_database(transactional_db: None, tmp_path: Path) -> Iterator[tuple[dict[str, str], Any]]:
    """An empty database of the suite's kind, and a way to run one raw SQL statement in it."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    if connection.vendor == "sqlite":
        path = tmp_path / "upgrade.sqlite3"
        env["DATABASE_URL"] = f"sqlite:///{path}"

        def execute(sql: str, params: tuple[object, ...] = ()) -> None:
            with sqlite3.connect(path) as db:
                db.execute(sql, params)

        yield env, execute
        return
    import psycopg

    name = f"upgrade_{uuid.uuid4().hex[:12]}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    env["DATABASE_URL"] = _url(connection.settings_dict, name)

    def execute_pg(sql: str, params: tuple[object, ...] = ()) -> None:
        with psycopg.connect(env["DATABASE_URL"].replace("postgres://", "postgresql://")) as db:
            db.execute(sql.replace("?", "%s"), params)

    try:
        yield env, execute_pg
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_database_with_cards_from_before_the_cache_tables_migrates_forward(
    fresh_database: tuple[dict[str, str], Any],
) -> None:
    env, execute = fresh_database
    for app, migration in PREVIOUS_RELEASE:
        done = _manage(env, "migrate", "--noinput", app, *([migration] if migration else []))
        assert done.returncode == 0, done.stderr
    placeholders = ", ".join("?" for _ in BURST_LIGHTNING)
    execute(f"INSERT INTO cards_card ({CARD_COLUMNS}) VALUES ({placeholders})", BURST_LIGHTNING)

    upgrade = _manage(env, "migrate", "--noinput")

    assert upgrade.returncode == 0, upgrade.stderr[-3000:]
    listed = _manage(env, "shell", "-c", READ_BACK)
    assert listed.stdout.strip() == "Éclair explosif", listed.stderr[-2000:]
