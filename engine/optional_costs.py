"""Optional additional costs announced in 601.2b and paid in 601.2f–h, read from their keywords:
buyback (CR 702.27a), entwine (702.42a: all modes), escalate (702.120a: each mode beyond the
first), replicate (702.56a: N payments, N copies), casualty N (702.153a: sacrifice a creature
with power N or greater, a copy), conspire (702.78a: tap two untapped creatures you control
that each share a color with it, a copy), and splice (702.47a: cards revealed from the hand
add their splice costs); and a printed "As an additional cost to cast this spell, you may pay
{2}{R}" (118.8b), once or, with "any number of times", as often as wished (key ``additional``).

The request says how many times each is paid (``"optional_costs": {"buyback": 1}``) and, for
splice, which hand cards (``"splice": ["h3"]``). Each paid cost is an additional cost in the
total (601.2f), its objects chosen in the request's lists like any other cost (601.2h).

>>> cost = read_optional_cost("buyback", "Buyback {3}")
>>> str(cost.cost), cost.rule
('{3}', '702.27a')
>>> read_optional_cost("casualty", "Casualty 2").cost
Cost.parse('Sacrifice a creature with power 2 or greater')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import rules
from engine.codec import INVALID, Codec, Integer, Path, Reader, _Invalid
from engine.contract import MAX_KICKS, Player, Zone
from engine.costs import Cost, CostChange, CostChangeKind
from engine.errors import InvalidNotationError
from engine.explain import Step, Violation
from engine.filters import Filter, read_filter
from engine.messages import MessageCode, ObjectRef

if TYPE_CHECKING:
    from engine.board import Board
    from engine.cards import CardDefinition

__all__ = [
    "OPTIONAL_KEYS",
    "OPTIONAL_COUNTS",
    "Announced",
    "OptionalCost",
    "Splice",
    "announce_optional",
    "check_optional_counts",
    "read_optional_cost",
    "read_printed_optional",
    "read_splice",
]

OPTIONAL_KEYS = (
    "buyback",
    "entwine",
    "escalate",
    "replicate",
    "casualty",
    "conspire",
    "splice",
    "additional",
)
"""The keys of ``optional_costs``, in the order the answer lists them."""

_RULES = {
    "buyback": "702.27a",
    "entwine": "702.42a",
    "escalate": "702.120a",
    "replicate": "702.56a",
    "casualty": "702.153a",
    "conspire": "702.78a",
    "splice": "702.47a",
    "additional": "118.8b",
}
_REPEATABLE = frozenset({"escalate", "replicate", "splice"})
_COPYING = frozenset({"replicate", "casualty", "conspire"})
_step = Step.of
_violation = Violation.of


@dataclass(frozen=True, slots=True)
class OptionalCost:
    """One optional additional cost of a card: its keyword, rule and cost per payment;
    ``any_number``: a printed cost paid "any number of times"."""

    keyword: str
    text: str
    cost: Cost
    any_number: bool = False

    @property
    def rule(self) -> str:
        return _RULES[self.keyword]

    @property
    def repeatable(self) -> bool:
        """Whether it may be paid more than once (replicate, escalate, "any number of times")."""
        return self.any_number or self.keyword in _REPEATABLE


@dataclass(frozen=True, slots=True)
class Splice:
    """A card's "Splice onto <quality> <cost>" (702.47a): the spells it can be spliced onto."""

    text: str
    onto: Filter
    cost: Cost


_GAINS = re.compile(r"^an opponent gains (?P<n>\d+) life$", re.IGNORECASE)


def _cost(text: str) -> Cost | None:
    text = text.strip().rstrip(".")
    # Roar of Jukai's "Splice onto Arcane—An opponent gains 5 life": that player gains it.
    text = _GAINS.sub(r"have an opponent gain \g<n> life", text)
    try:
        cost = Cost.parse(text) if text.startswith("{") else Cost.read(text[:1].lower() + text[1:])
    except InvalidNotationError:
        return None
    return cost if cost.understood else None


def read_optional_cost(keyword: str, text: str) -> OptionalCost | None:
    """Read an optional-cost keyword ("Buyback {3}", "Entwine—Sacrifice a land", "Casualty 2",
    "Conspire"); None when it is not one or its cost is not understood.

    >>> read_optional_cost("conspire", "Conspire").cost
    Cost.parse('Tap two untapped creatures you control')
    """
    if keyword not in _RULES or keyword == "splice":
        return None
    shown = text.strip().rstrip(".")
    if keyword == "conspire":
        if shown.lower() != "conspire":
            return None
        return OptionalCost(keyword, shown, Cost.parse("Tap two untapped creatures you control"))
    if keyword == "casualty":
        match = re.fullmatch(r"casualty (\d+)", shown, re.IGNORECASE)
        if match is None:
            return None
        power = match.group(1)
        return OptionalCost(
            keyword, shown, Cost.parse(f"Sacrifice a creature with power {power} or greater")
        )
    match = re.fullmatch(rf"{keyword}(?:\s*—\s*|\s+)(?P<cost>.+)", shown, re.IGNORECASE)
    if match is None:
        return None
    cost = _cost(match.group("cost"))
    return OptionalCost(keyword, shown, cost) if cost is not None else None


