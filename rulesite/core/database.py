"""Database session settings that differ between web requests and data commands."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections


@contextmanager
def statement_timeout_lifted(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """Run a data command's statements without the per-request statement timeout.

    PostgreSQL connections cancel any statement that runs longer than a web request may
    (``DB_STATEMENT_TIMEOUT_MS``); a full import legitimately runs longer. Elsewhere a no-op.
    """
    connection = connections[using]
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = 0")
    try:
        yield
    finally:
        try:
            with connection.cursor() as cursor:
                cursor.execute("RESET statement_timeout")
        except DatabaseError:  # the failed transaction is rolled back, and the SET with it
            pass
