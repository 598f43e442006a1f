"""Paying the parts of a cost that are not mana with the objects the player chose (CR 601.2h,
118.3): which chosen object pays which part, what is still to choose, and what can't be paid.

The objects of one kind of choice (``sacrifice``, ``discard``…) are matched to the parts of
that kind by augmenting paths, each part taking from its least to its most objects, so two
parts of one kind ("sacrifice a land" for a kicker, "sacrifice a creature" for the spell)
are paid whenever the chosen objects can pay both. Each choice list holds at most
``MAX_CHOICES`` ids and a cost has a handful of parts: the work is small and bounded.

>>> from engine.board import Board
>>> from engine.cost_actions import read_cost_action
>>> paid = allocate(Board(), Player.YOU, (read_cost_action("Sacrifice a creature"),), {}, x=0)
>>> [v.rule for v in paid.violations], paid.missing
(['118.3'], ())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from engine import rules
from engine.board import Board, CardInZone, Permanent
from engine.contract import Choice, Player, Zone
from engine.cost_actions import NO_OBJECTS, CostAction, CostKind
from engine.explain import Step, Violation
from engine.messages import MessageCode, ObjectRef
from engine.payment import Payment

__all__ = ["Allocation", "allocate", "moving_conflicts"]

_MOVES = (CostKind.SACRIFICE, CostKind.RETURN, CostKind.EXILE, CostKind.DISCARD)


@dataclass(frozen=True, slots=True)
class Allocation:
    """The objects paying each kind of part, what is still to choose, and why it can't be
    paid; ``life`` is the life the parts cost (X counted)."""

    paid: dict[CostKind, tuple[str, ...]] = field(default_factory=dict)
    missing: tuple[Choice, ...] = ()
    violations: tuple[Violation, ...] = ()
    steps: tuple[Step, ...] = ()
    life: int = 0

    def shown(self, payment: Payment) -> Payment:
        """The payment as an answer shows it: its mana, with the objects that pay the other
        parts and the life they cost added to the payment's own.

        >>> Allocation(paid={CostKind.SACRIFICE: ("b1",)}, life=2).shown(Payment()).sacrifice
        ('b1',)
        """
        if not (self.paid or self.life or _pays_objects(payment)):
            return payment  # as found, when nothing but mana paid (most casts)
        paid = self.paid
        return replace(
            payment,
            sacrifice=paid.get(CostKind.SACRIFICE, ()),
            discard=paid.get(CostKind.DISCARD, ()),
            exile=paid.get(CostKind.EXILE, ()),
            tap=paid.get(CostKind.TAP, ()),
            return_=paid.get(CostKind.RETURN, ()),
            reveal=paid.get(CostKind.REVEAL, ()),
            counter=paid.get(CostKind.COUNTER, ()),
            life=payment.life + self.life,
        )


def _pays_objects(payment: Payment) -> bool:
    """Whether the payment lists objects for costs that are not mana."""
    return bool(
        payment.sacrifice
        or payment.discard
        or payment.exile
        or payment.tap
        or payment.return_
        or payment.reveal
        or payment.counter
    )


Candidate = Permanent | CardInZone


def _candidates(board: Board, part: CostAction, player: Player, x: int) -> dict[str, Candidate]:
    """The objects that could pay one part, by id."""
    found = part.filter
    assert found is not None
    objects: list[Candidate]
    if part.zone is None:
        objects = [p for p in board.battlefield if p.controller is player]
    else:
        objects = [c for c in board.zone(part.zone) if c.owner is player]
    return {o.id: o for o in objects if o.fits(found, player=player, x=x)}


def _ref(board: Board, object_id: str) -> ObjectRef:
    found = board.ref(object_id)
    return found if isinstance(found, ObjectRef) else ObjectRef(object_id)


def _place(
    parts: list[list[str]], fits: Sequence[set[str]], capacity: Sequence[int], object_id: str,
    seen: set[int],
) -> bool:  # fmt: skip
    """Give ``object_id`` a part with room, moving others along an augmenting path."""
    for index, allowed in enumerate(fits):
        if object_id not in allowed or index in seen:
            continue
        seen.add(index)
        if len(parts[index]) < capacity[index]:
            parts[index].append(object_id)
            return True
        for other in list(parts[index]):
            if _place(parts, fits, capacity, other, seen):
                parts[index].remove(other)
                parts[index].append(object_id)
                return True
    return False


def _fill(
    ids: Sequence[str], fits: Sequence[set[str]], low: Sequence[int], high: Sequence[int]
) -> list[list[str]]:
    """Assign ids so that every part gets its least first, then as many more as fit.

    Augmenting from a matching that meets the least counts never takes a part below them:
    along a path each part gives one object and takes one, and only the last part grows.
    """
    parts: list[list[str]] = [[] for _ in fits]
    placed: set[str] = set()
    for object_id in ids:
        if _place(parts, fits, low, object_id, set()):
            placed.add(object_id)
    for object_id in ids:
        if object_id not in placed:
            _place(parts, fits, high, object_id, set())
    return parts


def allocate(
    board: Board,
    player: Player,
    parts: Sequence[CostAction],
    chosen: Mapping[CostKind, tuple[str, ...] | None],
    *,
    x: int,
    itself: str | None = None,
) -> Allocation:
    """Pay ``parts`` with the ``chosen`` objects (by kind; None: nothing chosen yet).

    ``itself`` is the id of the card being cast: it is on the stack (601.2a) and can't pay.
    """
    paid: dict[CostKind, tuple[str, ...]] = {}
    missing: list[Choice] = []
    violations: list[Violation] = []
    steps: list[Step] = []
    life = 0
    for part in parts:
        if part.kind is CostKind.LIFE:
            low, _ = part.bounds(x)
            life += low
            steps.append(Step.of(rules.PAY, MessageCode.LIFE_COST_PAID, cost=part.text, life=low))
        elif part.kind is CostKind.LIFE_GAIN:
            steps.append(Step.of(rules.PAY, MessageCode.LIFE_GIVEN, cost=part.text))
    for kind in CostKind:
        if kind in NO_OBJECTS:
            continue
        of_kind = [p for p in parts if p.kind is kind]
        given = chosen.get(kind)
        if not of_kind:
            if given:
                violations.extend(_overpaid(board, object_id, kind) for object_id in given)
            continue
        result = _allocate_kind(board, player, kind, of_kind, given, x=x, itself=itself)
        paid[kind] = result[0]
        violations.extend(result[1])
        steps.extend(result[2])
        if result[3]:
            choice = kind.choice
            if choice is not None:
                missing.append(choice)
    return Allocation(
        paid=paid,
        missing=tuple(missing),
        violations=tuple(violations),
        steps=tuple(steps),
        life=life,
    )


def _allocate_kind(
    board: Board,
    player: Player,
    kind: CostKind,
    parts: list[CostAction],
    given: tuple[str, ...] | None,
    *,
    x: int,
    itself: str | None,
) -> tuple[tuple[str, ...], list[Violation], list[Step], bool]:
    """One kind of part: (ids paying, violations, steps, whether a choice is still missing)."""
    violations: list[Violation] = []
    steps: list[Step] = []
    chooses = [p for p in parts if p.needs_choice]
    for part in parts:
        if part.at_random:
            count, _ = part.bounds(x)
            cards = [c for c in board.zone(Zone.HAND) if c.owner is player and c.id != itself]
            if len(cards) < count:
                violations.append(
                    Violation.of(rules.CANT_PAY, MessageCode.COST_UNPAYABLE, cost=part.text)
                )
            else:
                steps.append(Step.of(rules.PAY, MessageCode.PAID_AT_RANDOM, cost=part.text))
    if not chooses:
        return (), violations, steps, False
    candidates = [_candidates(board, p, player, x) for p in chooses]
    if itself is not None:
        for found in candidates:
            found.pop(itself, None)
    fits = [set(found) for found in candidates]
    # "Sacrifice all creatures you control", "discard your hand": every object that fits.
    low = [len(fits[i]) if p.every else p.bounds(x)[0] for i, p in enumerate(chooses)]
    high = [len(fits[i]) if p.every else _most(p.bounds(x)[1]) for i, p in enumerate(chooses)]
    if given is None and all(p.every for p in chooses):
        given = tuple(sorted({i for found in fits for i in found}))  # nothing to choose
    everything = sorted({i for found in fits for i in found})
    possible = _fill(everything, fits, low, low)
    payable = all(len(possible[i]) >= low[i] for i in range(len(chooses)))
    if not payable:
        for index, part in enumerate(chooses):
            if len(possible[index]) < low[index]:
                violations.append(
                    Violation.of(rules.CANT_PAY, MessageCode.COST_UNPAYABLE, cost=part.text)
                )
    ids = list(given or ())
    if itself is not None and itself in ids:
        violations.append(
            Violation.of(rules.PROPOSE, MessageCode.CAST_CARD_PAYS, object=_ref(board, itself))
        )
        ids.remove(itself)
    unfit = [i for i in ids if not any(i in allowed for allowed in fits)]
    wanted = " / ".join(p.text for p in chooses)
    for object_id in unfit:
        violations.append(
            Violation.of(
                rules.CANT_PAY,
                MessageCode.COST_OBJECT_UNFIT,
                object=_ref(board, object_id),
                cost=wanted,
            )
        )
    if not payable:
        return (), violations, steps, False
    fitting = [i for i in ids if i not in unfit]
    assigned = _fill(fitting, fits, low, high)
    used = {i for part_ids in assigned for i in part_ids}
    for object_id in fitting:
        if object_id not in used:
            violations.append(_overpaid(board, object_id, kind))
    still = False
    for index, part in enumerate(chooses):
        if len(assigned[index]) < low[index]:
            still = True
            violations.append(
                Violation.of(
                    rules.ANNOUNCE,
                    MessageCode.MISSING_COST_CHOICE,
                    cost=part.text,
                    count=low[index] - len(assigned[index]),
                )
            )
        elif assigned[index]:
            objects = tuple(_ref(board, i) for i in assigned[index])
            steps.append(
                Step.of(rules.PAY, MessageCode.PAID_WITH_OBJECTS, cost=part.text, objects=objects)
            )
    order = {object_id: position for position, object_id in enumerate(ids)}
    paying = tuple(sorted(used, key=order.__getitem__))
    return paying, violations, steps, still


def _overpaid(board: Board, object_id: str, kind: CostKind) -> Violation:
    """An object chosen for a kind of cost that no part of that kind needs (601.2h)."""
    return Violation.of(
        rules.PAY, MessageCode.COST_OVERPAID, object=_ref(board, object_id), kind=kind.value
    )


def _most(bound: int | None) -> int:
    return 10**6 if bound is None else bound


def moving_conflicts(
    board: Board, chosen: Mapping[CostKind, tuple[str, ...] | None], convoke: tuple[str, ...]
) -> list[Violation]:
    """Objects chosen twice for costs that both move them (sacrifice, return, exile, discard)
    or both tap them (tap, convoke): one object can't pay both (CR 118.3).

    >>> chosen = {CostKind.SACRIFICE: ("c1",), CostKind.RETURN: ("c1",)}
    >>> moving_conflicts(Board(), chosen, ())[0].rule
    '118.3'
    """
    violations: list[Violation] = []
    moved: dict[str, CostKind] = {}
    for kind in _MOVES:
        for object_id in chosen.get(kind) or ():
            if object_id in moved:
                violations.append(
                    Violation.of(
                        rules.CANT_PAY,
                        MessageCode.OBJECT_PAYS_TWICE,
                        object=_ref(board, object_id),
                        first=moved[object_id].value,
                        second=kind.value,
                    )
                )
            else:
                moved[object_id] = kind
    tapped = set(convoke)
    for object_id in chosen.get(CostKind.TAP) or ():
        if object_id in tapped:
            violations.append(
                Violation.of(
                    rules.CANT_PAY,
                    MessageCode.OBJECT_PAYS_TWICE,
                    object=_ref(board, object_id),
                    first="convoke",
                    second="tap",
                )
            )
    return violations
