"""Every action the engine judges, dispatched by kind: :func:`perform`, :func:`check`, :func:`can`.

Besides casting (see :mod:`engine.casting`): copying a spell (CR 707.10), putting a permanent
onto the battlefield without casting it, entering as a copy (CR 707.2), activating abilities
(CR 602, 605), turning a face-down creature face up (CR 116.2b), putting a trigger on the stack
and casting a spell while a trigger resolves. Split second (CR 702.61a–b) is checked on every
path from the current stack.

>>> perform(Board(), Action(kind=ActionKind.PUT_TRIGGER_ON_STACK)).legal
True
"""

from __future__ import annotations

from dataclasses import replace

from engine import rules
from engine.actions import Action, ActionKind, Outcome, Result, ResultKind
from engine.board import Board, Permanent, has_split_second, kick_counts, was_kicked
from engine.casting import (
    check_cast,
    clause_reports,
    describe_result,
    split_second_violations,
)
from engine.explain import Step, Violation
from engine.resources import can_tap
from engine.targets import check_targets, required_targets
from engine.text import TargetKind

__all__ = ["can", "check", "perform"]


def _v(rule: str, en: str, fr: str) -> Violation:
    return Violation(rule=rule, message=en, message_fr=fr)


def _s(rule: str, en: str, fr: str) -> Step:
    return Step(rule=rule, text=en, text_fr=fr)


def perform(board: Board, action: Action) -> Outcome:
    """Judge an action and describe what it does; an illegal action is an answer, not an error.

    >>> perform(Board(), Action(kind=ActionKind.TURN_FACE_UP, source="c1")).legal
    False
    """
    match action.kind:
        case ActionKind.CAST:
            return check_cast(board, action)
        case ActionKind.CAST_FROM_TRIGGER:
            return check_cast(board, action, from_trigger=True)
        case ActionKind.COPY_SPELL:
            return _copy_spell(board, action)
        case ActionKind.PUT_ONTO_BATTLEFIELD:
            return _put_onto_battlefield(board, action)
        case ActionKind.ENTER_AS_COPY:
            return _enter_as_copy(board, action)
        case ActionKind.ACTIVATE_ABILITY | ActionKind.ACTIVATE_MANA_ABILITY:
            return _activate(board, action)
        case ActionKind.TURN_FACE_UP:
            return _turn_face_up(board, action)
        case ActionKind.PUT_TRIGGER_ON_STACK:
            return _put_trigger(board, action)
    raise AssertionError(action.kind)


def check(board: Board, action: Action) -> tuple[Violation, ...]:
    """Every rule the action breaks, each with its rule number.

    >>> check(Board(), Action(kind=ActionKind.PUT_TRIGGER_ON_STACK))
    ()
    """
    return perform(board, action).violations


def can(board: Board, action: Action) -> bool:
    """Whether the action is legal.

    >>> can(Board(), Action(kind=ActionKind.PUT_TRIGGER_ON_STACK))
    True
    """
    return not check(board, action)


def _copy_spell(board: Board, action: Action) -> Outcome:
    original = board.spell(action.copy_of or "")
    if original is None:
        return Outcome(
            kind=action.kind,
            violations=(
                _v(
                    rules.COPY_DECISIONS,
                    "There is no such spell on the stack to copy.",
                    "Ce sort n'est pas sur la pile.",
                ),
            ),
        )
    violations: list[Violation] = []
    if action.card is not None:
        specs = required_targets(action.card, ())
        spell_specs = tuple((spec, k) for spec, k in specs if spec.kind is TargetKind.SPELL)
        if spell_specs:
            violations.extend(
                check_targets(
                    board=board,
                    card=action.card,
                    specs=spell_specs[:1],
                    chosen=(original.id,),
                    kick_count=0,
                    caster=action.player,
                )
            )
    card = original.card
    counts = kick_counts(original)
    trace = [
        _s(
            rules.COPY_DECISIONS,
            f"The copy of {card.name} copies its characteristics and every decision made for "
            f"it: kicker {list(counts)}, X = {original.x}, targets. A copy is not cast, so no "
            "cost is paid.",
            f"La copie de {card.name} copie ses caractéristiques et "
            f"tous les choix faits : kick {list(counts)}, X = {original.x}, cibles. Une copie "
            "n'est pas lancée : aucun coût n'est payé.",
        ),
    ]
    if any(counts):
        trace.append(
            _s(
                rules.COPY_DECISIONS,
                f"The copy is kicked. Ruling: {rules.RULING_COPY_KICKED}",
                f"La copie est kickée. Clarification : {rules.RULING_COPY_KICKED_FR}",
            )
        )
    kind = ResultKind.SPELL
    if card.is_permanent_card:
        kind = ResultKind.TOKEN
        trace.append(
            _s(
                rules.COPY_PERMANENT_SPELL,
                "A copy of a permanent spell becomes a token as it resolves (608.3f).",
                "Une copie de sort de permanent devient un jeton en se résolvant (608.3f).",
            )
        )
    copy = replace(original, id=f"{original.id}-copy", is_copy=True)
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=card.name,
        mana_value=original.mana_value,
        kicked_with=counts,
        split_second=has_split_second(copy),
        result=describe_result(card, kind, counts, original.x),
        clauses=clause_reports(card, counts),
        trace=tuple(trace),
        not_understood=card.not_understood,
    )


