"""Casting a spell in the order of CR 601.2, and the record of it.

announce (alternative cost, kicker counts, X; 601.2b) → targets, which depend on the kicker
(601.2c, 702.33g) → legality (timing 117.1a/302.1/307.1, split second 702.61a; 601.2e) →
total cost, locked in (601.2f) → payment with mana abilities, pool and convoke (601.2g–h).

The legality verbs come in a triple: :func:`check_cast` returns every violation,
:func:`can_cast` stops at the first (the payment search, the costliest check, comes last), and
:func:`cast` returns the frozen record of the cast or raises.

>>> outcome = cast(Board(), Action(kind=ActionKind.CAST, card=bolt, kicker=(1,),
...     assume_mana=True))
>>> str(outcome.total_cost.mana), outcome.result.damage, outcome.legal
('{4}{R}', 4, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, Generic, TypeVar

from engine import rules
from engine.abilities import ClauseKind, ModifierKind
from engine.actions import Action
from engine.board import Board, Permanent, object_ref, split_second_spells
from engine.cards import CardDefinition
from engine.contract import ActionKind, Player, ResultKind
from engine.costs import CostChange, CostChangeKind, TotalCost, determine_total_cost
from engine.explain import Step, Violation
from engine.mana import ManaCost
from engine.messages import MessageCode, Param, Quote
from engine.outcome import ClauseReport, IllegalActionError, Outcome, Result
from engine.payment import Payment
from engine.resources import check_convoke, check_sacrifices, pay_total_cost
from engine.targets import check_targets, clause_applies, minimum_targets, required_targets
from engine.text import Condition

__all__ = [
    "can_cast",
    "cast",
    "cast_violations",
    "check_cast",
    "clause_reports",
    "describe_result",
    "judge_cast",
    "split_second_violations",
]

_step = Step.of
_violation = Violation.of
_T = TypeVar("_T")


def announce_kicker(card: CardDefinition, kicker: tuple[int, ...] | None) -> tuple[int, ...]:
    """Kicker counts, one per printed kicker cost (zeros when none were announced).

    >>> announce_kicker(bolt, None), announce_kicker(bolt, (1,))
    ((0,), (1,))
    """
    size = len(card.announce_costs)
    given = tuple(kicker or ())[:size]
    return given + (0,) * (size - len(given))


def _kicker_violations(card: CardDefinition, counts: tuple[int, ...]) -> Iterator[Violation]:
    for index, count in enumerate(counts):
        is_multi = card.multikicker_cost is not None and index == len(counts) - 1
        if count > 1 and not is_multi:
            yield _violation(
                rules.KICKER,
                MessageCode.KICKER_PAID_TWICE,
                card=card.ref,
                ruling=Quote(rules.RULING_KICKER_ONCE),
            )


def _kicker_steps(card: CardDefinition, counts: tuple[int, ...]) -> list[Step]:
    steps = []
    if len(card.kicker_costs) == 2:
        first, second = card.kicker_costs
        steps.append(
            _step(
                rules.KICKER_TWO_COSTS,
                MessageCode.KICKER_TWO_COSTS,
                first=str(first),
                second=str(second),
                counts=str(list(counts)),
            )
        )
    if card.multikicker_cost is not None:
        steps.append(
            _step(
                rules.MULTIKICKER,
                MessageCode.MULTIKICKER_PAID,
                cost=str(card.multikicker_cost),
                count=counts[-1],
            )
        )
    linked = [c for c in card.clauses if c.condition in (Condition.KICKED_A, Condition.KICKED_B)]
    for clause in linked:
        if clause_applies(clause, counts):
            steps.append(_step(rules.KICKER_LINKED, MessageCode.KICKER_LINKED, text=clause.text))
    return steps


@functools.lru_cache(maxsize=1024)
def _announcement_steps(card: CardDefinition, counts: tuple[int, ...], x: int) -> tuple[Step, ...]:
    """The trace of the announcement (601.2b): kicker counts and X, whether it is kicked, the
    kicker abilities that apply and the targets they bring (702.33d–g); memoized.
    """
    kick_count = sum(counts)
    announced = ", ".join(
        f"{c} ×{n}" for c, n in zip(card.announce_costs, counts, strict=True) if n
    )
    params: dict[str, Param] = {}
    if announced:
        code = MessageCode.ANNOUNCED_X if card.has_x else MessageCode.ANNOUNCED
        params["kicker"] = announced
    else:
        code = MessageCode.ANNOUNCED_UNKICKED_X if card.has_x else MessageCode.ANNOUNCED_UNKICKED
    if card.has_x:
        params["x"] = x
    steps = [_step(rules.ANNOUNCE, code, **params)]
    if kick_count:
        steps.append(
            _step(
                rules.KICKER_KICKED,
                MessageCode.KICKED,
                card=card.ref,
                count=kick_count,
                ruling=Quote(rules.RULING_KICKED),
            )
        )
    steps.extend(_kicker_steps(card, counts))
    if any(kicked_only for _, kicked_only in required_targets(card, counts)):
        steps.append(_step(rules.KICKER_TARGETS, MessageCode.KICKER_TARGETS))
    return tuple(steps)


@functools.lru_cache(maxsize=1024)
def _on_stack(card: CardDefinition, x: int, split_second: bool) -> tuple[int, tuple[Step, ...]]:
    """The spell's mana value on the stack, whatever was paid (202.3e), and the trace of what it
    is there (split second, 702.61a); memoized.
    """
    mana_value = card.mana_cost.mana_value_with_x(x)
    steps = [_step(rules.MANA_VALUE_X, MessageCode.MANA_VALUE, value=mana_value)]
    if split_second:
        steps.append(_step(rules.SPLIT_SECOND, MessageCode.HAS_SPLIT_SECOND, card=card.ref))
    return mana_value, tuple(steps)


@functools.lru_cache(maxsize=1024)
def clause_reports(card: CardDefinition, kicked_with: tuple[int, ...]) -> tuple[ClauseReport, ...]:
    """Each clause of the text and whether it applies (CR 702.33e–f); memoized.

    >>> [c.applies for c in clause_reports(bolt, (0,))]
    [True, True, False]
    """
    return tuple(
        ClauseReport(text=c.text, applies=clause_applies(c, kicked_with), condition=c.condition)
        for c in card.clauses
    )


@functools.lru_cache(maxsize=1024)
def describe_result(
    card: CardDefinition, kind: ResultKind, kicked_with: tuple[int, ...], x: int
) -> Result:
    """What a spell or permanent does: counters it enters with, damage it deals; memoized.

    >>> describe_result(bolt, ResultKind.SPELL, (1,), 0).damage
    4
    """
    kick_count = sum(kicked_with)
    counters: dict[str, int] = {}
    damage: int | None = None
    for clause in card.clauses:
        if not clause_applies(clause, kicked_with) or not clause.understood:
            continue
        if clause.counters is not None and kind is not ResultKind.SPELL:
            amount = clause.counters.resolve(x=x, kick_count=kick_count)
            if amount:
                counters[clause.counters.kind] = counters.get(clause.counters.kind, 0) + amount
        if clause.damage is not None and clause.kind in (ClauseKind.SPELL, ClauseKind.TRIGGERED):
            damage = clause.damage.resolve(x=x, kick_count=kick_count)
    return Result(
        kind=kind,
        kicked=kick_count > 0,
        counters=tuple(sorted(counters.items())),
        damage=damage,
    )


def _cost_changes(board: Board, action: Action, card: CardDefinition) -> tuple[CostChange, ...]:
    changes: list[CostChange] = []
    for permanent in board.battlefield:
        if permanent.face_down:
            continue
        for modifier in permanent.card.cost_modifiers:
            same = permanent.controller is action.player
            if modifier.kind in (ModifierKind.INCREASE, ModifierKind.REDUCE):
                if modifier.applies_to(card.card_types, same_controller=same):
                    kind = (
                        CostChangeKind.INCREASE
                        if modifier.kind is ModifierKind.INCREASE
                        else CostChangeKind.REDUCE
                    )
                    changes.append(
                        CostChange(kind=kind, amount=modifier.amount, source=permanent.card.ref)
                    )
            elif modifier.kind is ModifierKind.MINIMUM and not (
                modifier.only_if_untapped and permanent.tapped
            ):
                changes.append(
                    CostChange(
                        kind=CostChangeKind.MINIMUM,
                        amount=ManaCost(),
                        source=permanent.card.ref,
                        minimum=modifier.minimum,
                    )
                )
    for amount in action.cost_increases:
        changes.append(CostChange(kind=CostChangeKind.INCREASE, amount=amount))
    for amount in action.cost_reductions:
        changes.append(CostChange(kind=CostChangeKind.REDUCE, amount=amount))
    return tuple(changes)


def _free_cast_source(board: Board, player: Player) -> Permanent | None:
    for permanent in board.battlefield:
        if permanent.controller is not player or permanent.face_down:
            continue
        for modifier in permanent.card.cost_modifiers:
            if modifier.kind is ModifierKind.FREE_FROM_HAND:
                return permanent
    return None


def _timing(board: Board, action: Action, card: CardDefinition) -> tuple[list[Violation], Step]:
    if card.is_instant_speed:
        rule = (
            rules.FLASH
            if card.has_flash and "instant" not in card.card_types
            else (rules.INSTANT_TIMING)
        )
        return [], _step(rule, MessageCode.TIMING_ANY_TIME, card=card.ref)
    if "sorcery" in card.card_types:
        rule = rules.SORCERY_TIMING
    elif card.is_creature:
        rule = rules.CREATURE_TIMING
    else:
        rule = rules.INSTANT_TIMING
    violations: list[Violation] = []
    if board.turn.active_player is not action.player:
        violations.append(_violation(rule, MessageCode.NOT_YOUR_TURN, card=card.ref))
    if not board.turn.phase.is_main:
        violations.append(_violation(rule, MessageCode.NOT_MAIN_PHASE, card=card.ref))
    if board.stack:
        violations.append(_violation(rule, MessageCode.STACK_NOT_EMPTY, card=card.ref))
    return violations, _step(rule, MessageCode.TIMING_SORCERY_SPEED, card=card.ref)


def split_second_violations(board: Board, *, from_trigger: bool = False) -> list[Violation]:
    """A violation for each spell with split second on the stack (CR 702.61a).

    >>> split_second_violations(Board())
    []
    """
    violations = []
    for spell in split_second_spells(board.stack):
        kicked = not spell.card.has_split_second
        if from_trigger:
            code = (
                MessageCode.SPLIT_SECOND_LOCK_KICKED_TRIGGER
                if kicked
                else MessageCode.SPLIT_SECOND_LOCK_TRIGGER
            )
            violations.append(
                _violation(
                    rules.SPLIT_SECOND,
                    code,
                    spell=object_ref(spell, named=True),
                    ruling=Quote(rules.RULING_SPLIT_SECOND_TRIGGER_CAST),
                )
            )
        else:
            code = MessageCode.SPLIT_SECOND_LOCK_KICKED if kicked else MessageCode.SPLIT_SECOND_LOCK
            violations.append(
                _violation(rules.SPLIT_SECOND, code, spell=object_ref(spell, named=True))
            )
    return violations


class _once(Generic[_T]):
    """A property worked out on first use and then kept on the instance (like
    ``functools.cached_property``, without its lock: a cast is judged in one thread)."""

    def __init__(self, compute: Callable[[Any], _T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    def __get__(self, instance: Any, owner: type[Any] | None = None) -> _T:
        value = self.compute(instance)
        instance.__dict__[self.name] = value
        return value


class _Cast:
    """One cast, in the order of 601.2; each part is worked out once, when first needed."""

    def __init__(self, board: Board, action: Action, *, from_trigger: bool) -> None:
        card = action.card
        assert card is not None, "casting needs a card"
        self.board = board
        self.action = action
        self.card = card
        self.from_trigger = from_trigger or action.kind is ActionKind.CAST_FROM_TRIGGER
        self.counts = announce_kicker(card, action.kicker)
        self.kick_count = sum(self.counts)
        self.x = action.x if card.has_x else 0
        self.alternative = action.alternative_cost
        self.free_source: Permanent | None = None
        if self.alternative is None and not self.from_trigger and self.x == 0:
            self.free_source = _free_cast_source(board, action.player)
            if self.free_source is not None:
                self.alternative = ManaCost.generic(0)
        self.specs = required_targets(card, self.counts)

    @_once
    def locks(self) -> list[Violation]:
        return split_second_violations(self.board, from_trigger=self.from_trigger)

    @_once
    def timing(self) -> tuple[list[Violation], Step]:
        return _timing(self.board, self.action, self.card)

    @_once
    def total(self) -> TotalCost:
        base = self.alternative
        return determine_total_cost(
            base=base if base is not None else self.card.mana_cost.with_x(self.x),
            base_is_alternative=base is not None,
            kicker_costs=self.card.announce_costs,
            kicker_counts=self.counts,
            changes=_cost_changes(self.board, self.action, self.card),
            x=self.x,
        )

    @_once
    def sacrifices(self) -> tuple[list[Violation], tuple[str, ...], list[Step]]:
        return check_sacrifices(self.board, self.action, self.total)

    @_once
    def payment(self) -> tuple[Payment | None, list[Violation], list[Step], list[str]]:
        return pay_total_cost(self.board, self.action, self.card, self.total)

    def violations(self) -> Iterator[Violation]:
        """Every rule the cast breaks, cheapest checks first."""
        card = self.card
        yield from _kicker_violations(card, self.counts)
        if "land" in card.card_types:
            yield _violation(rules.LAND_NOT_CAST, MessageCode.LAND_NOT_CAST, card=card.ref)
        if self.alternative is not None and self.x > 0:
            yield _violation(rules.ALTERNATIVE_COST_X, MessageCode.ALTERNATIVE_COST_X)
        if self.action.targets is not None:
            yield from check_targets(
                board=self.board,
                card=card,
                specs=self.specs,
                chosen=self.action.targets,
                kick_count=self.kick_count,
                caster=self.action.player,
            )
        yield from self.locks
        if not self.from_trigger:
            yield from self.timing[0]
        yield from check_convoke(self.board, self.action, card)
        yield from self.sacrifices[0]
        yield from self.payment[1]

    def outcome(self) -> Outcome:
        """The record of the cast, legal or not."""
        card, action = self.card, self.action
        violations = tuple(self.violations())
        trace = [_step(rules.PROPOSE, MessageCode.PROPOSED, card=card.ref)]
        if self.from_trigger:
            trace.append(_step(rules.CAST_DURING_RESOLUTION, MessageCode.CAST_DURING_RESOLUTION))
        if self.free_source is not None:
            trace.append(
                _step(
                    rules.ALTERNATIVE_COST, MessageCode.FREE_CAST, source=self.free_source.card.ref
                )
            )
        trace.extend(_announcement_steps(card, self.counts, self.x))
        needed = minimum_targets(self.specs, self.kick_count)
        if action.targets is not None:
            chosen = tuple(self.board.ref(t) for t in action.targets)
            trace.append(_step(rules.TARGETS, MessageCode.TARGETS, targets=chosen))
        elif not self.specs:
            trace.append(_step(rules.TARGETS, MessageCode.NO_TARGETS))
        else:
            trace.append(_step(rules.TARGETS, MessageCode.TARGETS_NOT_CHECKED, count=needed))
        locks = self.locks
        if locks:
            trace.append(_step(rules.LEGALITY, MessageCode.LEGALITY_LOCKED, count=len(locks)))
        else:
            trace.append(_step(rules.LEGALITY, MessageCode.LEGALITY))
        if not self.from_trigger:
            trace.append(self.timing[1])
        total = self.total
        trace.append(
            _step(
                rules.TOTAL_COST,
                MessageCode.TOTAL_COST_LOCKED,
                cost=str(total.mana),
                ruling=Quote(rules.RULING_TOTAL_COST),
            )
        )
        _, sacrificed, sacrifice_steps = self.sacrifices
        trace.extend(sacrifice_steps)
        payment, pay_violations, pay_steps, notes = self.payment
        trace.extend(pay_steps)
        kind = ResultKind.PERMANENT if card.is_permanent_card else ResultKind.SPELL
        split = card.has_split_second or (card.split_second_if_kicked and self.kick_count > 0)
        mana_value, on_stack = _on_stack(card, self.x, split)
        trace.extend(on_stack)
        if not violations:
            trace.append(_step(rules.CAST_COMPLETE, MessageCode.CAST_COMPLETE, card=card.ref))
        shown_payment = None
        if payment is not None and (not violations or not pay_violations):
            shown_payment = replace(payment, sacrifice=sacrificed)
        return Outcome(
            kind=action.kind,
            violations=violations,
            card=card.name,
            mana_value=mana_value,
            total_cost=total,
            payment=shown_payment,
            kicked_with=self.counts,
            split_second=split,
            targets_required=needed,
            result=describe_result(card, kind, self.counts, self.x),
            clauses=clause_reports(card, self.counts),
            trace=tuple(trace),
            not_understood=card.not_understood + tuple(notes),
        )


def cast_violations(
    board: Board, action: Action, *, from_trigger: bool = False
) -> Iterator[Violation]:
    """The rules casting the spell breaks, one at a time, cheapest checks first.

    >>> next(cast_violations(Board(), Action(kind=ActionKind.CAST, card=bolt))).rule
    '601.2h'
    """
    return _Cast(board, action, from_trigger=from_trigger).violations()


def check_cast(
    board: Board, action: Action, *, from_trigger: bool = False
) -> tuple[Violation, ...]:
    """Every rule casting the spell breaks, each with its rule number (CR 601.2).

    >>> check_cast(Board(), Action(kind=ActionKind.CAST, card=bolt, assume_mana=True))
    ()
    """
    return tuple(cast_violations(board, action, from_trigger=from_trigger))


def can_cast(board: Board, action: Action, *, from_trigger: bool = False) -> bool:
    """Whether the cast is legal; stops at the first rule it breaks.

    >>> can_cast(Board(), Action(kind=ActionKind.CAST, card=bolt))
    False
    """
    return next(cast_violations(board, action, from_trigger=from_trigger), None) is None


def judge_cast(board: Board, action: Action, *, from_trigger: bool = False) -> Outcome:
    """The record of the cast, legal or not (an illegal cast is an answer, not an error).

    >>> judge_cast(Board(), Action(kind=ActionKind.CAST, card=bolt)).legal
    False
    """
    return _Cast(board, action, from_trigger=from_trigger).outcome()


def cast(board: Board, action: Action, *, from_trigger: bool = False) -> Outcome:
    """Cast the spell: the frozen record of the cast.

    :raises IllegalActionError: with every violation (and the record, as ``outcome``).

    >>> try:
    ...     cast(Board(), Action(kind=ActionKind.CAST, card=bolt))
    ... except IllegalActionError as error:
    ...     print(error.violations[0].rule)
    601.2h
    """
    outcome = judge_cast(board, action, from_trigger=from_trigger)
    if not outcome.legal:
        raise IllegalActionError(outcome.violations, outcome=outcome)
    return outcome
