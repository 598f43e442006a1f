"""Review of the French of clarifications: the review editor's save, bulk status changes,
suggestions accepted or dismissed, import notices handled. Every write is recorded in the
history with the curator's name (card links included)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from rulesite.cards.models import Ruling
from rulesite.curation.models import FrenchSuggestion, ImportEvent
from rulesite.curation.services.history import record_rulings
from rulesite.curation.services.memory import offer_to_twins

REVIEW_FIELDS = [
    "text_fr",
    "translation_status",
    "previous_text_fr",
    "previous_text_en",
    "previous_status",
    "search_text",
    "updated_at",
]


def normalize_text(text: str) -> str:
    """Line endings as stored (browsers send CRLF) and no trailing spaces.

    >>> normalize_text("Kick {2}{G}\\r\\nSi la Colonie…  \\r\\n")
    'Kick {2}{G}\\nSi la Colonie…'
    """
    return "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").split("\n")).strip()


def set_translation_status(*, rulings: Iterable[Ruling], status: str, user: Any) -> tuple[int, int]:
    """Set the French review status of rulings, with history; returns (changed, skipped).

    "reviewed" needs a French text: rulings without one are skipped. Reviewed French no longer
    waits for the comparison with an earlier English: the import's notices are handled.
    """
    changed: list[Ruling] = []
    skipped = 0
    for ruling in rulings:
        if status == Ruling.TranslationStatus.REVIEWED and not ruling.text_fr.strip():
            skipped += 1
            continue
        if ruling.translation_status != status:
            ruling.translation_status = status
            if status == Ruling.TranslationStatus.REVIEWED:
                _clear_earlier_wording(ruling)
            changed.append(ruling)
    if changed:
        _write(changed, user=user, reason=f"French {status}")
        if status == Ruling.TranslationStatus.REVIEWED:
            resolve_notices(changed, user=user)
            for ruling in changed:
                offer_to_twins(ruling)
    return len(changed), skipped


@dataclass(frozen=True)
class ReviewResult:
    changed: bool
    status: str


def save_review(
    *,
    ruling: Ruling,
    text_fr: str,
    status: str,
    user: Any,
    suggestion: FrenchSuggestion | None = None,
) -> ReviewResult:
    """The review editor's save: the French as the curator left it, and its status.

    Nothing is written when neither changed (no history record, no "edited" mark). Saving as
    reviewed handles the import's notices, accepts the suggestion that was used and dismisses
    the others, and offers the French to the same English elsewhere. "Reviewed" needs a French
    text: without one nothing is written and ``ValueError`` is raised (the editor's form
    refuses it first); the French is dropped by saving an empty text with another status.
    """
    text = normalize_text(text_fr)
    if status == Ruling.TranslationStatus.REVIEWED and not text:
        raise ValueError("a reviewed translation needs French text")
    changed = text != ruling.text_fr or status != ruling.translation_status
    with transaction.atomic():
        if changed:
            ruling.text_fr = text
            ruling.translation_status = status
            if status == Ruling.TranslationStatus.REVIEWED:
                _clear_earlier_wording(ruling)
            _write([ruling], user=user, reason="French reviewed" if status == "reviewed" else "")
        if status == Ruling.TranslationStatus.REVIEWED:
            resolve_notices([ruling], user=user)
            decide_suggestions(ruling, accepted=suggestion, user=user)
    if changed and status == Ruling.TranslationStatus.REVIEWED:
        offer_to_twins(ruling)
    return ReviewResult(changed=changed, status=status)


def acknowledge(*, ruling: Ruling, user: Any) -> int:
    """A curator has seen the import's notice (a withdrawn clarification stays withdrawn)."""
    return resolve_notices([ruling], user=user)


def resolve_notices(rulings: Iterable[Ruling], *, user: Any) -> int:
    ids = [r.pk for r in rulings]
    by = user if getattr(user, "is_authenticated", False) else None
    return ImportEvent.objects.filter(
        ruling_id__in=ids, needs_attention=True, resolved_at__isnull=True
    ).update(resolved_at=timezone.now(), resolved_by=by)


def decide_suggestions(ruling: Ruling, *, accepted: FrenchSuggestion | None, user: Any) -> None:
    """The suggestion the curator used is accepted; the other pending ones are dismissed."""
    by = user if getattr(user, "is_authenticated", False) else None
    now = timezone.now()
    pending = FrenchSuggestion.objects.pending().filter(ruling=ruling)
    if accepted is not None and accepted.ruling_id == ruling.pk:
        pending.filter(pk=accepted.pk).update(
            state=FrenchSuggestion.State.ACCEPTED, decided_at=now, decided_by=by
        )
    others = pending.exclude(pk=accepted.pk) if accepted is not None else pending
    others.update(state=FrenchSuggestion.State.DISMISSED, decided_at=now, decided_by=by)


def _clear_earlier_wording(ruling: Ruling) -> None:
    """The French is now reviewed for today's English; the earlier one stays in the history."""
    ruling.previous_text_en = ""
    ruling.previous_text_fr = ""
    ruling.previous_status = ""


def _write(rulings: list[Ruling], *, user: Any, reason: str) -> None:
    now = timezone.now()
    for ruling in rulings:
        ruling.refresh_derived_fields()
        ruling.updated_at = now
    Ruling.objects.bulk_update(rulings, REVIEW_FIELDS)
    record_rulings(rulings, history_type="~", user=user, reason=reason or "French edited")
