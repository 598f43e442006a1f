"""The shared database cache's reads: what is stored comes back, what expired does not (and
its row is deleted), and an unreadable table reads as empty."""

from __future__ import annotations

import time

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db

TABLE = "rulesite_test_shared_cache"


@pytest.fixture
def shared_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "shared": {"BACKEND": "rulesite.core.dbcache.SharedDatabaseCache", "LOCATION": TABLE},
    }
    call_command("createcachetable", "--database", "default", verbosity=0)
    yield caches["shared"]
    caches["shared"].close()


def rows() -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {TABLE}")
        return int(cursor.fetchone()[0])


def test_stored_values_are_read_back_and_missing_keys_are_absent(shared_cache) -> None:
    shared_cache.set("page", {"body": b"\x00\xff" * 100}, 60)
    shared_cache.set("version", 7, None)

    assert shared_cache.get_many(["page", "version", "missing"]) == {
        "page": {"body": b"\x00\xff" * 100},
        "version": 7,
    }
    assert shared_cache.get("missing", "default") == "default"


def test_an_expired_value_is_not_read_and_its_row_is_deleted(shared_cache) -> None:
    shared_cache.set("soon", "gone", 1)
    shared_cache.set("later", "kept", 60)
    time.sleep(1.1)

    assert shared_cache.get("soon") is None
    assert shared_cache.get("later") == "kept"
    assert rows() == 1


def test_a_value_set_again_replaces_the_row_of_its_key(shared_cache) -> None:
    shared_cache.set("answer", "first", 60)
    shared_cache.set("answer", "second", None)

    assert shared_cache.get("answer") == "second"
    assert rows() == 1


@pytest.fixture
def bounded_cache(settings, request):
    """The shared cache on its table, bounded to ``MAX_ENTRIES`` rows (40, or the test's
    ``max_entries`` parameter)."""
    settings.CACHES = {
        **settings.CACHES,
        "bounded": {
            "BACKEND": "rulesite.core.dbcache.SharedDatabaseCache",
            "LOCATION": TABLE,
            "OPTIONS": {"MAX_ENTRIES": getattr(request, "param", 40)},
        },
    }
    call_command("createcachetable", "--database", "default", verbosity=0)
    yield caches["bounded"]
    caches["bounded"].close()


def test_a_full_table_is_culled_within_a_twentieth_of_its_bound(bounded_cache) -> None:
    for number in range(200):
        bounded_cache.set(f"answer-{number}", number, 60)

    # Counted every 40 // 20 = 2 writes; culled by a third when over 40 rows.
    assert 20 <= rows() <= 42
    assert bounded_cache.get("answer-199") == 199


@pytest.mark.parametrize("bounded_cache", [400], indirect=True)
def test_a_table_written_in_batches_is_culled_by_the_rows_written(bounded_cache) -> None:
    for batch in range(80):
        bounded_cache.set_many({f"answer-{batch:02}-{n}": n for n in range(10)}, 60)

    # Counted every 400 // 20 = 20 rows (every second or third batch of 10), not every 20
    # batches: over its bound by no more than that and a batch.
    assert 260 <= rows() <= 400 + 20 + 10
    assert bounded_cache.get("answer-79-9") == 9


def test_a_write_that_fails_leaves_the_transaction_usable(shared_cache) -> None:
    from django.db import transaction

    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE {TABLE}")
        shared_cache.set("answer", "lost", 60)  # no table: skipped

        assert connection.needs_rollback is False
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            assert cursor.fetchone() == (1,)


def test_a_table_that_cannot_be_read_reads_as_empty(shared_cache) -> None:
    shared_cache.set("page", "kept", 60)
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE {TABLE}")

    assert shared_cache.get_many(["page"]) == {}
    assert shared_cache.get("page", "default") == "default"


def test_a_read_is_counted_where_queries_are_counted(shared_cache) -> None:
    shared_cache.set("version", 7, None)

    with CaptureQueriesContext(connection) as queries:
        assert shared_cache.get("version") == 7

    assert len(queries) == 1
    assert TABLE in queries[0]["sql"]


def test_a_read_goes_through_other_execute_wrappers(shared_cache) -> None:
    shared_cache.set("version", 7, None)
    seen: list[str] = []

    def record(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        assert shared_cache.get("version") == 7

    assert len(seen) == 1


def test_values_set_together_are_written_in_one_statement(
    shared_cache, django_assert_num_queries
) -> None:
    shared_cache.set("answer", "old", 60)

    with django_assert_num_queries(3) as captured:  # in the test's transaction: a savepoint
        failed = shared_cache.set_many({"answer": "new", "early": "kept"}, 60)

    writes = [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(writes) == 1
    assert writes[0].startswith("INSERT")
    assert failed == []
    assert shared_cache.get_many(["answer", "early"]) == {"answer": "new", "early": "kept"}
    assert rows() == 2


@pytest.mark.django_db(transaction=True)
def test_a_write_outside_a_transaction_is_stored_and_replaced_on_the_driver_s_cursor(
    shared_cache,
) -> None:
    # Outside a transaction, writes between two counts of the table go straight to the
    # driver's cursor; what they store reads back, and a key set again holds its new value.
    assert not connection.in_atomic_block
    shared_cache.set("counted", "first write of the process: the table is counted", 60)

    shared_cache.set("outside", {"body": b"\x00\xff" * 100}, 60)
    shared_cache.set("outside", {"body": b"again"}, 60)

    assert shared_cache.get("outside") == {"body": b"again"}
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {TABLE} WHERE cache_key LIKE %s", ["%outside"])
        assert cursor.fetchone() == (1,)
    shared_cache.delete("counted")
    shared_cache.delete("outside")


@pytest.mark.django_db(transaction=True)
def test_a_write_outside_a_transaction_is_counted_and_wrapped_like_any_query(
    shared_cache,
) -> None:
    shared_cache.set("counted", "first write of the process: the table is counted", 60)
    seen: list[str] = []

    def record(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        seen.append(sql)
        return execute(sql, params, many, context)

    with CaptureQueriesContext(connection) as queries:
        shared_cache.set("logged", "seen", 60)
    with connection.execute_wrapper(record):
        shared_cache.set("wrapped", "seen", 60)

    assert [q["sql"][:6] for q in queries] == ["INSERT"]
    assert [sql[:6] for sql in seen] == ["INSERT"]
    for key in ("counted", "logged", "wrapped"):
        shared_cache.delete(key)
