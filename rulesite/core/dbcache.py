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
"""

from __future__ import annotations

import base64
import pickle
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import DatabaseError, connections, models, router, transaction
from django.utils.timezone import now


class SharedDatabaseCache(DatabaseCache):
    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        """Django's ``get_many`` (one SELECT; expired rows deleted), with the expiry compared
        by the database and the key checks left to writes: a cached page is read on most
        requests, and Django's own reading builds a model field for its date converter and
        checks every character of every key each time."""
        if not keys:
            return {}
        key_map = {self.make_key(key, version=version): key for key in keys}
        db = router.db_for_read(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table = quote(self._table)  # type: ignore[attr-defined]  # set by DatabaseCache
        placeholders = ", ".join(["%s"] * len(key_map))
        try:
            with connection.cursor() as cursor:
                cursor.execute(
                    f"SELECT {quote('cache_key')}, {quote('value')}, "
                    f"CASE WHEN {quote('expires')} < %s THEN 1 ELSE 0 END "
                    f"FROM {table} WHERE {quote('cache_key')} IN ({placeholders})",
                    [connection.ops.adapt_datetimefield_value(now()), *key_map],
                )
                rows = cursor.fetchall()
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

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        try:
            super().set(key, value, timeout, version)
        except DatabaseError:
            return

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
