"""Data commands run without the web requests' statement timeout (PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db import connection

from rulesite.core.database import statement_timeout_lifted


def _timeout() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        return str(cursor.fetchone()[0])


@pytest.mark.django_db
def test_imports_lift_the_request_statement_timeout_and_restore_it() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("statement_timeout is a PostgreSQL setting")
    before = _timeout()

    with statement_timeout_lifted():
        during = _timeout()

    assert before != "0"
    assert during == "0"
    assert _timeout() == before