_PRINTED = re.compile(
    r"^as an additional cost to cast ~, you may pay (?P<cost>(?:\{[^}]+\})+)"
    r"(?P<any> any number of times)?\.?$",
    re.IGNORECASE,
)


def read_printed_optional(sentence: str) -> OptionalCost | None:
    """Read a printed optional mana cost, "As an additional cost to cast this spell, you may
    pay {1}{G} any number of times" (118.8b); None when it is not one.

    >>> cost = read_printed_optional("As an additional cost to cast ~, you may pay {2}{R}.")
    >>> str(cost.cost), cost.rule, cost.repeatable
    ('{2}{R}', '118.8b', False)
    >>> read_printed_optional("As an additional cost to cast ~, you may pay {1}{G} any "
    ...     "number of times.").repeatable
    True
    """
    match = _PRINTED.match(sentence.strip())
    if match is None:
        return None
    cost = _cost(match.group("cost"))
    if cost is None:
        return None
    return OptionalCost("additional", sentence.strip(), cost, any_number=bool(match.group("any")))


def read_splice(text: str) -> Splice | None:
    """Read "Splice onto Arcane {1}{R}" (702.47a); None when not understood.

    >>> splice = read_splice("Splice onto Arcane {1}{R}")
    >>> str(splice.cost), splice.onto.text
    ('{1}{R}', 'Arcane spell')
    >>> read_splice("Splice onto instant or sorcery {2}{U}").onto.text
    'instant or sorcery spell'
    >>> str(read_splice("Splice onto Arcane—An opponent gains 5 life").cost)
    'Have an opponent gain 5 life'
    """
    printed = text.strip().rstrip(".")
    match = re.fullmatch(
        r"splice onto (?P<onto>.+?)\s+(?P<cost>\{.+)", printed, re.IGNORECASE
    ) or re.fullmatch(r"splice onto (?P<onto>.+?)\s*—\s*(?P<cost>.+)", printed, re.IGNORECASE)
    if match is None:
        return None
    onto = read_filter(match.group("onto") + " spell")
    cost = _cost(match.group("cost"))
    if onto is None or cost is None:
        return None
    return Splice(text.strip().rstrip("."), onto, cost)


