"""Translation memory: reviewed French reused for the same or close English.

* The same English (but for spacing, case and typography) reviewed elsewhere is offered as a
  stored suggestion, so the clarification enters the review queue: after an import for the
  new rulings, and when a curator reviews a ruling for its twins that have no French.
* Close English is looked up when a curator opens a clarification: the nearest reviewed
  French, with its English and the similarity, is shown beside the editor.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rulesite.cards.models import Ruling
from rulesite.core.text import fold
from rulesite.curation.models import FrenchSuggestion
from rulesite.curation.services.rewording import TYPOGRAPHY, similarity

#: Close English must be at least this alike to be offered.
CLOSE_SIMILARITY = 0.55
#: How many reviewed clarifications the close-English look-up compares at most.
CLOSE_SCAN = 5000
TWIN_PREFIX = 60


def wording(text: str) -> str:
    """The words of an English text, for "the same English" (spacing, case, typography aside).

    >>> wording("If you copy  a kicked spell, it’s kicked.")
    "if you copy a kicked spell, it's kicked."
    """
    return " ".join(text.translate(TYPOGRAPHY).split()).casefold()


def reviewed() -> Any:
    return Ruling.objects.filter(translation_status=Ruling.TranslationStatus.REVIEWED).exclude(
        text_fr=""
    )


def offer_identical_french(rulings: Iterable[Ruling], *, run: Any = None) -> int:
    """Offer reviewed French to each of ``rulings`` (without French) whose English is the same
    as a reviewed clarification's; returns the number of suggestions made."""
    targets = [r for r in rulings if not r.text_fr]
    if not targets:
        return 0
    memory: dict[str, tuple[int, str, str]] = {}
    for pk, text_en, text_fr in (
        reviewed().order_by("updated_at", "id").values_list("id", "text_en", "text_fr")
    ):
        memory[wording(text_en)] = (pk, text_en, text_fr)  # the latest review wins
    if not memory:  # nothing reviewed yet (a first import): nothing to offer
        return 0
    suggestions = []
    for ruling in targets:
        found = memory.get(wording(ruling.text_en))
        if found is None or found[0] == ruling.pk:
            continue
        pk, text_en, text_fr = found
        suggestions.append(
            FrenchSuggestion(
                ruling=ruling,
                kind=FrenchSuggestion.Kind.MEMORY,
                text_fr=text_fr,
                source_text_en=text_en,
                source_ruling_id=pk,
                source_ref=pk,
                score=1.0,
                run=run,
            )
        )
    FrenchSuggestion.objects.bulk_create(suggestions, batch_size=500, ignore_conflicts=True)
    return len(suggestions)


def offer_to_twins(ruling: Ruling) -> int:
    """After ``ruling``'s French was reviewed: offer it to the same English elsewhere."""
    if ruling.translation_status != Ruling.TranslationStatus.REVIEWED or not ruling.text_fr:
        return 0
    prefix = fold(ruling.text_en)[:TWIN_PREFIX]
    candidates = (
        Ruling.objects.filter(text_fr="", search_text__startswith=prefix)
        .exclude(pk=ruling.pk)
        .only("id", "text_en", "text_fr")
    )
    key = wording(ruling.text_en)
    twins = [r for r in candidates if wording(r.text_en) == key]
    if not twins:
        return 0
    return offer_identical_french(twins)


@dataclass(frozen=True)
class CloseFrench:
    ruling_id: int
    text_en: str
    text_fr: str
    score: float


def nearest_reviewed(ruling: Ruling, *, limit: int = 2) -> list[CloseFrench]:
    """Reviewed French of the clarifications whose English is closest to ``ruling``'s
    (excluding the same English, which is a stored suggestion already)."""
    key = wording(ruling.text_en)
    rows = (
        reviewed()
        .exclude(pk=ruling.pk)
        .order_by("-updated_at")
        .values_list("id", "text_en", "text_fr")[:CLOSE_SCAN]
    )
    found: list[CloseFrench] = []
    for pk, text_en, text_fr in rows:
        if wording(text_en) == key:
            continue
        score = similarity(ruling.text_en, text_en, floor=CLOSE_SIMILARITY)
        if score >= CLOSE_SIMILARITY:
            found.append(CloseFrench(pk, text_en, text_fr, round(score, 2)))
    found.sort(key=lambda c: (-c.score, c.ruling_id))
    return found[:limit]
