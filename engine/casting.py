"""Casting a spell in the order of CR 601.2, and the record of it.

propose from a zone, with a permission to cast from there (601.2a, 601.3) → announce the
modes, the alternative cost, kicker and other additional costs, X (601.2b) → targets, which
depend on the modes and the kicker (601.2c, 700.2c, 702.33g) → legality: timing, split
second, the card's restrictions, the board's prohibitions (601.2e, 601.3) → total cost,
locked in (601.2f) → payment: mana abilities, pool and convoke, then the costs that are not
mana with the objects chosen for them (601.2g–h).

A choice the cast still needs (targets, modes, X, the objects paying a cost) is listed in the
answer's ``missing`` and is a 601.2b or 601.2c violation: such a cast is not legal yet.
Casting text the engine does not model, when it could change the answer, makes the answer
``modelled: false`` (see :mod:`engine.casting_text`).

The legality verbs come in a triple: :func:`check_cast` returns every violation,
:func:`can_cast` stops at the first (the payment search, the costliest check, comes last), and
:func:`cast` returns the frozen record of the cast or raises.

>>> outcome = cast(Board(), Action(kind=ActionKind.CAST, card=bolt, kicker=(1,),
...     targets=("opponent",), assume_mana=True))
>>> str(outcome.total_cost.mana), outcome.result.damage, outcome.legal
('{4}{R}', 4, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, Generic, TypeVar

from engine import rules
from engine.actions import Action
from engine.allocation import Allocation, allocate, moving_conflicts
from engine.board import Board, CardInZone, Permanent, object_ref
from engine.cards import CardDefinition
from engine.casting_text import AlternativeCost, Change, Relevance, Scope, Unmodelled
from engine.changed_spells import spell_as_cast
from engine.conditions import Fact
from engine.contract import ActionKind, Choice, ResultKind, Zone
from engine.cost_actions import CostAction, CostKind
from engine.costs import Cost, CostChange, CostChangeKind, TotalCost, determine_total_cost
from engine.explain import Step, Violation
from engine.faces import Layout
from engine.generic_payment import pay_with_objects
from engine.mana import ManaCost
from engine.messages import MessageCode, Param, Quote
from engine.modifiers import (
    board_cost_changes,
    cost_change_notes,
    free_cast_source,
    own_cost_changes,
)
from engine.optional_costs import announce_optional
from engine.outcome import IllegalActionError, Outcome, Result
from engine.payment import Payment
from engine.permissions import (
    alternative_refusals,
    granted_alternative,
    once_each_turn_alternative,
    payment_prohibitions,
    restriction_checks,
    split_second_violations,
    timing,
    used_permission,
    zone_permission,
)
from engine.resolution import clause_reports, describe_result, power_of
from engine.resources import check_convoke
from engine.spending import mana_spent_of
from engine.targets import (
    available_targets,
    check_targets,
    clause_applies,
    minimum_targets,
    required_targets,
    spec_bounds,
    unchecked_targets,
)
from engine.text import Condition

__all__ = [
    "can_cast",
    "cast",
    "cast_violations",
    "check_cast",
    "clause_reports",
    "board_cost_changes",
    "describe_result",
    "judge_cast",
    "split_second_violations",
]

_step = Step.of
_violation = Violation.of
_T = TypeVar("_T")
_CHOICES = tuple(Choice)
_NOTHING_TO_PAY = Allocation()
_FREE = ManaCost.generic(0)
_NEVER_PAID = frozenset({"land", *rules.NEVER_CAST})  # never cast, so no mana cost to miss
_CHOICE_KINDS = (
    CostKind.SACRIFICE,
    CostKind.DISCARD,
    CostKind.EXILE,
    CostKind.TAP,
    CostKind.RETURN,
    CostKind.REVEAL,
    CostKind.COUNTER,
)


_NO_TARGETS = _step(rules.TARGETS, MessageCode.NO_TARGETS)
_LEGALITY = _step(rules.LEGALITY, MessageCode.LEGALITY)
_TOTAL_COST_RULING = Quote(rules.RULING_TOTAL_COST)


_FACE_RULES = {
    Layout.SPLIT: rules.SPLIT_HALF,
    Layout.ADVENTURE: rules.ADVENTURE,
    Layout.DOUBLE_FACED: rules.MODAL_FACE,
}
"""The rule that lets a face of a card with several be cast on its own."""


@functools.lru_cache(maxsize=1024)
def _card_step(rule: str, code: MessageCode, card: CardDefinition) -> Step:
    """A step that names the card only; memoized by card (found by identity)."""
    return _step(rule, code, card=card.ref)


@functools.lru_cache(maxsize=1024)
def _total_cost_step(total: ManaCost) -> Step:
    return _step(
        rules.TOTAL_COST, MessageCode.TOTAL_COST_LOCKED, cost=str(total), ruling=_TOTAL_COST_RULING
    )


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
    elif card.has_kicker:
        code = MessageCode.ANNOUNCED_UNKICKED_X if card.has_x else MessageCode.ANNOUNCED_UNKICKED
    else:
        code = MessageCode.ANNOUNCED_ONLY_X  # nothing of kicker to say: no kicker cost
    if card.has_x:
        params["x"] = x
    has_announcement = bool(announced) or card.has_kicker or card.has_x
    steps = [_step(rules.ANNOUNCE, code, **params)] if has_announcement else []
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
        self.player = action.player
        self.from_trigger = from_trigger or action.kind is ActionKind.CAST_FROM_TRIGGER
        self.zone = action.from_zone
        found = board.card_in(action.card_id) if action.card_id is not None else None
        self.card_in_zone: CardInZone | None = found[1] if found is not None else None
        self.counts = announce_kicker(card, action.kicker)
        self.kick_count = sum(self.counts)
        self.modal = bool(card.modes)
        self.modes = action.modes if self.modal else None
        self.optional = announce_optional(
            card,
            board,
            action.player,
            action.optional_costs,
            action.splice,
            self.modes,
            action.card_id,
        )
        if self.optional.entwined and self.modes is None:
            self.modes = tuple(range(len(card.modes)))  # entwined: every mode (702.42a)
        self.printed: AlternativeCost | None = None
        self.unmodelled_alternative: Unmodelled | None = None
        self.effect_alternative: ManaCost | None = None
        self.alternative_source: Permanent | None = None
        self.alternative_refused: list[Violation] = []
        chosen = action.alternative_cost
        if isinstance(chosen, str):
            self.printed = next((a for a in card.alternative_costs if a.key == chosen), None)
            if self.printed is None:
                self.unmodelled_alternative = next(
                    (u for u in card.unmodelled if u.key == chosen), None
                )
        elif isinstance(chosen, ManaCost):
            self.effect_alternative = chosen
            self.alternative_source = granted_alternative(board, action.player, card, chosen)
            if self.alternative_source is None and board.casting_permanents:
                self.alternative_refused = alternative_refusals(board, action.player, card, chosen)
        self.printed_card = card
        way = self.printed
        if way is not None and way.keyword is not None:
            if way.during_resolution and not self.from_trigger:
                self.from_trigger = True  # cast as its trigger resolves: no timing (608.2g)
            self.card = card = spell_as_cast(card, way.change)
        self.free_source: Permanent | None = None
        if chosen is None and not self.from_trigger and not action.x and self.zone is Zone.HAND:
            self.free_source = free_cast_source(board, action.player)
            if self.free_source is not None:
                self.effect_alternative = ManaCost.generic(0)
        self.life_source: tuple[Permanent, str] | None = None
        self.permission_cost: tuple[Cost, str] | None = None
        if self.zone is not Zone.HAND and board.casting_permanents:
            self._board_permission(card)
        self.x = (action.x or 0) if card.has_x else 0

    def _board_permission(self, card: CardDefinition) -> None:
        """What the board's permission used to cast from a zone asks: life rather than the
        mana cost (118.9b), an additional cost (118.8), or nothing (118.9)."""
        used = used_permission(self.board, card, self.player, self.zone, self.card_in_zone)
        if used is None:
            return
        permanent, static = used
        if static.pays_life:
            self.life_source = (permanent, static.pays_life)
        if static.additional is not None:
            self.permission_cost = (static.additional, static.text)
        if static.free and self.effect_alternative == _FREE and self.alternative_source is None:
            self.alternative_source, self.alternative_refused = permanent, []

    # --- 601.2b: announcements -------------------------------------------------------------

    @property
    def uses_alternative(self) -> bool:
        """Whether one alternative cost is paid rather than the mana cost (118.9); retrace,
        jump-start and aftermath add to the mana cost instead."""
        printed = self.printed is not None and not self.printed.adds_to_mana_cost
        return printed or self.effect_alternative is not None or self.life_source is not None

    @_once
    def additional(self) -> tuple[list[Cost], list[Violation], list[Choice], list[Step]]:
        """The additional costs paid: each printed one's option, chosen from the objects the
        request lists for it (118.8); kicker costs come with the kicker."""
        chosen_costs: list[Cost] = []
        violations: list[Violation] = []
        missing: list[Choice] = []
        steps: list[Step] = []
        for additional in self.card.additional_costs:
            options = additional.options
            kinds = [_choice_kinds(option) for option in options]
            given = [bool(k) and all(self.action.chosen(c.value) for c in k) for k in kinds]
            pick: Cost | None = None
            if len(options) == 1 and not additional.optional:
                pick = options[0]
            elif any(given):
                pick = options[given.index(True)]
            elif additional.optional:
                pick = None
            elif any(not k for k in kinds):
                pick = options[[bool(k) for k in kinds].index(False)]
            else:
                violations.append(
                    _violation(
                        rules.ANNOUNCE,
                        MessageCode.MISSING_COST_OPTION,
                        text=additional.text,
                        options=tuple(str(o) for o in options),
                    )
                )
                for option_kinds in kinds:
                    missing.extend(option_kinds)
                continue
            if pick is not None:
                chosen_costs.append(pick)
                steps.append(
                    _step(
                        rules.ADDITIONAL_COST,
                        MessageCode.ADDITIONAL_ANNOUNCED,
                        cost=str(pick),
                        text=additional.text,
                    )
                )
        if self.permission_cost is not None:
            extra, text = self.permission_cost
            chosen_costs.append(extra)
            steps.append(_step(rules.ADDITIONAL_COST, MessageCode.ADDITIONAL_ANNOUNCED,
                               cost=str(extra), text=text))  # fmt: skip
        for announced in self.card.announced_choices:
            problem = announced.problem(self.action.values_chosen)
            if problem == "missing":
                missing.append(Choice.CHOSEN)
                violations.append(
                    _violation(
                        rules.ANNOUNCE, MessageCode.MISSING_CHOSEN_VALUE, text=announced.text
                    )
                )
            elif problem == "range":
                violations.append(
                    _violation(
                        rules.ANNOUNCE,
                        MessageCode.CHOSEN_OUT_OF_RANGE,
                        text=announced.text,
                        number=self.action.values_chosen.number or 0,
                    )
                )
            else:
                value = getattr(self.action.values_chosen, announced.kind)
                shown = value.name if announced.kind == "name" else str(value)
                steps.append(
                    _step(
                        rules.ADDITIONAL_COST,
                        MessageCode.CHOSEN_VALUE,
                        text=announced.text,
                        value=shown,
                    )
                )
        return chosen_costs, violations, missing, steps

    @property
    def additional_paid(self) -> bool:
        """Whether a printed additional cost was paid ("If this spell's additional cost was
        paid", 118.8b): one chosen, or the printed optional cost announced."""
        return bool(self.additional[0]) or "additional" in dict(self.action.optional_costs)

    @property
    def needs_x(self) -> bool:
        """Whether X has a value to announce: some cost paid has X in it (107.3a–b)."""
        card = self.card
        if not card.has_x:
            return False
        if not self.uses_alternative and card.mana_cost.x_count:
            return True
        if self.printed is not None and self.printed.cost is not None and self.printed.cost.has_x:
            return True
        kicked = any(c.has_x for c, n in zip(card.announce_costs, self.counts, strict=True) if n)
        return kicked or any(c.has_x for c in self.additional[0])

    @_once
    def specs(self) -> tuple[tuple[Any, bool], ...]:
        return required_targets(self.card, self.counts, self.modes)

    # --- 601.2f: the total cost -------------------------------------------------------------

    @_once
    def self_changes(self) -> tuple[CostChange, ...]:
        """The card's own cost changes that apply (its conditions, targets, flash)."""
        return own_cost_changes(self.card, self.board, self.action, self.timing[2])

    @_once
    def base(self) -> tuple[ManaCost, tuple[str, ...], tuple[CostAction, ...]]:
        """The mana cost, or the one alternative cost chosen (601.2b, 118.9a), or the one the
        permission used requires (118.9b)."""
        if self.life_source is not None and self.action.alternative_cost is None:
            life = self.card.mana_cost.mana_value  # X is 0: no mana cost is paid (107.3b)
            if not life:
                return ManaCost(), (), ()
            paid = Cost.read(f"Pay {life} life")
            return ManaCost(), paid.actions, tuple(p for p in paid.parts if p is not None)
        if self.effect_alternative is not None:
            return self.effect_alternative, (), ()
        if self.printed is not None:
            cost = self.printed.cost
            printed = self.card.mana_cost.with_x(self.x)
            adds = self.printed.adds_to_mana_cost
            if cost is None:
                return (printed if adds else ManaCost.generic(0)), (), ()
            mana = cost.mana_part.with_x(self.x) if cost.mana is not None else ManaCost()
            if adds:
                mana = printed + mana
            parts = tuple(p for p in cost.parts if p is not None)
            return mana, cost.actions, parts
        card = self.card
        return (card.mana_cost.with_x(self.x) if card.has_x else card.mana_cost), (), ()

    @_once
    def total(self) -> TotalCost:
        base, base_actions, _ = self.base
        additional = tuple(
            CostChange(
                kind=CostChangeKind.ADDITIONAL,
                amount=cost.mana_part,
                actions=cost.actions,
            )
            for cost in self.additional[0]
        )
        return determine_total_cost(
            base=base,
            base_is_alternative=self.uses_alternative,
            kicker_costs=self.card.announce_costs,
            kicker_counts=self.counts,
            changes=additional
            + self.optional.changes
            + self.self_changes
            + self.emerge_reduction
            + self.board_changes,
            x=self.x,
            base_actions=base_actions,
        )

    @_once
    def emerge_reduction(self) -> tuple[CostChange, ...]:
        """Emerge: the total cost is reduced by the sacrificed creature's mana value, in
        generic mana (702.119a)."""
        way = self.printed
        if way is None or way.change is not Change.EMERGE:
            return ()
        for object_id in self.action.sacrifice or ():
            permanent = self.board.permanent(object_id)
            if permanent is not None and permanent.is_creature:
                value = permanent.mana_value
                return (
                    CostChange(
                        kind=CostChangeKind.REDUCE,
                        amount=ManaCost.generic(value),
                        source=permanent.card.ref,
                        label=MessageCode.COST_EMERGE,
                        rule=rules.EMERGE,
                        params=(("creature", object_ref(permanent, named=True)), ("value", value)),
                    ),
                )
        return ()

    @_once
    def board_changes(self) -> tuple[CostChange, ...]:
        """The permanents' (and spells') cost changes that apply to this cast (601.2f)."""
        return board_cost_changes(self.board, self.action, self.card, self.action.targets or ())

    @_once
    def parts(self) -> tuple[CostAction, ...]:
        """Every part of the total cost that is not mana (601.2h), a permanent's additional
        cost included ("Spells cost an additional \"Sacrifice a Swamp\" …")."""
        extra = tuple(
            Cost(None, change.actions)
            for change in self.board_changes
            if change.kind is CostChangeKind.ADDITIONAL and change.actions
        )
        return _parts(
            self.base[2],
            self.card,
            self.counts,
            (*self.additional[0], *self.optional.costs, *extra),
        )

    # --- 601.2c: targets ----------------------------------------------------------------------

    @_once
    def targets(self) -> tuple[list[Violation], bool, int]:
        """Target violations, whether targets are still to choose, and how many are needed."""
        if self.modal and self.modes is None:
            return [], False, 0
        specs = self.specs
        needed = minimum_targets(specs, self.kick_count, self.x)
        chosen = self.action.targets
        violations: list[Violation] = []
        missing = False
        for spec, _ in specs:
            low, _high = spec_bounds(spec, self.kick_count, self.x)
            if low and available_targets(self.board, spec, self.player, self.x, enough=low) < low:
                violations.append(
                    _violation(
                        rules.TARGETS,
                        MessageCode.NO_LEGAL_TARGET,
                        card=self.card.ref,
                        phrase=spec.words,
                    )
                )
        if violations:
            return violations, False, needed
        if chosen is not None:
            violations.extend(
                check_targets(
                    board=self.board,
                    card=self.card,
                    specs=specs,
                    chosen=chosen,
                    kick_count=self.kick_count,
                    caster=self.player,
                    x=self.x,
                )
            )
        count = len(chosen or ())
        if count < needed:
            missing = True
            violations.append(
                _violation(
                    rules.TARGETS,
                    MessageCode.MISSING_TARGETS,
                    card=self.card.ref,
                    count=needed - count,
                )
            )
        return violations, missing, needed

    # --- 601.2b: modes and X ------------------------------------------------------------------

    def mode_violations(self) -> tuple[list[Violation], bool]:
        card = self.card
        if not card.is_modal:
            return [], False
        low, high = card.mode_count
        wanted = str(low) if low == high else f"{low}–{high}"
        if self.modes is None:
            if low == 0:
                return [], False
            return [
                _violation(rules.ANNOUNCE, MessageCode.MISSING_MODES, card=card.ref, wanted=wanted)
            ], True
        violations: list[Violation] = []
        for mode in sorted(set(self.modes)):
            if self.modes.count(mode) > 1:
                violations.append(
                    _violation(rules.MODE_ONCE, MessageCode.MODE_TWICE, card=card.ref, mode=mode)
                )
        count = len(set(self.modes))
        if self.optional.entwined:
            if count != len(card.modes):
                violations.append(
                    _violation(rules.ENTWINE, MessageCode.ENTWINE_ALL_MODES, card=card.ref)
                )
            return violations, False
        if count > high:
            violations.append(
                _violation(
                    rules.MODES, MessageCode.MODE_COUNT, card=card.ref, wanted=wanted, count=count
                )
            )
        elif count < low:
            violations.append(
                _violation(rules.ANNOUNCE, MessageCode.MISSING_MODES, card=card.ref, wanted=wanted)
            )
            return violations, True
        return violations, False

    # --- 601.3: where from, and what allows or forbids it ------------------------------------

    # --- 601.3: where from, when, and what allows or forbids it ---------------------------

    @_once
    def permission(self) -> tuple[list[Violation], list[Step]]:
        return zone_permission(
            self.board, self.printed_card, self.player, self.zone, self.card_in_zone, self.printed
        )

    @_once
    def restrictions(self) -> tuple[list[Violation], list[Step], list[str]]:
        return restriction_checks(self.board, self.card, self.player, self.x)

    @_once
    def timing(self) -> tuple[list[Violation], Step, ManaCost | None]:
        return timing(self.board, self.action, self.card)

    # --- 601.2e: legality ---------------------------------------------------------------------

    @_once
    def locks(self) -> list[Violation]:
        if not self.board.stack:
            return []  # no spell, no split second
        return split_second_violations(self.board, from_trigger=self.from_trigger)

    # --- 601.2g–h: payment --------------------------------------------------------------------

    @_once
    def allocation(self) -> Allocation:
        if not self.parts and not self.chosen:
            return _NOTHING_TO_PAY
        return allocate(
            self.board,
            self.player,
            self.parts,
            self.chosen,
            x=self.x,
            itself=self.action.card_id,
        )

    @_once
    def payment(self) -> tuple[Payment | None, list[Violation], list[Step], list[str]]:
        tapped = frozenset(self.action.tap or ())
        return pay_with_objects(
            self.board,
            self.action,
            self.card,
            self.total,
            exclude=tapped,
            itself=self.action.card_id,
        )

    @_once
    def life(self) -> list[Violation]:
        """Life paid can't exceed the life total (119.4)."""
        payment = self.payment[0]
        life = self.allocation.life + (payment.life if payment is not None else 0)
        life += self.total.life
        total = self.board.life_of(self.player)
        found: list[Violation] = []
        if self.board.casting_permanents:
            sacrificed = self.allocation.paid.get(CostKind.SACRIFICE, ())
            found = payment_prohibitions(self.board, self.player, life, self.parts, sacrificed)
        if life > total:
            found.append(
                _violation(rules.LIFE_PAYMENT, MessageCode.LIFE_TOO_LOW, life=life, total=total)
            )
        return found

    @_once
    def chosen(self) -> dict[CostKind, tuple[str, ...] | None]:
        """The objects the request chose for each kind of cost (only the lists it gives)."""
        action = self.action
        lists = (action.sacrifice, action.discard, action.exile, action.tap, action.return_,
                 action.reveal, action.counter)  # fmt: skip
        if not any(lists):
            return {}  # nothing chosen (most casts)
        return {kind: ids for kind, ids in zip(_CHOICE_KINDS, lists, strict=True) if ids}

    @_once
    def cost_conflicts(self) -> list[Violation]:
        if not self.chosen:
            return []
        return moving_conflicts(self.board, self.chosen, self.action.convoke_ids)

    # --- the whole ----------------------------------------------------------------------------

    def alternative_violations(self) -> Iterator[Violation]:
        card = self.card
        way = self.printed
        condition = way.condition if way is not None else None
        card_id = self.action.card_id
        if (
            way is not None
            and condition is not None
            and not condition.holds(self.board, self.player, card_id)
        ):
            code = _UNMET.get(condition.fact, MessageCode.ALTERNATIVE_UNMET)
            yield _violation(way.rule, code, text=way.text)
        if way is not None and way.keyword is not None:
            yield from _keyword_zone_violations(way, self.zone, self.board, self.action.card_id)
        yield from self.alternative_refused
        if self.life_source is not None and self.action.alternative_cost is not None:
            source, text = self.life_source
            yield _violation(rules.ALTERNATIVE_REQUIRED, MessageCode.ALTERNATIVE_REQUIRED_ONLY,
                             source=object_ref(source, named=True), text=text)  # fmt: skip
        if self.uses_alternative and self.action.x and not self.needs_x:
            yield _violation(rules.ALTERNATIVE_COST_X, MessageCode.ALTERNATIVE_COST_X)
        if (
            not card.has_mana_cost
            and not self.uses_alternative
            and self.unmodelled_alternative is None
            and not _NEVER_PAID & card.card_types
            and card.layout is not Layout.MELDED
        ):
            yield _violation(rules.UNPAYABLE_COST, MessageCode.NO_MANA_COST, card=card.ref)

    def conspire_violations(self) -> Iterator[Violation]:
        """Conspire's creatures each share a color with the spell (702.78a)."""
        if not dict(self.optional.paid).get("conspire") or self.allocation.missing:
            return
        tapped = [self.board.permanent(i) for i in self.allocation.paid.get(CostKind.TAP, ())]
        sharing = sum(1 for p in tapped if p is not None and p.colors & self.card.colors)
        if sharing < 2:
            yield _violation(
                rules.CONSPIRE, MessageCode.CONSPIRE_COLORS, card=self.card.ref, count=sharing
            )

    def missing(self) -> tuple[Choice, ...]:
        found: set[Choice] = set()
        if self.mode_violations()[1]:
            found.add(Choice.MODES)
        if self.needs_x and self.action.x is None:
            found.add(Choice.X)
        if self.targets[1]:
            found.add(Choice.TARGETS)
        found.update(self.additional[2])
        found.update(self.allocation.missing)
        if not found:
            return ()
        return tuple(choice for choice in _CHOICES if choice in found)

    def violations(self) -> Iterator[Violation]:
        """Every rule the cast breaks, cheapest checks first."""
        card = self.card
        yield from _kicker_violations(card, self.counts)
        if "land" in card.card_types:
            yield _violation(rules.LAND_NOT_CAST, MessageCode.LAND_NOT_CAST, card=card.ref)
        for kind in sorted(card.card_types & rules.NEVER_CAST.keys()):
            yield _violation(rules.NEVER_CAST[kind], MessageCode.COMMAND_ZONE_CARD, card=card.ref)
        if card.layout is Layout.MELDED:
            yield _violation(rules.MELDED_BACK_FACE, MessageCode.MELDED_BACK_FACE, card=card.ref)
        yield from self.permission[0]
        yield from self.alternative_violations()
        yield from self.mode_violations()[0]
        if self.needs_x and self.action.x is None:
            yield _violation(rules.ANNOUNCE, MessageCode.MISSING_X, card=card.ref)
        yield from self.targets[0]
        yield from self.locks
        if not self.from_trigger:
            yield from self.timing[0]
        yield from self.restrictions[0]
        yield from check_convoke(self.board, self.action, card)
        yield from self.additional[1]
        yield from self.optional.violations
        yield from self.cost_conflicts
        yield from self.allocation.violations
        yield from self.conspire_violations()
        yield from self.payment[1]
        yield from self.life

    def relevant_unmodelled(self, violations: tuple[Violation, ...]) -> list[str]:
        """Casting text the engine does not model that could change this answer."""
        payment_failed = bool(self.payment[1])
        relevant: list[str] = []
        chosen = (
            self.action.alternative_cost if isinstance(self.action.alternative_cost, str) else None
        )
        for item in self.card.unmodelled:
            if item.scope is not Scope.SELF:
                continue
            if _relevant(item, chosen=chosen, zone=self.zone, payment_failed=payment_failed):
                relevant.append(item.text)
        for permanent in self.board.casting_permanents:
            for item in permanent.card.unmodelled:
                if item.scope is not Scope.BATTLEFIELD:
                    continue
                if item.relevance is Relevance.PAYMENT and permanent.controller is not self.player:
                    continue
                if _relevant(item, chosen=None, zone=self.zone, payment_failed=payment_failed):
                    relevant.append(f"{permanent.card.name}: {item.text}")
        if self.unmodelled_alternative is not None:
            relevant.append(self.unmodelled_alternative.text)
        return list(dict.fromkeys(relevant))

    def outcome(self) -> Outcome:
        """The record of the cast, legal or not."""
        card, action = self.card, self.action
        violations = tuple(self.violations())
        trace = [_card_step(rules.PROPOSE, MessageCode.PROPOSED, card)]
        face_rule = _FACE_RULES.get(card.layout)
        if card.is_fused:
            trace.append(_step(rules.FUSED_SPELL, MessageCode.FUSED_CAST, card=card.ref))
        elif face_rule is not None and (card.face or card.layout is Layout.SPLIT):
            step = _step(face_rule, MessageCode.FACE_CAST, card=card.ref, whole=card.card_name)
            trace.append(step)
        trace.extend(self.permission[1])
        if self.from_trigger:
            trace.append(_step(rules.CAST_DURING_RESOLUTION, MessageCode.CAST_DURING_RESOLUTION))
        if self.free_source is not None:
            trace.append(
                _step(
                    rules.ALTERNATIVE_COST, MessageCode.FREE_CAST, source=self.free_source.card.ref
                )
            )
        if self.printed is not None and self.printed.keyword is not None:
            trace.extend(_keyword_steps(self.printed, self.printed_card))
        elif self.printed is not None and self.printed.adds_to_mana_cost:
            trace.append(
                _step(rules.ADDITIONAL_COST, MessageCode.ADDS_TO_COST, text=self.printed.text)
            )
        elif self.printed is not None:
            trace.append(
                _step(
                    rules.ALTERNATIVE_COST,
                    MessageCode.ALTERNATIVE_ANNOUNCED,
                    text=self.printed.text,
                )
            )
        elif self.unmodelled_alternative is not None:
            trace.append(
                _step(
                    rules.ALTERNATIVE_COST,
                    MessageCode.ALTERNATIVE_NOT_MODELLED,
                    text=self.unmodelled_alternative.text,
                )
            )
        elif self.life_source is not None and self.action.alternative_cost is None:
            source, text = self.life_source
            trace.append(
                _step(
                    rules.ALTERNATIVE_REQUIRED,
                    MessageCode.ALTERNATIVE_REQUIRED,
                    source=object_ref(source, named=True),
                    text=text,
                    card=card.ref,
                    life=card.mana_cost.mana_value,
                )
            )
        elif self.alternative_source is not None:
            trace.append(
                _step(
                    rules.ALTERNATIVE_COST,
                    MessageCode.ALTERNATIVE_FROM_PERMANENT,
                    source=object_ref(self.alternative_source, named=True),
                    cost=str(self.effect_alternative),
                )
            )
            if once_each_turn_alternative(self.alternative_source):
                once = object_ref(self.alternative_source, named=True)
                trace.append(
                    _step(rules.ALTERNATIVE_COST, MessageCode.PERMISSION_ONCE, source=once)
                )
        if self.modal and self.modes is not None:
            chosen_modes = tuple(
                f"“{card.modes[m].rstrip('.')}”" for m in self.modes if m < len(card.modes)
            )
            trace.append(_step(rules.MODES_CHOSEN, MessageCode.MODES, modes=chosen_modes))
        trace.extend(_announcement_steps(card, self.counts, self.x))
        trace.extend(self.additional[3])
        trace.extend(self.optional.steps)
        _, _, needed = self.targets
        notes: list[str] = []
        if action.targets is not None:
            chosen = tuple(self.board.ref(t) for t in action.targets)
            trace.append(_step(rules.TARGETS, MessageCode.TARGETS, targets=chosen))
            for spec, target in unchecked_targets(
                self.specs, action.targets, self.kick_count, self.x
            ):
                notes.append(spec.words)
                trace.append(
                    _step(
                        rules.TARGETS,
                        MessageCode.TARGET_NOT_CHECKED,
                        phrase=spec.words,
                        target=self.board.ref(target),
                    )
                )
        elif not self.specs or (self.modal and self.modes is None):
            trace.append(_NO_TARGETS)
        else:
            trace.append(_step(rules.TARGETS, MessageCode.TARGETS_NOT_CHECKED, count=needed))
        locks = self.locks
        if locks:
            trace.append(_step(rules.LEGALITY, MessageCode.LEGALITY_LOCKED, count=len(locks)))
        else:
            trace.append(_LEGALITY)
        if not self.from_trigger:
            trace.append(self.timing[1])
        trace.extend(self.restrictions[1])
        notes.extend(self.restrictions[2])
        if self.board.casting_permanents:
            notes.extend(cost_change_notes(self.board, self.player))
        total = self.total
        trace.append(_total_cost_step(total.mana))
        allocation = self.allocation
        trace.extend(allocation.steps)
        payment, pay_violations, pay_steps, pay_notes = self.payment
        trace.extend(pay_steps)
        mana_spent = None
        if card.spent_readings and payment is not None:
            mana_spent, spent_steps = mana_spent_of(self.board, card, payment)
            trace.extend(spent_steps)
        kind = ResultKind.PERMANENT if card.is_permanent_card else ResultKind.SPELL
        split = card.has_split_second or (card.split_second_if_kicked and self.kick_count > 0)
        mana_value, on_stack = _on_stack(card, self.x, split)
        trace.extend(on_stack)
        result, copy_steps = self.result(kind)
        trace.extend(copy_steps)
        if not violations:
            trace.append(_card_step(rules.CAST_COMPLETE, MessageCode.CAST_COMPLETE, card))
        shown_payment = None
        if (
            payment is not None
            and not self.cost_conflicts
            and (not violations or not pay_violations)
        ):
            shown_payment = allocation.shown(payment)
        if self.printed is not None and self.printed.change is Change.TRANSFORMED:
            notes.append(f"{self.printed.text}: the back face's text")
        unmodelled = self.relevant_unmodelled(violations) + notes + list(self.optional.notes)
        not_understood = tuple(dict.fromkeys(card.not_understood + tuple(unmodelled)
                                             + tuple(pay_notes)))  # fmt: skip
        alternative: str | None = None
        if isinstance(action.alternative_cost, str):
            alternative = action.alternative_cost
        elif self.effect_alternative is not None:
            alternative = str(self.effect_alternative) or "{0}"
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
            result=result,
            clauses=clause_reports(card, self.counts, self.modes, self.additional_paid),
            trace=tuple(trace),
            not_understood=not_understood,
            missing=self.missing(),
            modelled=not unmodelled and not pay_notes,
            alternative_cost=alternative,
            optional_costs=self.optional.paid,
            mana_spent=mana_spent,
        )

    def result(self, kind: ResultKind) -> tuple[Result, list[Step]]:
        """What the spell does; a spell that copies a target spell results in that copy."""
        card = self.card
        sacrificed = self.allocation.paid.get(CostKind.SACRIFICE, ())
        power = power_of(self.board.permanent(sacrificed[0])) if sacrificed else None
        if card.copies_spells and self.action.targets:
            original = self.board.spell(self.action.targets[0])
            if original is not None:
                copy_kind = (
                    ResultKind.TOKEN if original.card.is_permanent_card else ResultKind.SPELL
                )
                step = _step(
                    rules.COPY_DECISIONS,
                    MessageCode.COPY_CAST,
                    card=card.ref,
                    spell=object_ref(original, named=True),
                )
                copy = describe_result(
                    original.card,
                    copy_kind,
                    original.kicked_with,
                    original.x,
                    original.modes or None,
                    None,
                    original.id,
                )
                return copy, [step]
        result = describe_result(
            card, kind, self.counts, self.x, self.modes, power, None, self.additional_paid
        )
        if self.optional.copies:
            result = replace(result, copies=self.optional.copies)
        return result, []