def _put_onto_battlefield(board: Board, action: Action) -> Outcome:
    card = action.card
    assert card is not None
    violations: list[Violation] = []
    if not card.is_permanent_card:
        violations.append(
            _v(
                "110.4b",
                f"{card.name} is not a permanent card.",
                f"{card.name} n'est pas une carte de permanent.",
            )
        )
    if action.kicker is not None and any(action.kicker):
        violations.append(
            _v(
                rules.KICKER_KICKED,
                f"{card.name} isn't cast, so it can't be kicked. Ruling: {rules.RULING_NOT_CAST}",
                f"{card.name} n'est pas "
                "lancé, il ne peut donc pas être kické. Clarification : si vous "
                "mettez sur le champ de bataille un permanent avec le kick sans le "
                "lancer, vous ne pouvez pas le kicker.",
            )
        )
    counts = (0,) * len(card.announce_costs)
    trace = (
        _s(
            rules.KICKER_KICKED,
            f"{card.name} is put onto the battlefield without being cast: "
            f"it is not kicked. Ruling: {rules.RULING_NOT_CAST}",
            f"{card.name} arrive sur le champ "
            "de bataille sans avoir été lancé : il n'est pas kické. Clarification : "
            f"{rules.RULING_NOT_CAST_FR}",
        ),
    )
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=card.name,
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
            violations=(
                _v(
                    rules.COPY_VALUES,
                    "There is no such permanent to copy.",
                    "Ce permanent n'existe pas.",
                ),
            ),
        )
    violations: list[Violation] = []
    if action.kicker is not None and any(action.kicker):
        violations.append(
            _v(
                rules.COPY_VALUES,
                f"A permanent entering as a copy isn't kicked. "
                f"Ruling: {rules.RULING_ENTER_AS_COPY}",
                f"Un permanent qui arrive en tant que copie n'est pas kické. Clarification : "
                f"{rules.RULING_ENTER_AS_COPY_FR}",
            )
        )
    copied = original.card
    counts = (0,) * len(copied.announce_costs)
    trace = (
        _s(
            rules.COPY_VALUES,
            f"{entering.name} enters as a copy of {copied.name} ({original.id}): "
            "it copies the printed values, not counters or whether the original was kicked.",
            f"{entering.name} arrive en tant que copie de {copied.name} ({original.id}) : il copie "
            "les valeurs imprimées, pas les marqueurs ni le fait que l'original ait été kické.",
        ),
        _s(
            rules.COPY_VALUES,
            f"Not kicked. Ruling: {rules.RULING_ENTER_AS_COPY}",
            "Pas kické : si une carte ou un jeton arrive en tant que copie d'un permanent, le "
            "nouveau permanent n'est pas kické, même si l'original l'était.",
        ),
    )
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=entering.name,
        mana_value=copied.mana_cost.mana_value,
        kicked_with=counts,
        result=describe_result(copied, ResultKind.PERMANENT, counts, 0),
        clauses=clause_reports(copied, counts),
        trace=trace,
        not_understood=copied.not_understood,
    )


