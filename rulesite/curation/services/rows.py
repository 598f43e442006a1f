"""Bulk inserts without the ORM's per-value compilation.

A first import creates some 50,000 cards and rulings; ``bulk_create`` compiles every value of
every row through the field's ``get_db_prep_save`` and its placeholder, which was a quarter of
the import's time. :func:`create_rows` writes the same rows with one multi-row ``INSERT …
RETURNING`` per batch, values as the driver takes them (dates, decimals and times prepared by
their field), and sets each instance's primary key as ``bulk_create`` does. Backends that
cannot return rows from a bulk insert get ``bulk_create`` itself.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def prepared(field: models.Field[Any, Any], value: Any, connection: Any) -> Any:
    """``value`` as the database driver takes it for ``field``."""
    if value is None or field.get_internal_type() in PLAIN_TYPES:
        return value
    return field.get_db_prep_save(value, connection)


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
    plain = [f.get_internal_type() in PLAIN_TYPES for f in fields]
    needs_pre_save = [
        bool(getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)) for f in fields
    ]
    table = connection.ops.quote_name(meta.db_table)
    columns = ", ".join(connection.ops.quote_name(str(f.column)) for f in fields)
    row_marks = "(" + ", ".join(["%s"] * len(fields)) + ")"
    per_statement = max(1, MAX_PARAMETERS // len(fields))
    with connection.cursor() as cursor:
        for start in range(0, len(instances), per_statement):
            batch = instances[start : start + per_statement]
            params: list[Any] = []
            for instance in batch:
                for field, is_plain, pre_save in zip(fields, plain, needs_pre_save, strict=True):
                    value = (
                        field.pre_save(instance, True)
                        if pre_save
                        else getattr(instance, field.attname)
                    )
                    params.append(
                        value if is_plain or value is None else prepared(field, value, connection)
                    )
            marks = ", ".join([row_marks] * len(batch))
            cursor.execute(
                f"INSERT INTO {table} ({columns}) VALUES {marks} "
                f"RETURNING {connection.ops.quote_name(str(pk.column))}",
                params,
            )
            for instance, (key,) in zip(batch, cursor.fetchall(), strict=True):
                setattr(instance, pk.attname, key)
                instance._state.adding = False
                instance._state.db = connection.alias
