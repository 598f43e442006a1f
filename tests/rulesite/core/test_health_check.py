"""/healthz tells the truth: 200 only when the database takes a write and every cache
round-trips; otherwise 503 naming what failed in a word, never the exception's text."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import connection
from django.test import Client

from rulesite.core.models import HealthProbe

pytestmark = pytest.mark.django_db


@pytest.fixture
def read_only_database() -> Iterator[None]:
    """Every write fails from here on, as on a read-only or full disk (on PostgreSQL, the
    test's transaction turns read-only; rolling it back at the end of the test undoes that)."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA query_only = ON")
        else:
            cursor.execute("SET transaction_read_only = on")
    yield
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA query_only = OFF")


def test_healthz_is_ok_when_writes_and_cache_work(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}
    assert HealthProbe.objects.count() == 0  # the probe's write was rolled back


def test_healthz_is_503_when_the_database_refuses_writes(client: Client, read_only_database):
    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "failing", "cache": "ok"}


def test_healthz_never_echoes_the_exception(client: Client, read_only_database) -> None:
    text = client.get("/healthz").content.decode().lower()

    assert "read" not in text.replace("ready", "")
    assert "attempt" not in text
    assert "transaction" not in text


def test_healthz_is_503_when_the_cache_does_not_round_trip(client: Client, settings) -> None:
    settings.CACHES = {
        **settings.CACHES,
        "pages": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["cache"] == "failing"
