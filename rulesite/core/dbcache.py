"""The shared cache under ``make serve`` and in production: Django's database cache, in the
site's own database, made safe to count with.

Django's ``DatabaseCache.incr`` reads, adds and writes back in separate statements, so two
workers counting at once can both write the same number: rate limits would let more through
than they allow. Here ``incr`` is one transaction that locks the row it reads (``SELECT …
FOR UPDATE`` on PostgreSQL; on SQLite the IMMEDIATE transactions the settings ask for take
the write lock), so every increment counts. ``add`` was already atomic (an insert that fails
on the unique key when another worker added first).

A cache is an optimisation: when its table can't be read or written (the database is busy,
locked or read-only), reads answer "not cached" and writes are skipped instead of failing the
request. ``incr`` raises ``ValueError`` then, as for a missing key, which django-ratelimit
treats as over the limit (it fails closed).

``set`` and ``set_many`` are one statement (an insert that replaces the rows of the same
keys), where Django's counts the table's rows, then reads and writes each row in a
transaction: the workbench writes an answer for every new set-up, and on SQLite every write
holds the one write lock.
The table is counted, and culled as Django culls it when it holds more than ``MAX_ENTRIES``
rows, once every :data:`CULL_CHECK_SHARE`-th of ``MAX_ENTRIES`` rows a process writes (and at
its first write), so it may outgrow the bound by that share per process between two checks
(and by one batch of answers, :mod:`rulesite.core.writebehind`).
"""

from __future__ import annotations

import base64
import pickle
from collections.abc import Callable
from contextlib import nullcontext
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import DatabaseError, connections, models, router, transaction
from django.utils.timezone import now

from rulesite.core.cache import only_watched

CULL_CHECK_SHARE = 20
"""The table is counted (and culled when full) once every ``MAX_ENTRIES // CULL_CHECK_SHARE``
writes of a process."""


