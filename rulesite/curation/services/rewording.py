"""Which new official ruling re-words which old one, when an import replaces a card's rulings.

An import gives each card its rulings as the source has them today. When a card loses an old
ruling and gains a new one, the new one may be the old one re-worded: then the French a curator
reviewed for the old English is carried over, to be reviewed against the new English.

A pair is only made between rulings that

* are about the same mechanic: the keyword the old ruling is filed under (or, when it has
  none, the one keyword of its cards that its text names) and the keyword the new text names
  must not be two different keywords ("Because delve isn't an alternative cost…" never re-words
  "Because convoke isn't an alternative cost…", however alike the sentences);
* apply to the same cards: every card that lost the old ruling in this import gains the new
  one (a ruling shared by 12 delve cards is not the re-wording of a ruling shared by the
  convoke cards, though Hogaak has both mechanics);
* are alike: a difflib ratio of at least :data:`REWORD_SIMILARITY` between the English texts.

The same words (typography aside) given to other cards — WotC re-dates a ruling card by card —
are not a re-wording: the new ruling takes the old one's French and status as they are
(``copies``), for as many new rulings as have those words.

Pairs are made best-first, one new ruling per old one. Below the pairing threshold, an old
ruling's reviewed French is still offered as a *suggestion* to the new rulings of the same
mechanic on its cards that are at least :data:`SUGGEST_SIMILARITY` alike (a heavily
re-worded ruling, or the second half of a split one): a curator accepts or dismisses it.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Hashable, Mapping, Set
from dataclasses import dataclass, field
from typing import Generic, TypeVar

REWORD_SIMILARITY = 0.6
SUGGEST_SIMILARITY = 0.45
#: Suggestions kept per old ruling (its closest new rulings).
SUGGESTIONS_PER_RULING = 2

K = TypeVar("K", bound=Hashable)

TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "—": "-", "–": "-"})


def same_words(a: str, b: str) -> bool:
    """Equal but for spacing and typography (curly quotes, dashes).

    >>> same_words("it’s on the  stack.", "it's on the stack.")
    True
    >>> same_words("it's on the stack.", "it's on the battlefield.")
    False
    """
    return " ".join(a.translate(TYPOGRAPHY).split()) == " ".join(b.translate(TYPOGRAPHY).split())


def similarity(a: str, b: str, *, floor: float = 0.0) -> float:
    """difflib ratio of two English texts, case-insensitive; 0.0 when it is surely under
    ``floor`` (the cheap upper bounds are tried first).

    >>> round(similarity("You can't pay a kicker cost more than once.",
    ...                  "The kicker ability doesn't let you pay a kicker cost more than once."), 2)
    0.67
    """
    matcher = difflib.SequenceMatcher(None, a.casefold(), b.casefold(), autojunk=False)
    if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
        return 0.0
    return matcher.ratio()


@dataclass(frozen=True)
class OldRuling:
    """What the plan needs of an old ruling: its English and the keyword it is about."""

    text: str
    mechanic: int | None


@dataclass(frozen=True)
class NewRuling:
    text: str
    mechanic: int | None


@dataclass
class Plan(Generic[K]):
    """``pairs``: new key → old id (a re-wording); ``copies``: new key → old id whose English
    is the same words, on other cards (its French applies as it is); ``suggestions``:
    (new key, old id, score)."""

    pairs: dict[K, int] = field(default_factory=dict)
    copies: dict[K, int] = field(default_factory=dict)
    suggestions: list[tuple[K, int, float]] = field(default_factory=list)


def same_mechanic(old: int | None, new: int | None) -> bool:
    """Two keywords that differ mean two mechanics; a text that names none is not about another.

    >>> same_mechanic(1, 1), same_mechanic(1, None), same_mechanic(1, 2)
    (True, True, False)
    """
    return old is None or new is None or old == new


def plan_rewordings(
    *,
    lost: Mapping[int, Set[int]],
    gained: Mapping[K, Set[int]],
    fresh_by_card: Mapping[int, list[K]],
    old: Callable[[int], OldRuling],
    new: Callable[[K], NewRuling],
    offers_french: Callable[[int], bool],
    has_french: Callable[[int], bool] | None = None,
) -> Plan[K]:
    """Pair old rulings (``lost``: old id → cards that lost it) with new ones (``gained``: new
    key → cards that gained it) and list the suggestions; see the module's rules."""
    has_french = has_french or offers_french
    candidates: list[tuple[float, int, K]] = []
    copies: dict[K, int] = {}
    for old_id, cards in lost.items():
        keys = {key for card in cards for key in fresh_by_card.get(card, ())}
        if not keys:
            continue
        before = old(old_id)
        offers = offers_french(old_id)
        floor = SUGGEST_SIMILARITY if offers else REWORD_SIMILARITY
        for key in keys:
            after = new(key)
            if not same_mechanic(before.mechanic, after.mechanic):
                continue
            subset = cards <= gained[key]
            if same_words(before.text, after.text):
                if subset:
                    candidates.append((1.0, old_id, key))
                elif has_french(old_id) and (key not in copies or offers):
                    copies[key] = old_id  # the same words on other cards: the French applies
                continue
            if not subset and not offers:
                continue
            score = similarity(before.text, after.text, floor=floor)
            if score < SUGGEST_SIMILARITY:
                continue
            # A pair needs the same cards; a suggestion only needs a card in common.
            candidates.append((score if subset else -score, old_id, key))
    plan: Plan[K] = Plan()
    used_old: set[int] = set()
    ranked = sorted(candidates, key=lambda c: (-c[0], c[1], str(c[2])))
    for score, old_id, key in ranked:
        if score >= REWORD_SIMILARITY and old_id not in used_old and key not in plan.pairs:
            plan.pairs[key] = old_id
            used_old.add(old_id)
    plan.copies = {key: old_id for key, old_id in copies.items() if key not in plan.pairs}
    offered: dict[int, int] = {}
    for score, old_id, key in sorted(candidates, key=lambda c: (-abs(c[0]), c[1], str(c[2]))):
        if key in plan.copies:
            continue  # it has the French of the same English already
        paired = plan.pairs.get(key)
        if not offers_french(old_id) or (paired is not None and offers_french(paired)):
            continue  # nothing to offer, or the new ruling already has reviewed French
        if offered.get(old_id, 0) >= SUGGESTIONS_PER_RULING:
            continue
        offered[old_id] = offered.get(old_id, 0) + 1
        plan.suggestions.append((key, old_id, round(abs(score), 3)))
    return plan