class _OptionalCounts(Codec[tuple[tuple[str, int], ...]]):
    """``{"buyback": 1, "replicate": 3}``: how many times each optional cost is paid."""

    def read(
        self, value: object, reader: Reader, path: Path
    ) -> tuple[tuple[str, int], ...] | _Invalid:
        if not isinstance(value, Mapping):
            return reader.error(path, "must be an object of counts")
        counts: dict[str, int] = {}
        count_codec = Integer(maximum=MAX_KICKS)
        for key, amount in value.items():
            if key not in OPTIONAL_KEYS:
                known = ", ".join(OPTIONAL_KEYS)
                reader.error((*path, str(key)), f"is not an optional cost ({known})")
                continue
            counted = count_codec.read(amount, reader, (*path, key))
            if counted is not INVALID and isinstance(counted, int):
                counts[key] = counted
        return tuple((k, counts[k]) for k in OPTIONAL_KEYS if counts.get(k))

    def write(self, value: tuple[tuple[str, int], ...]) -> object:
        return dict(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        count = Integer(maximum=MAX_KICKS).schema(defs)
        return {
            "type": "object",
            "propertyNames": {"enum": list(OPTIONAL_KEYS)},
            "additionalProperties": count,
            "examples": [{"buyback": 1, "replicate": 2}],
        }


OPTIONAL_COUNTS = _OptionalCounts()


def check_optional_counts(
    counts: tuple[tuple[str, int], ...], card: CardDefinition, reader: Reader, path: Path
) -> tuple[tuple[str, int], ...]:
    """The counts the card can be paid so: a cost it doesn't have, or a cost paid twice that is
    paid once at most, is an error (as for kicker)."""
    own = {cost.keyword: cost.repeatable for cost in card.optional_costs} | {"splice": True}
    kept: list[tuple[str, int]] = []
    for key, count in counts:
        if key not in own:
            reader.error((*path, key), f"{card.name} has no {key}")
        elif count > 1 and not own[key]:
            reader.error((*path, key), f"{key} is paid at most once")
        else:
            kept.append((key, count))
    return tuple(kept)


@dataclass(frozen=True, slots=True)
class Announced:
    """The optional costs announced for one cast: what they add to the total (601.2f), the
    costs whose objects are chosen (601.2h), the trace, the answer's echo, the copies."""

    changes: tuple[CostChange, ...] = ()
    costs: tuple[Cost, ...] = ()
    violations: tuple[Violation, ...] = ()
    steps: tuple[Step, ...] = ()
    paid: tuple[tuple[str, int], ...] = ()
    copies: int = 0
    entwined: bool = False
    notes: tuple[str, ...] = ()


_NOTHING = Announced()


def _ref(board: Board, object_id: str) -> ObjectRef:
    found = board.ref(object_id)
    return found if isinstance(found, ObjectRef) else ObjectRef(object_id)


def announce_optional(
    card: CardDefinition,
    board: Board,
    player: Player,
    counts: tuple[tuple[str, int], ...],
    splice_ids: tuple[str, ...],
    modes: tuple[int, ...] | None,
    itself: str | None,
) -> Announced:
    """Announce the optional costs (601.2b): each paid cost once per time it is paid; escalate
    once per mode beyond the first; each spliced card's splice cost."""
    if not card.optional_costs and not splice_ids and not counts:
        return _NOTHING
    wanted = dict(counts)
    changes: list[CostChange] = []
    costs: list[Cost] = []
    violations: list[Violation] = []
    steps: list[Step] = []
    paid: dict[str, int] = {}
    notes: list[str] = []
    for optional in card.optional_costs:
        key = optional.keyword
        if key == "escalate":
            times = max(0, len(set(modes)) - 1) if modes else 0
            if key in wanted and wanted[key] != times:
                violations.append(
                    _violation(
                        optional.rule,
                        MessageCode.ESCALATE_COUNT,
                        card=card.ref,
                        count=wanted[key],
                        expected=times,
                    )
                )
        else:
            times = wanted.get(key, 0)
        if not times:
            continue
        paid[key] = times
        for _ in range(times):
            costs.append(optional.cost)
        changes.append(
            CostChange(
                kind=CostChangeKind.ADDITIONAL,
                amount=optional.cost.mana_part * times,
                actions=tuple(a for _ in range(times) for a in optional.cost.actions),
                label=MessageCode.COST_OPTIONAL,
                params=(("keyword", key), ("count", times)),
                rule=optional.rule,
            )
        )
        steps.append(
            _step(
                optional.rule,
                MessageCode.OPTIONAL_ANNOUNCED,
                text=optional.text,
                count=times,
            )
        )
    spliced = _splice(card, board, player, splice_ids, itself, wanted.get("splice"))
    violations.extend(spliced.violations)
    if spliced.costs:
        paid["splice"] = len(spliced.costs)
        costs.extend(spliced.costs)
        changes.extend(spliced.changes)
        steps.extend(spliced.steps)
        notes.extend(spliced.notes)
    copies = sum(n for key, n in paid.items() if key in _COPYING)
    if copies:
        steps.append(_step(rules.COPY_DECISIONS, MessageCode.OPTIONAL_COPIES, count=copies))
    return Announced(
        changes=tuple(changes),
        costs=tuple(costs),
        violations=tuple(violations),
        steps=tuple(steps),
        paid=tuple((k, paid[k]) for k in OPTIONAL_KEYS if k in paid),
        copies=copies,
        entwined="entwine" in paid,
        notes=tuple(notes),
    )


def _splice(
    card: CardDefinition,
    board: Board,
    player: Player,
    ids: tuple[str, ...],
    itself: str | None,
    count: int | None,
) -> Announced:
    rule = _RULES["splice"]
    if count is not None and count != len(ids):
        return Announced(
            violations=(_violation(rule, MessageCode.SPLICE_COUNT, count=count, listed=len(ids)),)
        )
    violations: list[Violation] = []
    costs: list[Cost] = []
    changes: list[CostChange] = []
    steps: list[Step] = []
    notes: list[str] = []
    for object_id in ids:
        found = board.card_in(object_id)
        if found is None or found[0] is not Zone.HAND or found[1].owner is not player:
            violations.append(
                _violation(rule, MessageCode.SPLICE_NOT_IN_HAND, card=_ref(board, object_id))
            )
            continue
        spliced = found[1].card
        if object_id == itself:
            violations.append(
                _violation(rules.PROPOSE, MessageCode.CAST_CARD_PAYS, object=_ref(board, object_id))
            )
            continue
        splice = spliced.splice
        if splice is None:
            violations.append(_violation(rule, MessageCode.NO_SPLICE, card=_ref(board, object_id)))
            continue
        if not splice.onto.fits(card):
            violations.append(
                _violation(
                    rule,
                    MessageCode.SPLICE_WRONG_SPELL,
                    card=_ref(board, object_id),
                    spell=card.ref,
                    onto=splice.onto.text,
                )
            )
            continue
        costs.append(splice.cost)
        changes.append(
            CostChange(
                kind=CostChangeKind.ADDITIONAL,
                amount=splice.cost.mana_part,
                actions=splice.cost.actions,
                label=MessageCode.COST_SPLICE,
                params=(("card", spliced.ref),),
                rule=rule,
            )
        )
        steps.append(
            _step(rule, MessageCode.SPLICED, card=_ref(board, object_id), cost=str(splice.cost))
        )
        if any(clause.targets for clause in spliced.clauses):
            notes.append(f"{spliced.name} (spliced): its targets are not checked.")
    return Announced(
        changes=tuple(changes),
        costs=tuple(costs),
        violations=tuple(violations),
        steps=tuple(steps),
        notes=tuple(notes),
    )
