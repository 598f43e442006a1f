"""Every action the engine judges, by kind, with one triple of legality verbs for all of them.

:func:`check` returns every violation, :func:`can` stops at the first, :func:`perform`
returns the frozen record of the action or raises :class:`IllegalActionError`; :func:`judge`
returns the record either way (an illegal action is an answer, not an error).

Besides casting (see :mod:`engine.casting`): copying a spell (CR 707.10), putting a permanent
onto the battlefield without casting it, entering as a copy (CR 707.2), activating abilities
(CR 602, 605), turning a face-down creature face up (CR 116.2b), putting a trigger on the stack
and casting a spell while a trigger resolves. Split second (CR 702.61a–b) is checked on every
path from the current stack.

>>> perform(Board(), Action(kind=ActionKind.PUT_TRIGGER_ON_STACK)).legal
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from engine import rules
from engine.actions import Action
from engine.allocation import allocate, moving_conflicts
from engine.board import (
    Board,
    Permanent,
    StackObject,
    has_split_second,
    kick_counts,
    object_ref,
    split_second_spells,
    was_kicked,
)
from engine.cards import CardDefinition
from engine.casting import (
    cast_violations,
    clause_reports,
    describe_result,
    judge_cast,
    split_second_violations,
)
from engine.contract import ActionKind, ResultKind
from engine.cost_actions import NO_OBJECTS, CostKind
from engine.costs import TotalCost
from engine.explain import CostStep, Step, Violation
from engine.messages import MessageCode, Quote
from engine.outcome import IllegalActionError, Outcome, Result
from engine.resources import can_tap, pay_total_cost
from engine.targets import check_targets, required_targets
from engine.text import TargetKind

__all__ = ["can", "check", "judge", "perform"]

_step = Step.of
_violation = Violation.of


def judge(board: Board, action: Action) -> Outcome:
    """The record of the action, legal or not.

    >>> judge(Board(), Action(kind=ActionKind.TURN_FACE_UP, source="c1")).legal
    False
    """
    if action.kind.is_cast:
        return judge_cast(board, action)
    return _OTHERS[action.kind](board, action)


def check(board: Board, action: Action) -> tuple[Violation, ...]:
    """Every rule the action breaks, each with its rule number.

    >>> check(Board(), Action(kind=ActionKind.PUT_TRIGGER_ON_STACK))
    ()
    """
    return tuple(_violations(board, action))


def can(board: Board, action: Action) -> bool:
    """Whether the action is legal; stops at the first rule it breaks.

    >>> can(Board(), Action(kind=ActionKind.PUT_TRIGGER_ON_STACK))
    True
    """
    return next(_violations(board, action), None) is None


def perform(board: Board, action: Action) -> Outcome:
    """Take the action: the frozen record of what it does.

    :raises IllegalActionError: with every violation (and the record, as ``outcome``).

    >>> try:
    ...     perform(Board(), Action(kind=ActionKind.TURN_FACE_UP, source="c1"))
    ... except IllegalActionError as error:
    ...     print(error.violations[0].rule)
    602.2
    """
    outcome = judge(board, action)
    if not outcome.legal:
        raise IllegalActionError(outcome.violations, outcome=outcome)
    return outcome


def _violations(board: Board, action: Action) -> Iterator[Violation]:
    if action.kind.is_cast:
        return cast_violations(board, action)
    # The other actions are cheap to judge whole.
    return iter(_OTHERS[action.kind](board, action).violations)


def _copy_spell(board: Board, action: Action) -> Outcome:
    original = board.spell(action.copy_of or "")
    if original is None:
        return Outcome(
            kind=action.kind,
            violations=(_violation(rules.COPY_DECISIONS, MessageCode.NO_SPELL_TO_COPY),),
        )
    violations: list[Violation] = []
    trace: list[Step] = []
    effect = action.card
    if effect is not None:
        if not effect.copies_spells:
            violations.append(
                _violation(rules.COPY_DECISIONS, MessageCode.NOT_A_COPY_EFFECT, card=effect.ref)
            )
        else:
            trace.append(_step(rules.COPY_DECISIONS, MessageCode.COPY_BY_EFFECT, card=effect.ref))
            specs = required_targets(effect, ())
            spell_specs = tuple((spec, k) for spec, k in specs if spec.kind is TargetKind.SPELL)
            if spell_specs:
                violations.extend(
                    check_targets(
                        board=board,
                        card=effect,
                        specs=spell_specs[:1],
                        chosen=(original.id,),
                        kick_count=0,
                        caster=action.player,
                    )
                )
    card = original.card
    counts = kick_counts(original)
    modes = original.modes or None
    trace.extend(_copied_decisions(board, original))
    kind = ResultKind.SPELL
    if card.is_permanent_card:
        kind = ResultKind.TOKEN
        trace.append(_step(rules.COPY_PERMANENT_SPELL, MessageCode.COPY_BECOMES_TOKEN))
    copy = replace(original, id=f"{original.id}-copy", is_copy=True)
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=card.name,
        mana_value=original.mana_value,
        kicked_with=counts,
        split_second=has_split_second(copy),
        result=describe_result(card, kind, counts, original.x, modes, None, original.id),
        clauses=clause_reports(card, counts, modes),
        trace=tuple(trace),
        not_understood=card.not_understood,
    )


def _copied_decisions(board: Board, original: StackObject) -> tuple[Step, ...]:
    """The trace of what a copy of ``original`` keeps (707.10): the decisions made for the
    spell, each said only when the spell has it — its kicker, X, modes and targets."""
    card = original.card
    spell = object_ref(original, named=True)
    steps = [_step(rules.COPY_DECISIONS, MessageCode.COPY_DECISIONS, card=card.ref)]
    if card.has_kicker:
        steps.append(_copied_kicker(original))
    if card.has_x:
        steps.append(_step(rules.COPY_DECISIONS, MessageCode.COPY_X, x=original.x, spell=spell))
    modes = tuple(f"“{card.modes[m].rstrip('.')}”" for m in original.modes if m < len(card.modes))
    if modes:
        steps.append(_step(rules.COPY_DECISIONS, MessageCode.COPY_MODES, modes=modes))
    if original.targets:
        targets = tuple(board.ref(target) for target in original.targets)
        steps.append(_step(rules.COPY_DECISIONS, MessageCode.COPY_TARGETS, targets=targets))
    return tuple(steps)


def _copied_kicker(original: StackObject) -> Step:
    """Whether the copy is kicked, and how many times: as the original was (707.10)."""
    kicks = sum(kick_counts(original))
    ruling = Quote(rules.RULING_COPY_KICKED)
    if kicks == 1:
        return _step(rules.COPY_DECISIONS, MessageCode.COPY_KICKED, ruling=ruling)
    if kicks > 1:
        return _step(
            rules.COPY_DECISIONS, MessageCode.COPY_KICKED_TIMES, count=kicks, ruling=ruling
        )
    spell = object_ref(original, named=True)
    return _step(rules.COPY_DECISIONS, MessageCode.COPY_UNKICKED, spell=spell)


def _put_onto_battlefield(board: Board, action: Action) -> Outcome:
    card = action.card
    assert card is not None
    violations: list[Violation] = []
    if not card.is_permanent_card:
        violations.append(_violation("110.4b", MessageCode.NOT_A_PERMANENT_CARD, card=card.ref))
    not_cast = Quote(rules.RULING_NOT_CAST)
    if action.kicker is not None and any(action.kicker):
        violations.append(
            _violation(
                rules.KICKER_KICKED, MessageCode.NOT_CAST_CANT_KICK, card=card.ref, ruling=not_cast
            )
        )
    trace = (
        _step(rules.KICKER_KICKED, MessageCode.PUT_WITHOUT_CASTING, card=card.ref, ruling=not_cast),
    )
    return _entered_unkicked(action, card.name, card, violations, trace)


def _entered_unkicked(
    action: Action,
    name: str,
    card: CardDefinition,
    violations: list[Violation],
    trace: tuple[Step, ...],
) -> Outcome:
    """A permanent that enters without being cast: never kicked (702.33d), with ``card``'s
    characteristics under ``name``."""
    counts = (0,) * len(card.announce_costs)
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=name,
        mana_value=card.mana_cost.mana_value,
        kicked_with=counts,
        result=describe_result(card, ResultKind.PERMANENT, counts, 0),
        clauses=clause_reports(card, counts),
        trace=trace,
        not_understood=card.not_understood,
    )


def _enter_as_copy(board: Board, action: Action) -> Outcome:
    original = board.permanent(action.copy_of or "")
    entering = action.card
    if original is None or entering is None:
        return Outcome(
            kind=action.kind,
            violations=(_violation(rules.COPY_VALUES, MessageCode.NO_PERMANENT_TO_COPY),),
        )
    violations: list[Violation] = []
    ruling = Quote(rules.RULING_ENTER_AS_COPY)
    if action.kicker is not None and any(action.kicker):
        violations.append(_violation(rules.COPY_VALUES, MessageCode.COPY_NOT_KICKED, ruling=ruling))
    trace = (
        _step(
            rules.COPY_VALUES,
            MessageCode.ENTERS_AS_COPY,
            card=entering.ref,
            original=object_ref(original, named=True),
        ),
        _step(rules.COPY_VALUES, MessageCode.ENTERS_AS_COPY_UNKICKED, ruling=ruling),
    )
    return _entered_unkicked(action, entering.name, original.card, violations, trace)


def _source(board: Board, action: Action) -> tuple[Permanent | None, list[Violation]]:
    source = board.permanent(action.source or "")
    if source is None:
        return None, [_violation("602.2", MessageCode.NO_SUCH_PERMANENT)]
    if source.controller is not action.player:
        return source, [
            _violation(
                "602.2",
                MessageCode.NOT_YOUR_PERMANENT,
                controller=source.controller,
                permanent=object_ref(source),
            )
        ]
    return source, []


def _activate(board: Board, action: Action) -> Outcome:
    source, violations = _source(board, action)
    if source is None:
        return Outcome(kind=action.kind, violations=tuple(violations))
    card = source.card
    is_mana = action.kind is ActionKind.ACTIVATE_MANA_ABILITY
    trace: list[Step] = []
    damage = None
    taps = False
    if source.face_down:
        violations.append(_violation("708.2a", MessageCode.FACE_DOWN_NO_ABILITIES))
    elif is_mana:
        if not card.mana_abilities:
            violations.append(
                _violation(rules.MANA_ABILITY, MessageCode.NO_MANA_ABILITY, card=card.ref)
            )
        else:
            taps = card.mana_abilities[0].taps
        if split_second_spells(board.stack):
            trace.append(
                _step(rules.SPLIT_SECOND_EXCEPTIONS, MessageCode.MANA_ABILITY_UNDER_SPLIT_SECOND)
            )
        trace.append(_step(rules.MANA_ABILITY_NO_STACK, MessageCode.MANA_ABILITY_NO_STACK))
    else:
        if not card.activated_abilities:
            violations.append(_violation("602.1", MessageCode.NO_ACTIVATED_ABILITY, card=card.ref))
        else:
            ability = card.activated_abilities[0]
            taps = ability.taps
            damage = ability.damage.resolve(x=0, kick_count=0) if ability.damage else None
        violations.extend(split_second_violations(board))
        trace.append(_step(rules.ACTIVATE, MessageCode.ACTIVATE_ANY_TIME))
    if taps and source.tapped:
        violations.append(
            _violation(rules.CANT_PAY, MessageCode.ALREADY_TAPPED, permanent=object_ref(source))
        )
    elif taps and not can_tap(source):
        violations.append(
            _violation(
                rules.SUMMONING_SICKNESS, MessageCode.SUMMONING_SICK, permanent=object_ref(source)
            )
        )
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=card.name,
        kicked_with=kick_counts(source),
        result=Result(
            kind=ResultKind.MANA_ABILITY if is_mana else ResultKind.ABILITY,
            kicked=was_kicked(source),
            damage=damage,
        ),
        clauses=clause_reports(card, kick_counts(source)),
        trace=tuple(trace),
        not_understood=card.not_understood,
    )


def _turn_face_up(board: Board, action: Action) -> Outcome:
    """Turning a face-down permanent face up: a special action paying its morph cost
    (CR 116.2b, 702.37e), checked like any payment."""
    source, violations = _source(board, action)
    trace = [
        _step(rules.SPECIAL_ACTION_FACE_UP, MessageCode.FACE_UP_SPECIAL_ACTION),
        _step(
            rules.SPLIT_SECOND_EXCEPTIONS,
            MessageCode.FACE_UP_UNDER_SPLIT_SECOND,
            ruling=Quote(rules.RULING_SPLIT_SECOND_FACE_UP),
        ),
    ]
    if source is None:
        return Outcome(
            kind=action.kind,
            violations=tuple(violations),
            result=Result(kind=ResultKind.SPECIAL_ACTION),
            trace=tuple(trace),
        )
    if not source.face_down:
        violations.append(
            _violation(
                rules.SPECIAL_ACTION_FACE_UP,
                MessageCode.NOT_FACE_DOWN,
                permanent=object_ref(source),
            )
        )
    card = source.card
    cost = card.morph_cost
    if cost is None:
        violations.append(
            _violation(rules.MORPH_FACE_UP, MessageCode.NO_MORPH_COST, permanent=object_ref(source))
        )
        return Outcome(
            kind=action.kind,
            violations=tuple(violations),
            card=card.name,
            result=Result(kind=ResultKind.SPECIAL_ACTION),
            trace=tuple(trace),
            not_understood=card.not_understood,
        )
    keyword = "megamorph" if card.megamorph else "morph"
    rule = rules.MORPH_FACE_UP
    mana = cost.mana_part
    shown = str(cost)
    total = TotalCost(
        mana=mana,
        actions=cost.actions,
        steps=(
            CostStep.of(
                rule, str(mana) or "{0}", MessageCode.MORPH_COST, keyword=keyword, cost=shown
            ),
        ),  # fmt: skip
    )
    trace.append(_step(rule, MessageCode.MORPH_COST, keyword=keyword, cost=shown))
    parts = tuple(p for p in cost.parts if p is not None)
    chosen: dict[CostKind, tuple[str, ...] | None] = {
        kind: action.chosen(kind.value) for kind in CostKind if kind not in NO_OBJECTS
    }
    allocation = allocate(board, action.player, parts, chosen, x=0, itself=source.id)
    violations.extend(moving_conflicts(board, chosen, ()))
    violations.extend(allocation.violations)
    trace.extend(allocation.steps)
    payment, pay_violations, pay_steps, _ = pay_total_cost(
        board, action, None, total, exclude=frozenset(action.tap or ()) | {source.id}
    )
    violations.extend(pay_violations)
    trace.extend(pay_steps)
    life = allocation.life + (payment.life if payment is not None else 0)
    if life > board.life_of(action.player):
        violations.append(
            _violation(
                rules.LIFE_PAYMENT,
                MessageCode.LIFE_TOO_LOW,
                life=life,
                total=board.life_of(action.player),
            )
        )
    shown_payment = None
    if payment is not None and not pay_violations:
        shown_payment = allocation.shown(payment)
    counters = (("+1/+1", 1),) if card.megamorph else ()
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=card.name,
        total_cost=total,
        payment=shown_payment,
        result=Result(kind=ResultKind.SPECIAL_ACTION, counters=counters),
        trace=tuple(trace),
        missing=allocation.missing,
        not_understood=(),
    )


def _put_trigger(board: Board, action: Action) -> Outcome:
    source = board.permanent(action.source or "")
    trace = (
        _step(
            rules.SPLIT_SECOND_EXCEPTIONS,
            MessageCode.TRIGGER_UNDER_SPLIT_SECOND,
            ruling=Quote(rules.RULING_SPLIT_SECOND_TRIGGERS),
        ),
    )
    return Outcome(
        kind=action.kind,
        card=source.card.name if source is not None else None,
        kicked_with=kick_counts(source) if source is not None else (),
        result=Result(kind=ResultKind.ABILITY),
        trace=trace,
    )


_OTHERS = {
    ActionKind.COPY_SPELL: _copy_spell,
    ActionKind.PUT_ONTO_BATTLEFIELD: _put_onto_battlefield,
    ActionKind.ENTER_AS_COPY: _enter_as_copy,
    ActionKind.ACTIVATE_ABILITY: _activate,
    ActionKind.ACTIVATE_MANA_ABILITY: _activate,
    ActionKind.TURN_FACE_UP: _turn_face_up,
    ActionKind.PUT_TRIGGER_ON_STACK: _put_trigger,
}
