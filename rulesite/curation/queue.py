"""The French review queue: the clarifications a curator should read, most urgent first.

1. clarifications an import named and nobody handled yet: re-worded (French reviewed for the
   old English), withdrawn (reviewed French no card shows any more), new ones offered the
   French of an older clarification;
2. clarifications with a pending translation-memory suggestion (the same English, reviewed
   elsewhere);
3. machine-translated or needs-review French.

Within each group, oldest first.
"""

from __future__ import annotations

from django.db.models import Case, Exists, IntegerField, OuterRef, Q, QuerySet, Value, When

from rulesite.cards.models import Ruling
from rulesite.curation.models import FrenchSuggestion, ImportEvent

IMPORT_NAMED, SUGGESTED, UNREVIEWED = 0, 1, 2


def open_events() -> QuerySet[ImportEvent]:
    return ImportEvent.objects.filter(needs_attention=True, resolved_at__isnull=True)


def review_queue(queryset: QuerySet[Ruling] | None = None) -> QuerySet[Ruling]:
    """The queue (``queue_priority`` annotated: 0 import-named, 1 suggested, 2 unreviewed)."""
    rulings = Ruling.objects.all() if queryset is None else queryset
    if "queue_priority" in rulings.query.annotations:
        return rulings
    status = Ruling.TranslationStatus
    rulings = rulings.annotate(
        named_by_import=Exists(open_events().filter(ruling=OuterRef("pk"))),
        has_suggestion=Exists(FrenchSuggestion.objects.pending().filter(ruling=OuterRef("pk"))),
    ).filter(
        Q(named_by_import=True)
        | Q(has_suggestion=True)
        | Q(translation_status__in=[status.MACHINE, status.NEEDS_REVIEW], withdrawn_on=None)
    )
    priority = Case(
        When(named_by_import=True, then=Value(IMPORT_NAMED)),
        When(has_suggestion=True, then=Value(SUGGESTED)),
        default=Value(UNREVIEWED),
        output_field=IntegerField(),
    )
    return rulings.annotate(queue_priority=priority).order_by(
        "queue_priority", "published_on", "id"
    )
