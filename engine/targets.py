"""Targets a spell requires once its kicker is announced (CR 601.2c, 702.33g), and their check.

>>> from engine.cards import CardDefinition
>>> jilt = CardDefinition.parse(name="Jilt", mana_cost="{1}{U}", type_line="Instant",
...     oracle_text="Kicker {1}{R}\\nReturn target creature to its owner's hand. If this spell "
...     "was kicked, it deals 2 damage to another target creature.")
>>> len(required_targets(jilt, (0,))), len(required_targets(jilt, (1,)))
(1, 2)
"""

from __future__ import annotations

import functools

from engine import rules
from engine.abilities import Clause, ClauseKind
from engine.board import Board
from engine.cards import CardDefinition
from engine.contract import Player
from engine.explain import Violation
from engine.messages import MessageCode
from engine.text import Condition, TargetKind, TargetSpec

__all__ = ["clause_applies", "check_targets", "minimum_targets", "required_targets"]


def clause_applies(clause: Clause, kicked_with: tuple[int, ...]) -> bool:
    """Whether a clause applies given the kicker counts (CR 702.33e–f).

    >>> clause_applies(Clause(text="", kind=ClauseKind.SPELL, condition=Condition.KICKED_B), (1, 0))
    False
    """
    counts = tuple(kicked_with) + (0, 0)
    match clause.condition:
        case Condition.ALWAYS:
            return True
        case Condition.KICKED | Condition.PER_KICK:
            return sum(counts) > 0
        case Condition.KICKED_A:
            return counts[0] > 0
        case Condition.KICKED_B:
            return counts[1] > 0
        case Condition.NOT_KICKED:
            return sum(counts) == 0
    return False


@functools.lru_cache(maxsize=1024)
def required_targets(
    card: CardDefinition, kicked_with: tuple[int, ...]
) -> tuple[tuple[TargetSpec, bool], ...]:
    """The target specs of the spell as announced, each with whether it is kicked-only (702.33g).

    Targets in a clause that applies only if kicked exist only if the spell was kicked; a kicked
    clause that says "instead" and has its own targets replaces the earlier ones.

    >>> [s.phrase for s, _ in required_targets(thirst, (1,))]
    ['creature or planeswalker']
    """
    specs: list[tuple[TargetSpec, bool]] = []
    for clause in card.clauses:
        if clause.kind not in (ClauseKind.SPELL, ClauseKind.KEYWORD) or not clause.targets:
            continue
        if clause.condition is not Condition.PER_KICK and not clause_applies(clause, kicked_with):
            continue
        if clause.replaces_targets:
            specs = []
        kicked_only = clause.condition not in (Condition.ALWAYS, Condition.PER_KICK)
        specs.extend((spec, kicked_only) for spec in clause.targets)
    return tuple(specs)


def _bounds(spec: TargetSpec, kick_count: int) -> tuple[int, int | None]:
    if spec.per_kick:
        return kick_count, kick_count
    return spec.minimum, spec.maximum


def minimum_targets(specs: tuple[tuple[TargetSpec, bool], ...], kick_count: int) -> int:
    """How many targets the spell needs at least.

    >>> minimum_targets(required_targets(thirst, (0,)), 0)
    1
    """
    return sum(_bounds(spec, kick_count)[0] for spec, _ in specs)


def check_targets(
    *,
    board: Board,
    card: CardDefinition,
    specs: tuple[tuple[TargetSpec, bool], ...],
    chosen: tuple[str, ...],
    kick_count: int,
    caster: Player,
) -> tuple[Violation, ...]:
    """Check the chosen targets against what the spell requires (CR 601.2c, 702.33g, 115.1).

    >>> check_targets(board=Board(), card=thirst, specs=required_targets(thirst, (0,)),
    ...     chosen=(), kick_count=0, caster=Player.YOU)[0].rule
    '601.2c'
    """
    bounds = [_bounds(spec, kick_count) for spec, _ in specs]
    low = sum(b[0] for b in bounds)
    high = None if any(b[1] is None for b in bounds) else sum(b[1] or 0 for b in bounds)
    kicked_only = any(k for _, k in specs)
    if len(chosen) < low or (high is not None and len(chosen) > high):
        wanted = str(low) if high == low else f"{low}–{high if high is not None else '∞'}"
        rule = rules.KICKER_TARGETS if kicked_only else rules.TARGETS
        return (
            Violation.of(
                rule, MessageCode.TARGET_COUNT, card=card.ref, wanted=wanted, count=len(chosen)
            ),
        )
    violations: list[Violation] = []
    remaining = list(chosen)
    extra = len(chosen) - low
    assigned: list[tuple[TargetSpec, list[str]]] = []
    for (spec, _), (minimum, maximum) in zip(specs, bounds, strict=True):
        take = minimum
        if maximum is None or maximum > minimum:
            more = extra if maximum is None else min(extra, maximum - minimum)
            take += more
            extra -= more
        assigned.append((spec, remaining[:take]))
        remaining = remaining[take:]
    for index, (spec, ids) in enumerate(assigned):
        if len(set(ids)) != len(ids):
            violations.append(_bad(board, card, spec, ids[0], MessageCode.TARGET_TWICE))
        others = {t for j, (_, other) in enumerate(assigned) if j != index for t in other}
        for target in ids:
            if spec.another and target in others:
                violations.append(_bad(board, card, spec, target, MessageCode.TARGET_NOT_ANOTHER))
            elif not _fits(board, spec, target, caster):
                violations.append(_bad(board, card, spec, target, MessageCode.TARGET_ILLEGAL))
    return tuple(violations)


def _bad(
    board: Board, card: CardDefinition, spec: TargetSpec, target: str, code: MessageCode
) -> Violation:
    return Violation.of(
        rules.TARGETS, code, target=board.ref(target), phrase=spec.phrase, card=card.ref
    )


def _fits(board: Board, spec: TargetSpec, target: str, caster: Player) -> bool:
    is_player = target in (Player.YOU.value, Player.OPPONENT.value)
    permanent = board.permanent(target)
    spell = board.spell(target)
    match spec.kind:
        case TargetKind.OTHER:
            return True
        case TargetKind.PLAYER:
            return is_player
        case TargetKind.OPPONENT:
            return target == caster.other.value
        case TargetKind.ANY:
            return is_player or (
                permanent is not None
                and bool({"creature", "planeswalker", "battle"} & permanent.card_types)
            )
        case TargetKind.PLAYER_OR_PERMANENT:
            return is_player or (permanent is not None and "planeswalker" in permanent.card_types)
        case TargetKind.PERMANENT:
            if permanent is None:
                return False
            types = permanent.card_types
            return (
                (not spec.types or bool(spec.types & types))
                and not spec.excluded & types
                and (spec.max_mana_value is None or permanent.mana_value <= spec.max_mana_value)
                and (not spec.you_control or permanent.controller is caster)
            )
        case TargetKind.SPELL:
            if spell is None:
                return False
            return (not spec.types or bool(spec.types & spell.card.card_types)) and (
                not spec.you_control or spell.controller is caster
            )
    return False