def _source(board: Board, action: Action) -> tuple[Permanent | None, list[Violation]]:
    source = board.permanent(action.source or "")
    if source is None:
        return None, [_v("602.2", "There is no such permanent.", "Ce permanent n'existe pas.")]
    if source.controller is not action.player:
        return source, [
            _v(
                "602.2",
                f"Only {source.controller.value} controls {source.id}.",
                f"Seul {source.controller.value} contrôle {source.id}.",
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
        violations.append(
            _v(
                "708.2a",
                "A face-down permanent has no abilities.",
                "Un permanent face cachée n'a aucune capacité.",
            )
        )
    elif is_mana:
        if not card.mana_abilities:
            violations.append(
                _v(
                    rules.MANA_ABILITY,
                    f"{card.name} has no mana ability.",
                    f"{card.name} n'a pas de capacité de mana.",
                )
            )
        else:
            taps = card.mana_abilities[0].taps
        trace.append(
            _s(
                rules.SPLIT_SECOND_EXCEPTIONS,
                "Mana abilities can be activated even while "
                "a spell with split second is on the stack (605.3a).",
                "Les capacités de "
                "mana peuvent être activées même avec un sort à fraction de seconde sur "
                "la pile (605.3a).",
            )
        )
    else:
        if not card.activated_abilities:
            violations.append(
                _v(
                    "602.1",
                    f"{card.name} has no activated ability that isn't a mana ability.",
                    f"{card.name} n'a pas de capacité activée autre que de mana.",
                )
            )
        else:
            ability = card.activated_abilities[0]
            taps = ability.taps
            damage = ability.damage.resolve(x=0, kick_count=0) if ability.damage else None
        violations.extend(split_second_violations(board))
        trace.append(
            _s(
                rules.ACTIVATE,
                "An activated ability can be activated any time you have priority.",
                "Une capacité activée peut être activée chaque fois que vous avez la priorité.",
            )
        )
    if taps and source.tapped:
        violations.append(
            _v(rules.CANT_PAY, f"{source.id} is already tapped.", f"{source.id} est déjà engagé.")
        )
    elif taps and not can_tap(source):
        violations.append(
            _v(
                rules.SUMMONING_SICKNESS,
                f"{source.id} hasn't been under your "
                "control since your most recent turn began, so its {T} abilities "
                "can't be activated.",
                f"{source.id} n'est pas sous votre contrôle "
                "depuis le début de votre dernier tour : ses capacités {T} ne peuvent "
                "pas être activées.",
            )
        )
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=card.name,
        kicked_with=kick_counts(source),
        result=Result(kind=ResultKind.ABILITY, kicked=was_kicked(source), damage=damage),
        clauses=clause_reports(card, kick_counts(source)),
        trace=tuple(trace),
        not_understood=card.not_understood,
    )


def _turn_face_up(board: Board, action: Action) -> Outcome:
    source, violations = _source(board, action)
    if source is not None and not source.face_down:
        violations.append(
            _v(
                rules.SPECIAL_ACTION_FACE_UP,
                f"{source.id} is not face down.",
                f"{source.id} n'est pas face cachée.",
            )
        )
    trace = (
        _s(
            rules.SPECIAL_ACTION_FACE_UP,
            "Turning a face-down creature face up is a special action: any time you have priority.",
            "Retourner face visible une créature face "
            "cachée est une action spéciale : chaque fois que vous avez la priorité.",
        ),
        _s(
            rules.SPLIT_SECOND_EXCEPTIONS,
            f"Split second doesn't stop it. Ruling: {rules.RULING_SPLIT_SECOND_FACE_UP}",
            "La fraction de seconde ne l'empêche pas. Clarification : "
            + rules.RULING_SPLIT_SECOND_FACE_UP_FR,
        ),
    )
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=source.card.name if source is not None else None,
        result=Result(kind=ResultKind.SPECIAL_ACTION),
        trace=trace,
    )


def _put_trigger(board: Board, action: Action) -> Outcome:
    source = board.permanent(action.source or "")
    trace = (
        _s(
            rules.SPLIT_SECOND_EXCEPTIONS,
            f"Triggered abilities trigger and are put on the stack "
            f"as normal. Ruling: {rules.RULING_SPLIT_SECOND_TRIGGERS}",
            "Les capacités déclenchées "
            "se déclenchent et sont mises sur la pile normalement, même sous fraction de seconde. "
            f"Clarification : {rules.RULING_SPLIT_SECOND_TRIGGERS_FR}",
        ),
    )
    return Outcome(
        kind=action.kind,
        card=source.card.name if source is not None else None,
        kicked_with=kick_counts(source) if source is not None else (),
        result=Result(kind=ResultKind.ABILITY),
        trace=trace,
    )
