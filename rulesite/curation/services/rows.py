"""Bulk inserts without the ORM's per-value compilation.

A first import creates some 50,000 cards and rulings; ``bulk_create`` compiles every value of
every row through the field's ``get_db_prep_save`` and its placeholder, which was a quarter of
the import's time. :func:`create_rows` writes the same rows with one multi-row ``INSERT …
RETURNING`` per batch, values as the driver takes them (dates, decimals and times prepared by
their field, each distinct value once), and sets each instance's primary key as
``bulk_create`` does. Backends that cannot return rows from a bulk insert get ``bulk_create``
itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from django.db import connections, models, router

#: Field types whose Python value is already what every database driver takes.
PLAIN_TYPES = frozenset(
    {
        "AutoField",
        "BigAutoField",
        "BigIntegerField",
        "BooleanField",
        "CharField",
        "ForeignKey",
        "IntegerField",
        "PositiveIntegerField",
        "PositiveSmallIntegerField",
        "SlugField",
        "SmallIntegerField",
        "TextField",
    }
)
#: Values per statement: under SQLite's and PostgreSQL's limits on bound parameters.
MAX_PARAMETERS = 30_000


def preparer(field: models.Field[Any, Any], connection: Any) -> Callable[[Any], Any] | None:
    """A function giving values of ``field`` as the driver takes them, each distinct value
    prepared once (an import's dates and mana values are a few thousand); None for fields
    whose values go as they are."""
    if field.get_internal_type() in PLAIN_TYPES:
        return None
    done: dict[tuple[type, Any], Any] = {}

    def prepare(value: Any) -> Any:
        if value is None:
            return None
        key = (type(value), value)
        try:
            return done[key]
        except KeyError:
            done[key] = result = field.get_db_prep_save(value, connection)
            return result
        except TypeError:  # not hashable
            return field.get_db_prep_save(value, connection)

    return prepare


def prepared_rows(
    rows: Sequence[tuple[Any, ...]], preparers: Sequence[Callable[[Any], Any] | None]
) -> list[tuple[Any, ...]]:
    """``rows`` with each value prepared by the preparer of its column (None: as it is)."""
    columns = [(i, p) for i, p in enumerate(preparers) if p is not None]
    if not columns:
        return list(rows)
    out = []
    for row in rows:
        values = list(row)
        for i, prepare in columns:
            values[i] = prepare(values[i])
        out.append(tuple(values))
    return out


def insert_returning(
    connection: Any,
    table: str,
    columns: Sequence[str],
    rows: Sequence[tuple[Any, ...]],
    returning: Sequence[str],
) -> list[tuple[Any, ...]]:
    """Multi-row ``INSERT … RETURNING`` of ``rows`` (values ready for the driver), in as few
    statements as the bound-parameter limits allow; the returned columns of every row, in the
    order the database gives them."""
    quote = connection.ops.quote_name
    names = ", ".join(quote(c) for c in columns)
    back = ", ".join(quote(c) for c in returning)
    row_marks = "(" + ", ".join(["%s"] * len(columns)) + ")"
    per_statement = max(1, MAX_PARAMETERS // max(1, len(columns)))
    found: list[tuple[Any, ...]] = []
    with connection.cursor() as cursor:
        for start in range(0, len(rows), per_statement):
            batch = rows[start : start + per_statement]
            params = [value for row in batch for value in row]
            marks = ", ".join([row_marks] * len(batch))
            cursor.execute(
                f"INSERT INTO {quote(table)} ({names}) VALUES {marks} RETURNING {back}", params
            )
            found.extend(tuple(r) for r in cursor.fetchall())
    return found


def create_rows(instances: Sequence[models.Model]) -> None:
    """INSERT ``instances`` (all of one model, primary keys unset) and set their keys."""
    if not instances:
        return
    model = type(instances[0])
    connection = connections[router.db_for_write(model)]
    if not connection.features.can_return_rows_from_bulk_insert:
        model._default_manager.bulk_create(instances)
        return
    meta = model._meta
    pk = meta.pk
    assert pk is not None
    fields = [f for f in meta.concrete_fields if f is not pk]
    pre_saved = [
        f for f in fields if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    values = attrgetter(*(f.attname for f in fields))
    preparers = [preparer(f, connection) for f in fields]
    # The time the field's pre_save gives (as save() does), once for the whole statement.
    stamps = [(f.attname, f.pre_save(instances[0], True)) for f in pre_saved]
    rows = []
    for instance in instances:
        for attname, stamp in stamps:
            setattr(instance, attname, stamp)
        row = values(instance)
        rows.append(row if len(fields) > 1 else (row,))
    keys = insert_returning(
        connection,
        meta.db_table,
        [str(f.column) for f in fields],
        prepared_rows(rows, preparers),
        [str(pk.column)],
    )
    for instance, (key,) in zip(instances, keys, strict=True):
        setattr(instance, pk.attname, key)
        instance._state.adding = False
        instance._state.db = connection.alias


def insert_rows(
    model: type[models.Model], attnames: Sequence[str], rows: Sequence[tuple[Any, ...]]
) -> list[int]:
    """INSERT ``rows`` of ``model`` given as plain values (``attnames`` name each position;
    fields left out take their defaults) and return their primary keys, in order: no model
    instance per row. Values are prepared by their field as :func:`create_rows` does."""
    if not rows:
        return []
    connection = connections[router.db_for_write(model)]
    meta = model._meta
    pk = meta.pk
    assert pk is not None
    if not connection.features.can_return_rows_from_bulk_insert:
        instances = [model(**dict(zip(attnames, row, strict=True))) for row in rows]
        model._default_manager.bulk_create(instances)
        return [instance.pk for instance in instances]
    fields = [meta.get_field(name) for name in attnames]
    keys = insert_returning(
        connection,
        meta.db_table,
        [str(f.column) for f in fields],  # type: ignore[union-attr]
        prepared_rows(rows, [preparer(f, connection) for f in fields]),  # type: ignore[arg-type]
        [str(pk.column)],
    )
    return [key for (key,) in keys]