@functools.lru_cache(maxsize=1024)
def _parts(
    base: tuple[CostAction, ...],
    card: CardDefinition,
    counts: tuple[int, ...],
    additional: tuple[Cost, ...],
) -> tuple[CostAction, ...]:
    parts: list[CostAction] = list(base)
    for cost, count in zip(card.announce_costs, counts, strict=True):
        for _ in range(count):
            parts.extend(p for p in cost.parts if p is not None)
    for cost in additional:
        parts.extend(p for p in cost.parts if p is not None)
    return tuple(parts)


def _keyword_zone_violations(
    way: AlternativeCost, zone: Zone, board: Board, card_id: str | None
) -> Iterator[Violation]:
    """A keyword's way of casting is from its zone (flashback: a graveyard; madness, suspend,
    foretell: exile; miracle: the hand it was drawn into), foretell on a later turn."""
    if way.zone is not None and zone is not way.zone:
        yield _violation(way.rule, _FROM_ZONE[way.zone], keyword=way.text, zone=way.zone.value)
    if way.change is Change.FORETOLD and card_id in board.this_turn.foretold_this_turn:
        yield _violation(way.rule, MessageCode.FORETOLD_THIS_TURN, text=way.text)


_UNMET = {
    Fact.LOST_LIFE: MessageCode.NO_OPPONENT_LOST_LIFE,
    Fact.CAST_SPELLS: MessageCode.NO_OTHER_SPELL_CAST,
    Fact.COMBAT_DAMAGE: MessageCode.NO_COMBAT_DAMAGE_BY_TYPE,
    Fact.FIRST_DRAWN: MessageCode.NOT_FIRST_CARD_DRAWN,
}
_FROM_ZONE = {
    Zone.GRAVEYARD: MessageCode.KEYWORD_FROM_GRAVEYARD,
    Zone.EXILE: MessageCode.KEYWORD_FROM_EXILE,
    Zone.HAND: MessageCode.KEYWORD_FROM_HAND,
}
_CHANGE_STEPS = {
    Change.FACE_DOWN: (rules.FACE_DOWN_SPELL, MessageCode.CAST_FACE_DOWN),
    Change.BESTOWED: (rules.BESTOWED, MessageCode.CAST_BESTOWED),
    Change.OVERLOADED: (rules.OVERLOADED, MessageCode.CAST_OVERLOADED),
    Change.TRANSFORMED: (rules.TRANSFORMED, MessageCode.CAST_TRANSFORMED),
    Change.MUTATING: (rules.MUTATE, MessageCode.CAST_MUTATING),
    Change.CLEAVED: (rules.CLEAVE, MessageCode.CAST_CLEAVED),
}


