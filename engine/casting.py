"""Casting a spell in the order of CR 601.2, and the record of it.

announce (alternative cost, kicker counts, X; 601.2b) → targets, which depend on the kicker
(601.2c, 702.33g) → legality (timing 117.1a/302.1/307.1, split second 702.61a; 601.2e) →
total cost, locked in (601.2f) → payment with mana abilities, pool and convoke (601.2g–h).

>>> from engine.cards import CardDefinition
>>> bolt = CardDefinition.parse(name="Burst Lightning", mana_cost="{R}", type_line="Instant",
...     oracle_text="Kicker {4}\\nBurst Lightning deals 2 damage to any target. If this spell "
...     "was kicked, it deals 4 damage instead.")
>>> outcome = check_cast(Board(), Action(kind=ActionKind.CAST, card=bolt, kicker=(1,),
...     assume_mana=True))
>>> str(outcome.total_cost.mana), outcome.result.damage, outcome.legal
('{4}{R}', 4, True)
"""

from __future__ import annotations

import functools

from engine import rules
from engine.abilities import ClauseKind, ModifierKind
from engine.actions import Action, ActionKind, ClauseReport, Outcome, Result, ResultKind
from engine.board import Board, Permanent, Player, has_split_second, split_second_spells
from engine.cards import CardDefinition
from engine.costs import CostChange, CostChangeKind, determine_total_cost
from engine.errors import IllegalActionError
from engine.explain import Step, Violation
from engine.mana import ManaCost
from engine.resources import check_convoke, check_sacrifices, pay_total_cost
from engine.targets import check_targets, clause_applies, minimum_targets, required_targets
from engine.text import Condition

__all__ = [
    "can_cast",
    "cast",
    "check_cast",
    "clause_reports",
    "describe_result",
]


def _v(rule: str, en: str, fr: str) -> Violation:
    return Violation(rule=rule, message=en, message_fr=fr)


def _s(rule: str, en: str, fr: str) -> Step:
    return Step(rule=rule, text=en, text_fr=fr)


def announce_kicker(card: CardDefinition, kicker: tuple[int, ...] | None) -> tuple[int, ...]:
    """Kicker counts, one per printed kicker cost (zeros when none were announced).

    >>> announce_kicker(_bolt(), None), announce_kicker(_bolt(), (1,))
    ((0,), (1,))
    """
    size = len(card.announce_costs)
    given = tuple(kicker or ())[:size]
    return given + (0,) * (size - len(given))


def _kicker_violations(card: CardDefinition, counts: tuple[int, ...]) -> list[Violation]:
    violations: list[Violation] = []
    for index, count in enumerate(counts):
        is_multi = card.multikicker_cost is not None and index == len(counts) - 1
        if count > 1 and not is_multi:
            violations.append(
                _v(
                    rules.KICKER,
                    f"{card.name}: a kicker cost can't be paid more than once (ruling: "
                    f"{rules.RULING_KICKER_ONCE})",
                    f"{card.name} : un coût de kick ne peut pas être payé plus d'une fois "
                    f"(clarification : {rules.RULING_KICKER_ONCE_FR})",
                )
            )
    return violations


