"""The record an import leaves for curators: the run, each clarification it re-worded,
withdrew, removed or offered French to (by name), and the French suggestions themselves."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from django.utils import timezone
from django.utils.text import Truncator

from rulesite.cards.models import Ruling
from rulesite.curation.models import FrenchSuggestion, ImportEvent, ImportRun
from rulesite.curation.services.memory import offer_identical_french

if TYPE_CHECKING:
    from rulesite.curation.services.importing import _CardUpsert

SHOWN_CARDS = 3


def card_list(names: Iterable[str]) -> str:
    """A few card names for a report line.

    >>> card_list(["Gnarlid Colony"])
    'Gnarlid Colony'
    >>> card_list(["D", "C", "B", "A", "E"])
    'A, B, C +2'
    """
    ordered = sorted(n for n in names if n)
    shown = ", ".join(ordered[:SHOWN_CARDS])
    return f"{shown} +{len(ordered) - SHOWN_CARDS}" if len(ordered) > SHOWN_CARDS else shown


def short(text: str) -> str:
    return Truncator(" ".join(text.split())).chars(90)


def record_import(
    upsert: _CardUpsert,
    *,
    command: str,
    sources: Sequence[str],
    started: datetime.datetime,
    dry_run: bool,
) -> ImportRun | None:
    """Name the clarifications curators must know about in the report and, unless this is a
    dry run or nothing was written, store the run, its events and its suggestions."""
    report = upsert.report
    names = upsert.card_names

    def cards(ids: Iterable[int]) -> str:
        return card_list(names.get(i, "") for i in ids)

    events: list[ImportEvent] = []
    suggestions: list[FrenchSuggestion] = []
    kind = ImportEvent.Kind
    for row, old_id, old_text, card_ids in upsert.reworded:
        listed = cards(card_ids)
        change = f"«{short(old_text)}» → «{short(row.text_en)}»"
        report.name("reworded", f"#{row.pk} {change} ({listed})")
        events.append(
            ImportEvent(
                kind=kind.REWORDED,
                ruling=row,
                ruling_ref=row.pk,
                other_ref=old_id if old_id != row.pk else None,
                text_en=row.text_en,
                old_text_en=old_text,
                card_names=listed,
                needs_attention=bool(row.text_fr),
            )
        )
    offered_from: set[int] = set()
    for target, old, score, old_paired, card_ids in upsert.suggestions:
        source_text = upsert.old_english.get(old.pk, old.text_en)
        offered_from.add(old.pk)
        if old_paired:
            suggestion_kind = FrenchSuggestion.Kind.SPLIT
        elif old.withdrawn_on is not None:
            suggestion_kind = FrenchSuggestion.Kind.WITHDRAWN
        else:
            suggestion_kind = FrenchSuggestion.Kind.REWORDING
        suggestions.append(
            FrenchSuggestion(
                ruling=target,
                kind=suggestion_kind,
                text_fr=old.text_fr if not old_paired else _french_before(upsert, old),
                source_text_en=source_text,
                source_ruling=old,
                source_ref=old.pk,
                score=score,
            )
        )
        listed = cards(card_ids)
        report.name("suggested", f"#{target.pk} «{short(target.text_en)}» ← #{old.pk} ({listed})")
        events.append(
            ImportEvent(
                kind=kind.SUGGESTED,
                ruling=target,
                ruling_ref=target.pk,
                other_ref=old.pk,
                text_en=target.text_en,
                old_text_en=source_text,
                card_names=listed,
                needs_attention=True,
            )
        )
    report.suggested = len(suggestions)
    for row, card_ids in upsert.withdrawn:
        listed = cards(card_ids)
        report.name("withdrawn", f"#{row.pk} «{short(row.text_en)}» ({listed})")
        events.append(
            ImportEvent(
                kind=kind.WITHDRAWN,
                ruling=row,
                ruling_ref=row.pk,
                text_en=row.text_en,
                card_names=listed,
                needs_attention=row.pk not in offered_from and row.pk not in upsert.copied_from,
            )
        )
    for pk, text, card_ids in upsert.deleted:
        listed = cards(card_ids)
        report.name("removed", f"#{pk} «{short(text)}» ({listed})")
        events.append(
            ImportEvent(kind=kind.REMOVED, ruling_ref=pk, text_en=text, card_names=listed)
        )
    for row in upsert.reinstated:
        report.name("reinstated", f"#{row.pk} «{short(row.text_en)}»")
        events.append(
            ImportEvent(kind=kind.REINSTATED, ruling=row, ruling_ref=row.pk, text_en=row.text_en)
        )
    report.reinstated = len(upsert.reinstated)
    if dry_run or report.wrote_nothing:
        return None
    run = ImportRun.objects.create(
        command=command[:60],
        sources="\n".join(sources),
        reason=upsert.reason,
        user_id=getattr(upsert.user, "pk", None),
        started_at=started,
    )
    for event in events:
        event.run = run
    ImportEvent.objects.bulk_create(events, batch_size=500)
    for suggestion in suggestions:
        suggestion.run = run
    FrenchSuggestion.objects.bulk_create(suggestions, batch_size=500, ignore_conflicts=True)
    memory = offer_identical_french([r for r in upsert.history_created if not r.text_fr], run=run)
    report.run_id = run.pk
    run.finished_at = timezone.now()
    run.counts = {**report.as_dict(), "memory_suggestions": memory}
    run.lines = report.lines()
    run.save(update_fields=["finished_at", "counts", "lines"])
    return run


def _french_before(upsert: _CardUpsert, old: Ruling) -> str:
    """The French of an old ruling that was re-worded in place (its row moved on)."""
    return old.previous_text_fr or old.text_fr
