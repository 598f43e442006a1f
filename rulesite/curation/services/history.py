"""History records for bulk writes, card links included.

django-simple-history records a ruling's cards (a many-to-many field) only on ``save()``; its
bulk helpers write the ruling's own fields and leave the cards out, so a bulk action's record
read "Cards: [11 cards] → []". :func:`record_rulings` writes the records and, for each one, the
cards the ruling has at that moment, in a few statements whatever the number of rulings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from django.apps import apps
from django.utils import timezone

from rulesite.cards.models import Ruling

BATCH_SIZE = 500
CHUNK = 900


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
    user = user if getattr(user, "is_authenticated", False) else None
    date = timezone.now()
    records = Ruling.history.bulk_history_create(
        rulings,
        batch_size=BATCH_SIZE,
        update=history_type == "~",
        default_user=user,
        default_change_reason=reason,
        default_date=date,
    )
    links_model = apps.get_model("cards", "HistoricalRuling_cards")
    through = Ruling.cards.through
    ids = [r.pk for r in rulings]
    links: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for start in range(0, len(ids), CHUNK):
        for row_id, ruling_id, card_id in through.objects.filter(
            ruling_id__in=ids[start : start + CHUNK]
        ).values_list("id", "ruling_id", "card_id"):
            links[ruling_id].append((row_id, card_id))
    rows = [
        links_model(id=row_id, ruling_id=record.id, card_id=card_id, history_id=record.history_id)
        for record in records
        for row_id, card_id in links.get(record.id, ())
    ]
    links_model.objects.bulk_create(rows, batch_size=BATCH_SIZE)
    return len(records)