def _kicker_steps(card: CardDefinition, counts: tuple[int, ...]) -> list[Step]:
    steps = []
    if len(card.kicker_costs) == 2:
        a, b = card.kicker_costs
        steps.append(
            _s(
                rules.KICKER_TWO_COSTS,
                f"“Kicker {a} and/or {b}” is two kicker costs, each paid at most once: "
                f"{list(counts)}.",
                f"« Kick {a} et/ou {b} » est deux coûts de kick, chacun payé au plus une fois : "
                f"{list(counts)}.",
            )
        )
    if card.multikicker_cost is not None:
        steps.append(
            _s(
                rules.MULTIKICKER,
                f"Multikicker {card.multikicker_cost} is paid {counts[-1]} time(s).",
                f"Le multikick {card.multikicker_cost} est payé {counts[-1]} fois.",
            )
        )
    linked = [c for c in card.clauses if c.condition in (Condition.KICKED_A, Condition.KICKED_B)]
    for clause in linked:
        if clause_applies(clause, counts):
            steps.append(
                _s(
                    rules.KICKER_LINKED,
                    f"Linked to the kicker it names, this applies: “{clause.text}”",
                    f"Liée au kick qu'elle nomme, cette capacité s'applique : « {clause.text} »",
                )
            )
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
    steps = [
        _s(
            rules.ANNOUNCE,
            f"Announced: kicker {announced or 'not paid'}"
            + (f", X = {x}" if card.has_x else "")
            + ".",
            f"Annonce : kick "
            f"{announced or 'non payé'}" + (f", X = {x}" if card.has_x else "") + ".",
        )
    ]
    if kick_count:
        steps.append(
            _s(
                rules.KICKER_KICKED,
                f"{card.name} is kicked ({kick_count}×). Ruling: {rules.RULING_KICKED}",
                f"{card.name} est kické ({kick_count}×). Clarification : {rules.RULING_KICKED_FR}",
            )
        )
    steps.extend(_kicker_steps(card, counts))
    if any(kicked_only for _, kicked_only in required_targets(card, counts)):
        steps.append(
            _s(
                rules.KICKER_TARGETS,
                "Kicked, it has the targets of its kicked-only clauses.",
                "Kické, il a les cibles de ses clauses de kick.",
            )
        )
    return tuple(steps)


@functools.lru_cache(maxsize=1024)
def _on_stack(card: CardDefinition, x: int, split_second: bool) -> tuple[int, tuple[Step, ...]]:
    """The spell's mana value on the stack, whatever was paid (202.3e), and the trace of what it
    is there (split second, 702.61a); memoized.
    """
    mana_value = card.mana_cost.mana_value_with_x(x)
    steps = [
        _s(
            rules.MANA_VALUE_X,
            f"Mana value {mana_value}, whatever was paid.",
            f"Valeur de mana {mana_value}, quoi qu'on ait payé.",
        )
    ]
    if split_second:
        steps.append(
            _s(
                rules.SPLIT_SECOND,
                f"{card.name} has split second while on the stack.",
                f"{card.name} a la fraction de seconde tant qu'il est sur la pile.",
            )
        )
    return mana_value, tuple(steps)