@functools.lru_cache(maxsize=256)
def _keyword_steps(way: AlternativeCost, card: CardDefinition) -> tuple[Step, ...]:
    """The trace of a keyword's way of casting: announced with its rule (601.2b), one
    alternative cost at most (118.9a), and how it changes the spell."""
    code = (
        MessageCode.KEYWORD_ADDS_TO_COST if way.adds_to_mana_cost else MessageCode.KEYWORD_ANNOUNCED
    )
    if way.adds_to_mana_cost and way.cost is None:
        steps = [_step(way.rule, MessageCode.PERMISSION, card=card.ref, text=way.text)]
    else:
        cost = str(way.cost) if way.cost is not None else "{0}"
        steps = [_step(way.rule, code, text=way.text, cost=cost, card=card.ref)]
    if not way.adds_to_mana_cost:
        steps.append(_step(rules.ONE_ALTERNATIVE, MessageCode.ONE_ALTERNATIVE_ONLY))
    if way.change in _CHANGE_STEPS:
        rule, change_code = _CHANGE_STEPS[way.change]
        steps.append(_step(rule, change_code, card=card.ref))
    return tuple(steps)


def _choice_kinds(cost: Cost) -> list[Choice]:
    kinds: list[Choice] = []
    for part in cost.parts:
        choice = part.kind.choice if part is not None and part.needs_choice else None
        if choice is not None and choice not in kinds:
            kinds.append(choice)
    return kinds


