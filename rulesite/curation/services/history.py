"""History records for bulk writes, card links included.

django-simple-history records a ruling's cards (a many-to-many field) only on ``save()``; its
bulk helpers write the ruling's own fields and leave the cards out, so a bulk action's record
read "Cards: [11 cards] → []". :func:`record_rulings` writes the records and, for each one, the
cards the ruling has at that moment, in a few statements whatever the number of rulings.

:func:`insert_history` writes the same rows as simple-history's ``bulk_history_create`` with
one prepared statement (``executemany``) instead of a model instance and a compiled
``INSERT`` per row: a first import records some 50,000 of them, and building them through
the ORM was a third of its time. When the caller needs the records' ids (the rulings' card
links point at them), they come back from a multi-row ``INSERT … RETURNING`` (SQLite 3.35+,
PostgreSQL) rather than a SELECT after the insert.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from operator import attrgetter
from typing import Any

from django.apps import apps
from django.db import connections, models, router
from django.utils import timezone

from rulesite.cards.models import Ruling
from rulesite.curation.services.rows import insert_returning, prepared_rows, preparer

BATCH_SIZE = 500
CHUNK = 900
ROWS_PER_STATEMENT = 5000


def _user_id(user: Any) -> int | None:
    return user.pk if getattr(user, "is_authenticated", False) else None


def _tracked_fields(history: Any) -> list[models.Field[Any, Any]]:
    """The history model's copies of the tracked model's fields, in table order."""
    tracked = {f.attname for f in history.tracked_fields}
    return [f for f in history._meta.concrete_fields if f.attname in tracked]


def _write_history(
    history: Any,
    rows: Sequence[tuple[Any, ...]],
    *,
    history_type: str,
    user: Any,
    reason: str,
    reasons: Sequence[str | None] | None,
    date: datetime,
    returning: bool = False,
) -> list[tuple[int, int]]:
    """INSERT history records: ``rows`` hold the tracked fields' values in table order;
    ``reasons`` (one per row, None: ``reason``) the change reasons. ``returning`` (only where
    the database returns rows from a multi-row insert): each record's tracked row id and
    ``history_id``, from ``INSERT … RETURNING``; otherwise nothing."""
    connection = connections[router.db_for_write(history)]
    fixed: dict[str, Any] = {
        "history_date": history._meta.get_field("history_date").get_db_prep_save(date, connection),
        "history_type": history_type,
        "history_user_id": _user_id(user),
    }
    own = _tracked_fields(history)
    fields = [
        *own,
        history._meta.get_field("history_change_reason"),
        *(history._meta.get_field(name.removesuffix("_id")) for name in fixed),
    ]
    constant = tuple(fixed.values())
    if reasons is None:
        full = [(*row, reason, *constant) for row in rows]
    else:
        full = [(*row, why or reason, *constant) for row, why in zip(rows, reasons, strict=True)]
    full = prepared_rows(full, [preparer(f, connection) for f in own])
    columns = [str(f.column) for f in fields]
    if returning:
        tracked_pk = history._meta.get_field(history.instance_type._meta.pk.attname)
        back = insert_returning(
            connection,
            history._meta.db_table,
            columns,
            full,
            [str(tracked_pk.column), str(history._meta.pk.column)],
        )
        return [(pk, history_id) for pk, history_id in back]
    table = connection.ops.quote_name(history._meta.db_table)
    marks = ", ".join(["%s"] * len(fields))
    names = ", ".join(connection.ops.quote_name(c) for c in columns)
    with connection.cursor() as cursor:
        for start in range(0, len(full), ROWS_PER_STATEMENT):
            cursor.executemany(
                f"INSERT INTO {table} ({names}) VALUES ({marks})",
                full[start : start + ROWS_PER_STATEMENT],
            )
    return []


def insert_history_rows(
    model: type[models.Model],
    attnames: Sequence[str],
    rows: Sequence[tuple[Any, ...]],
    *,
    history_type: str,
    user: Any,
    reason: str,
) -> None:
    """One history record per row of ``model`` written as plain values (``attnames`` name each
    position of a row; every tracked field must be among them), as :func:`insert_history`
    writes it for an instance."""
    if not rows:
        return
    history = model.history.model  # type: ignore[attr-defined]
    position = {name: i for i, name in enumerate(attnames)}
    order = [position[f.attname] for f in _tracked_fields(history)]
    if order != list(range(len(attnames))):
        rows = [tuple(row[i] for i in order) for row in rows]
    _write_history(
        history,
        rows,
        history_type=history_type,
        user=user,
        reason=reason,
        reasons=None,
        date=timezone.now(),
    )


def insert_history(
    instances: Sequence[models.Model],
    *,
    history_type: str,
    user: Any,
    reason: str,
    date: datetime | None = None,
    ids: bool = True,
) -> dict[int, int]:
    """One history record per instance (``+``, ``~`` or ``-``), as ``bulk_history_create``
    writes it (a ``_change_reason`` set on an instance wins over ``reason``); returns each
    instance's primary key -> its new record's ``history_id`` (``ids=False``: nothing, and
    nothing is read back)."""
    if not instances:
        return {}
    model = type(instances[0])
    history = model.history.model  # type: ignore[attr-defined]
    date = date or timezone.now()
    values = attrgetter(*(f.attname for f in _tracked_fields(history)))
    connection = connections[router.db_for_write(history)]
    returning = ids and connection.features.can_return_rows_from_bulk_insert
    written = _write_history(
        history,
        [values(instance) for instance in instances],
        history_type=history_type,
        user=user,
        reason=reason,
        reasons=[getattr(instance, "_change_reason", None) for instance in instances],
        date=date,
        returning=returning,
    )
    if returning or not ids:
        return dict(written)
    keys = [instance.pk for instance in instances]  # no RETURNING: read back
    created: dict[int, int] = {}
    for start in range(0, len(keys), CHUNK):
        created.update(
            history.objects.filter(
                history_date=date, history_type=history_type, id__in=keys[start : start + CHUNK]
            ).values_list("id", "history_id")
        )
    return created


def record_rulings(
    rulings: Sequence[Ruling],
    *,
    history_type: str,
    user: Any,
    reason: str,
) -> int:
    """Write one history record per ruling (``+`` created, ``~`` changed) with its card links
    as they are now; returns the number of records."""
    if not rulings:
        return 0
    created = insert_history(rulings, history_type=history_type, user=user, reason=reason)
    links_model = apps.get_model("cards", "HistoricalRuling_cards")
    through = Ruling.cards.through
    ids = [r.pk for r in rulings]
    links: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for start in range(0, len(ids), CHUNK):
        for row_id, ruling_id, card_id in through.objects.filter(
            ruling_id__in=ids[start : start + CHUNK]
        ).values_list("id", "ruling_id", "card_id"):
            links[ruling_id].append((row_id, card_id))
    # Links in the order of their records as a first import always wrote them (a chunk of
    # rulings at a time, newest record first): a link row keeps the id it always had.
    order: list[int] = []
    for start in range(0, len(ids), CHUNK):
        order.extend(sorted(ids[start : start + CHUNK], key=created.__getitem__, reverse=True))
    rows = [
        (row_id, ruling_id, card_id, created[ruling_id])
        for ruling_id in order
        for row_id, card_id in links.get(ruling_id, ())
    ]
    connection = connections[router.db_for_write(links_model)]
    table = connection.ops.quote_name(links_model._meta.db_table)
    columns = ", ".join(
        connection.ops.quote_name(links_model._meta.get_field(name).column)
        for name in ("id", "ruling", "card", "history")
    )
    with connection.cursor() as cursor:
        for start in range(0, len(rows), ROWS_PER_STATEMENT):
            cursor.executemany(
                f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s)",
                rows[start : start + ROWS_PER_STATEMENT],
            )
    return len(created)