@functools.lru_cache(maxsize=1024)
def clause_reports(card: CardDefinition, kicked_with: tuple[int, ...]) -> tuple[ClauseReport, ...]:
    """Each clause of the text and whether it applies (CR 702.33e–f); memoized.

    >>> [c.applies for c in clause_reports(_bolt(), (0,))]
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

    >>> describe_result(_bolt(), ResultKind.SPELL, (1,), 0).damage
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
                        CostChange(kind=kind, amount=modifier.amount, source=permanent.card.name)
                    )
            elif modifier.kind is ModifierKind.MINIMUM and not (
                modifier.only_if_untapped and permanent.tapped
            ):
                changes.append(
                    CostChange(
                        kind=CostChangeKind.MINIMUM,
                        amount=ManaCost(),
                        source=permanent.card.name,
                        minimum=modifier.minimum,
                    )
                )
    for amount in action.cost_increases:
        changes.append(
            CostChange(kind=CostChangeKind.INCREASE, amount=amount, source="other effect")
        )
    for amount in action.cost_reductions:
        changes.append(CostChange(kind=CostChangeKind.REDUCE, amount=amount, source="other effect"))
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
        return [], _s(
            rule,
            f"{card.name} can be cast any time you have priority.",
            f"{card.name} peut être lancé chaque fois que vous avez la priorité.",
        )
    if "sorcery" in card.card_types:
        rule = rules.SORCERY_TIMING
    elif card.is_creature:
        rule = rules.CREATURE_TIMING
    else:
        rule = rules.INSTANT_TIMING
    violations: list[Violation] = []
    if board.turn.active_player is not action.player:
        violations.append(
            _v(
                rule,
                f"{card.name} can be cast only during your own turn.",
                f"{card.name} ne peut être lancé que pendant votre tour.",
            )
        )
    if not board.turn.phase.is_main:
        violations.append(
            _v(
                rule,
                f"{card.name} can be cast only during a main phase.",
                f"{card.name} ne peut être lancé que pendant une phase principale.",
            )
        )
    if board.stack:
        violations.append(
            _v(
                rule,
                f"{card.name} can be cast only while the stack is empty.",
                f"{card.name} ne peut être lancé que si la pile est vide.",
            )
        )
    step = _s(
        rule,
        f"{card.name} is cast at sorcery speed: your main phase, empty stack.",
        f"{card.name} se lance en rythme de rituel : votre phase principale, pile vide.",
    )
    return violations, step


def split_second_violations(board: Board, *, from_trigger: bool = False) -> list[Violation]:
    """A violation for each spell with split second on the stack (CR 702.61a).

    >>> split_second_violations(Board())
    []
    """
    violations = []
    for spell in split_second_spells(board.stack):
        why = " (it was kicked)" if not spell.card.has_split_second else ""
        why_fr = " (il a été kické)" if not spell.card.has_split_second else ""
        ruling = f" Ruling: {rules.RULING_SPLIT_SECOND_TRIGGER_CAST}" if from_trigger else ""
        ruling_fr = (
            f" Clarification : {rules.RULING_SPLIT_SECOND_TRIGGER_CAST_FR}" if from_trigger else ""
        )
        violations.append(
            _v(
                rules.SPLIT_SECOND,
                f"{spell.card.name} ({spell.id}) has split second{why}: while it is on the stack "
                f"players can't cast spells or activate abilities that aren't mana abilities."
                + ruling,
                f"{spell.card.name} ({spell.id}) a la fraction de seconde{why_fr} : tant qu'il est "
                "sur la pile, les joueurs ne peuvent ni lancer de sorts ni activer de capacités "
                "qui ne sont pas des capacités de mana." + ruling_fr,
            )
        )
    return violations


def check_cast(board: Board, action: Action, *, from_trigger: bool = False) -> Outcome:
    """Cast a spell, checking every rule on the way; the outcome lists all violations.

    >>> check_cast(Board(), Action(kind=ActionKind.CAST, card=_bolt(), assume_mana=True)).legal
    True
    """
    card = action.card
    assert card is not None, "casting needs a card"
    from_trigger = from_trigger or action.kind is ActionKind.CAST_FROM_TRIGGER
    counts = announce_kicker(card, action.kicker)
    violations = _kicker_violations(card, counts)
    if "land" in card.card_types:
        violations.append(
            _v(
                rules.LAND_NOT_CAST,
                f"{card.name} is a land: it is played (a special action), never cast.",
                f"{card.name} est un terrain : on le joue (action spéciale), on ne le lance pas.",
            )
        )
    trace = [
        _s(rules.PROPOSE, f"{card.name} is put on the stack.", f"{card.name} est mis sur la pile.")
    ]
    if from_trigger:
        trace.append(
            _s(
                rules.CAST_DURING_RESOLUTION,
                "Cast while a triggered ability resolves (such as cascade): the steps of 601.2 "
                "apply, timing permissions don't.",
                "Lancé pendant la résolution d'une capacité déclenchée (comme la cascade) : les "
                "étapes de 601.2 s'appliquent, pas les restrictions de moment.",
            )
        )
    x = action.x if card.has_x else 0
    alternative = action.alternative_cost
    free = _free_cast_source(board, action.player)
    if alternative is None and free is not None and not from_trigger and x == 0:
        alternative = ManaCost.generic(0)
        trace.append(
            _s(
                rules.ALTERNATIVE_COST,
                f"{free.card.name} lets you cast it without paying "
                "its mana cost: alternative cost {0}.",
                f"{free.card.name} permet de le "
                "lancer sans payer son coût de mana : coût alternatif {0}.",
            )
        )
    if alternative is not None and x > 0:
        violations.append(
            _v(
                rules.ALTERNATIVE_COST_X,
                "X must be 0 when the spell is cast without paying its mana cost.",
                "X doit valoir 0 quand le sort est lancé sans payer son coût de mana.",
            )
        )
    kick_count = sum(counts)
    trace.extend(_announcement_steps(card, counts, x))
    specs = required_targets(card, counts)
    needed = minimum_targets(specs, kick_count)
    if action.targets is not None:
        violations.extend(
            check_targets(
                board=board,
                card=card,
                specs=specs,
                chosen=action.targets,
                kick_count=kick_count,
                caster=action.player,
            )
        )
        trace.append(
            _s(
                rules.TARGETS,
                f"Targets: {', '.join(action.targets) or 'none'}.",
                f"Cibles : {', '.join(action.targets) or 'aucune'}.",
            )
        )
    elif not specs:
        trace.append(_s(rules.TARGETS, "It has no targets.", "Il n'a pas de cible."))
    else:
        trace.append(
            _s(
                rules.TARGETS,
                f"It needs {needed} target(s); none given, so targets are not checked.",
                f"Il faut {needed} cible(s) ; aucune donnée, elles ne sont pas vérifiées.",
            )
        )
    locks = split_second_violations(board, from_trigger=from_trigger)
    violations.extend(locks)
    trace.append(
        _s(
            rules.LEGALITY,
            "Legality: timing and split second are checked"
            + (f" — {len(locks)} spell(s) with split second on the stack." if locks else "."),
            "Légalité : le moment et la fraction de seconde sont vérifiés"
            + (f" — {len(locks)} sort(s) à fraction de seconde sur la pile." if locks else "."),
        )
    )
    if not from_trigger:
        timing_violations, timing_step = _timing(board, action, card)
        violations.extend(timing_violations)
        trace.append(timing_step)
    violations.extend(check_convoke(board, action, card))
    base = alternative if alternative is not None else card.mana_cost.with_x(x)
    total = determine_total_cost(
        base=base,
        base_is_alternative=alternative is not None,
        kicker_costs=card.announce_costs,
        kicker_counts=counts,
        changes=_cost_changes(board, action, card),
        x=x,
    )
    trace.append(
        _s(
            rules.TOTAL_COST,
            f"Total cost {total.mana} is locked in. Ruling: {rules.RULING_TOTAL_COST}",
            f"Le coût total {total.mana} est verrouillé. Clarification : "
            f"{rules.RULING_TOTAL_COST_FR}",
        )
    )
    sac_violations, sacrificed, sac_steps = check_sacrifices(board, action, total)
    violations.extend(sac_violations)
    trace.extend(sac_steps)
    payment, pay_violations, pay_steps, notes = pay_total_cost(board, action, card, total)
    violations.extend(pay_violations)
    trace.extend(pay_steps)
    kind = ResultKind.PERMANENT if card.is_permanent_card else ResultKind.SPELL
    split = card.has_split_second or (card.split_second_if_kicked and kick_count > 0)
    mana_value, on_stack = _on_stack(card, x, split)
    trace.extend(on_stack)
    if not violations:
        trace.append(
            _s(rules.CAST_COMPLETE, f"{card.name} becomes cast.", f"{card.name} devient lancé.")
        )
    return Outcome(
        kind=action.kind,
        violations=tuple(violations),
        card=card.name,
        mana_value=mana_value,
        total_cost=total,
        payment=payment if not violations or not pay_violations else None,
        sacrificed=sacrificed,
        kicked_with=counts,
        split_second=split,
        targets_required=needed,
        result=describe_result(card, kind, counts, x),
        clauses=clause_reports(card, counts),
        trace=tuple(trace),
        not_understood=card.not_understood + tuple(notes),
    )


def can_cast(board: Board, action: Action) -> bool:
    """Whether the cast is legal.

    >>> can_cast(Board(), Action(kind=ActionKind.CAST, card=_bolt()))
    False
    """
    return check_cast(board, action).legal


def cast(board: Board, action: Action) -> Outcome:
    """Cast the spell; raise if any rule forbids it.

    :raises IllegalActionError: with every violation.

    >>> try:
    ...     cast(Board(), Action(kind=ActionKind.CAST, card=_bolt()))
    ... except IllegalActionError as error:
    ...     print(error.violations[0].rule)
    601.2h
    """
    outcome = check_cast(board, action)
    if not outcome.legal:
        raise IllegalActionError(outcome.violations)
    return outcome


def spell_has_split_second(board: Board, spell_id: str) -> bool:
    """Whether the stack object with this id has split second now (CR 702.61a).

    >>> spell_has_split_second(Board(), "s1")
    False
    """
    spell = board.spell(spell_id)
    return spell is not None and has_split_second(spell)


def _bolt() -> CardDefinition:
    return CardDefinition.parse(
        name="Burst Lightning",
        mana_cost="{R}",
        type_line="Instant",
        oracle_text="Kicker {4}\nBurst Lightning deals 2 damage to any target. If this spell was"
        " kicked, it deals 4 damage instead.",
    )