def _relevant(item: Unmodelled, *, chosen: str | None, zone: Zone, payment_failed: bool) -> bool:
    if item.relevance is Relevance.ALWAYS:
        return True
    if item.relevance is Relevance.CHOSEN:
        return chosen is not None and item.key == chosen
    if item.relevance is Relevance.ZONE:
        return item.zone is not None and item.zone is zone
    return payment_failed


def cast_violations(
    board: Board, action: Action, *, from_trigger: bool = False
) -> Iterator[Violation]:
    """The rules casting the spell breaks, one at a time, cheapest checks first.

    >>> next(cast_violations(Board(), Action(kind=ActionKind.CAST, card=bolt))).rule
    '601.2c'
    """
    return _Cast(board, action, from_trigger=from_trigger).violations()


def check_cast(
    board: Board, action: Action, *, from_trigger: bool = False
) -> tuple[Violation, ...]:
    """Every rule casting the spell breaks, each with its rule number (CR 601.2).

    >>> check_cast(Board(), Action(kind=ActionKind.CAST, card=bolt, targets=("opponent",),
    ...     assume_mana=True))
    ()
    """
    return tuple(cast_violations(board, action, from_trigger=from_trigger))


def can_cast(board: Board, action: Action, *, from_trigger: bool = False) -> bool:
    """Whether the cast is legal; stops at the first rule it breaks.

    >>> can_cast(Board(), Action(kind=ActionKind.CAST, card=bolt, targets=("opponent",)))
    False
    """
    return next(cast_violations(board, action, from_trigger=from_trigger), None) is None


def judge_cast(board: Board, action: Action, *, from_trigger: bool = False) -> Outcome:
    """The record of the cast, legal or not (an illegal cast is an answer, not an error).

    >>> judge_cast(Board(), Action(kind=ActionKind.CAST, card=bolt)).missing
    (<Choice.TARGETS: 'targets'>,)
    """
    return _Cast(board, action, from_trigger=from_trigger).outcome()


def cast(board: Board, action: Action, *, from_trigger: bool = False) -> Outcome:
    """Cast the spell: the frozen record of the cast.

    :raises IllegalActionError: with every violation (and the record, as ``outcome``).

    >>> try:
    ...     cast(Board(), Action(kind=ActionKind.CAST, card=bolt, targets=("opponent",)))
    ... except IllegalActionError as error:
    ...     print(error.violations[0].rule)
    601.2h
    """
    outcome = judge_cast(board, action, from_trigger=from_trigger)
    if not outcome.legal:
        raise IllegalActionError(outcome.violations, outcome=outcome)
    return outcome