def _select(connection: Any, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """The rows of a read of the cache table (``sql`` written with ``%s`` placeholders).

    Read on the driver's own cursor, as Django's would read it (its errors turned into
    Django's, the connection marked as having failed), without the per-query work of Django's
    cursor wrappers (query logging, execute wrappers, placeholder rewriting): the content
    version is read this way on every request. Under ``DEBUG`` (queries logged) and in tests
    that count queries, Django's cursor is used, so the read is seen like any other."""
    return _on_driver(connection, sql, params, fetch=True)


def _write(connection: Any, sql: str, params: list[Any]) -> None:
    """A write to the cache table outside any transaction (in autocommit), on the driver's
    own cursor as :func:`_select` reads: the table is no content, so the watch for content
    writes (the only execute wrapper it skips) has nothing to do with it."""
    _on_driver(connection, sql, params, fetch=False)


def _on_driver(
    connection: Any, sql: str, params: list[Any], *, fetch: bool
) -> list[tuple[Any, ...]]:
    if connection.queries_logged or not only_watched(connection):
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall() if fetch else []
    connection.ensure_connection()
    connection.validate_thread_sharing()
    connection.validate_no_broken_transaction()
    with connection.wrap_database_errors:
        if connection.Database.paramstyle == "qmark":
            sql = sql.replace("%s", "?")
        cursor = connection.connection.cursor()
        try:
            cursor.execute(sql, params)
            return cursor.fetchall() if fetch else []
        finally:
            cursor.close()


_Statement = Callable[[Callable[[str], str], str, int], str]
"""Writes one statement on the cache table: from the connection's quoting of names, the
quoted table and how many keys or rows it is for."""


def _select_statement(quote: Callable[[str], str], table: str, count: int) -> str:
    """The SELECT of ``count`` keys: each one's value, and whether it has expired."""
    key, value, expires = quote("cache_key"), quote("value"), quote("expires")
    placeholders = ", ".join(["%s"] * count)
    return (
        f"SELECT {key}, {value}, CASE WHEN {expires} < %s THEN 1 ELSE 0 END "
        f"FROM {table} WHERE {key} IN ({placeholders})"
    )


def _upsert_statement(quote: Callable[[str], str], table: str, count: int) -> str:
    """The INSERT of ``count`` rows that replaces the rows of the same keys."""
    key, value, expires = quote("cache_key"), quote("value"), quote("expires")
    return (
        f"INSERT INTO {table} ({key}, {value}, {expires}) "
        f"VALUES {', '.join(['(%s, %s, %s)'] * count)} ON CONFLICT ({key}) DO UPDATE "
        f"SET {value} = EXCLUDED.{value}, {expires} = EXCLUDED.{expires}"
    )


class SharedDatabaseCache(DatabaseCache):
    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        """Django's ``get_many`` (one SELECT; expired rows deleted), with the expiry compared
        by the database and the key checks left to writes: a cached page is read on most
        requests, and Django's own reading builds a model field for its date converter and
        checks every character of every key each time."""
        if not keys:
            return {}
        key_map = {self.make_key(key, version=version): key for key in keys}
        connection = connections[router.db_for_read(self.cache_model_class)]
        sql = self._select_sql(connection, len(key_map))
        params = [connection.ops.adapt_datetimefield_value(now()), *key_map]
        try:
            rows = _select(connection, sql, params)
            result = {}
            expired = []
            for key, value, is_expired in rows:
                if is_expired:
                    expired.append(key)
                else:
                    text = connection.ops.process_clob(value)
                    result[key_map[key]] = pickle.loads(base64.b64decode(text.encode()))
            if expired:
                self._base_delete_many(expired)  # type: ignore[attr-defined]
        except DatabaseError:
            return {}
        return result

    def _sql(self, write: _Statement, connection: Any, count: int) -> str:
        """The statement ``write`` gives for ``count`` keys or rows on ``connection``, written
        once per connection and count."""
        sqls: dict[tuple[_Statement, str, int], str] = self.__dict__.setdefault("_sqls", {})
        sql = sqls.get((write, connection.alias, count))
        if sql is None:
            quote = connection.ops.quote_name
            table = quote(self._table)  # type: ignore[attr-defined]  # set by DatabaseCache
            sql = sqls[(write, connection.alias, count)] = write(quote, table, count)
        return sql

    def _select_sql(self, connection: Any, count: int) -> str:
        """The SELECT of ``count`` keys on ``connection``, written once."""
        return self._sql(_select_statement, connection, count)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        """Store ``value`` under ``key``, replacing what the key held, in one statement."""
        self.set_many({key: value}, timeout, version)

    def set_many(
        self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> list[Any]:
        """Store every value of ``data`` under its key, replacing what the keys held, in one
        statement; the keys not stored (all of them when the table can't be written)."""
        if not data:
            return []
        rows = {
            self.make_and_validate_key(key, version=version): value for key, value in data.items()
        }
        seconds = self.get_backend_timeout(timeout)
        zone = UTC if settings.USE_TZ else None
        expires = datetime.max if seconds is None else datetime.fromtimestamp(seconds, tz=zone)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        stored = connection.ops.adapt_datetimefield_value(expires.replace(microsecond=0))
        params: list[Any] = []
        for cache_key, value in rows.items():
            pickled = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            params += [cache_key, pickled, stored]
        sql = self._upsert_sql(connection, len(rows))
        try:
            if connection.in_atomic_block or self._writes_to_next_check <= 0:
                # Within a transaction, in a savepoint: a failed write leaves the transaction
                # usable.
                block = (
                    transaction.atomic(using=db) if connection.in_atomic_block else nullcontext()
                )
                with block, connection.cursor() as cursor:
                    self._cull_now_and_then(db, cursor, len(rows))
                    cursor.execute(sql, params)
            else:
                self._writes_to_next_check -= len(rows)  # as _cull_now_and_then counts rows
                _write(connection, sql, params)
        except DatabaseError:
            return list(data)
        return []

    def _upsert_sql(self, connection: Any, count: int) -> str:
        """The INSERT of ``count`` rows that replaces the rows of the same keys, written once."""
        return self._sql(_upsert_statement, connection, count)

    _writes_to_next_check = 0

    def _cull_now_and_then(self, db: str, cursor: Any, rows: int = 1) -> None:
        """Count the table, and cull it as Django does when it is over ``MAX_ENTRIES``, once
        every ``MAX_ENTRIES // CULL_CHECK_SHARE`` rows this process writes (``rows``: how many
        the write about to be made holds)."""
        if self._writes_to_next_check > 0:
            self._writes_to_next_check -= rows
            return
        max_entries: int = self._max_entries  # DatabaseCache's bound
        self._writes_to_next_check = max(0, max_entries // CULL_CHECK_SHARE - 1)
        table = connections[db].ops.quote_name(self._table)  # type: ignore[attr-defined]
        cursor.execute(f"SELECT COUNT(*) FROM {table}")
        count = int(cursor.fetchone()[0])
        if count > max_entries:
            self._cull(db, cursor, now().replace(microsecond=0), count)  # type: ignore[attr-defined]

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        try:
            return bool(super().add(key, value, timeout, version))
        except DatabaseError:
            return False

    def delete(self, key: Any, version: int | None = None) -> bool:
        try:
            return bool(super().delete(key, version))
        except DatabaseError:
            return False

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> Any:
        """Add ``delta`` to the stored number in one locked read-and-write."""
        cache_key = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table = quote(self._table)  # type: ignore[attr-defined]  # set by DatabaseCache
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        expression = models.Expression(output_field=models.DateTimeField())
        converters = connection.ops.get_db_converters(expression) + (
            expression.get_db_converters(connection)
        )
        try:
            with transaction.atomic(using=db), connection.cursor() as cursor:
                cursor.execute(
                    f"SELECT {quote('value')}, {quote('expires')} FROM {table} "
                    f"WHERE {quote('cache_key')} = %s{lock}",
                    [cache_key],
                )
                row = cursor.fetchone()
                if row is None:
                    raise ValueError(f"Key '{key}' not found.")
                stored, expires = row
                for converter in converters:
                    expires = converter(expires, expression, connection)
                if expires < now():
                    raise ValueError(f"Key '{key}' not found.")
                value = pickle.loads(base64.b64decode(connection.ops.process_clob(stored).encode()))
                value += delta
                pickled = base64.b64encode(pickle.dumps(value, self.pickle_protocol))
                cursor.execute(
                    f"UPDATE {table} SET {quote('value')} = %s WHERE {quote('cache_key')} = %s",
                    [pickled.decode("latin1"), cache_key],
                )
        except DatabaseError as exc:
            raise ValueError(
                f"Key '{key}' could not be incremented: the cache is unavailable"
            ) from exc
        return value
