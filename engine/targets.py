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
import re
from dataclasses import replace

from engine import rules
from engine.abilities import Clause, ClauseKind
from engine.board import Board
from engine.cards import CardDefinition
from engine.contract import Player
from engine.explain import Violation
from engine.messages import MessageCode
from engine.text import Condition, TargetKind, TargetSpec

__all__ = [
    "available_targets",
    "check_targets",
    "clause_applies",
    "minimum_targets",
    "required_targets",
    "spec_bounds",
    "unchecked_targets",
]


def clause_applies(
    clause: Clause, kicked_with: tuple[int, ...], additional_paid: bool = False
) -> bool:
    """Whether a clause applies given the kicker counts (CR 702.33e–f) and whether the spell's
    printed additional cost was paid (118.8b).

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
        case Condition.ADDITIONAL_PAID:
            return additional_paid
    return False


def mode_applies(clause: Clause, modes: tuple[int, ...] | None) -> bool:
    """Whether a clause belongs to the spell as announced: outside its modes, or in a mode
    chosen (CR 700.2c).

    >>> mode_applies(Clause(text="", kind=ClauseKind.SPELL, condition=Condition.ALWAYS, mode=1),
    ...     (0,))
    False
    """
    return clause.mode is None or (modes is not None and clause.mode in modes)


@functools.lru_cache(maxsize=1024)
def required_targets(
    card: CardDefinition, kicked_with: tuple[int, ...], modes: tuple[int, ...] | None = None
) -> tuple[tuple[TargetSpec, bool], ...]:
    """The target specs of the spell as announced, each with whether it is kicked-only (702.33g).

    Targets in a clause that applies only if kicked exist only if the spell was kicked; a kicked
    clause that says "instead" and has its own targets replaces the earlier ones. A modal
    spell's targets are those of the modes chosen (700.2c).

    >>> [s.phrase for s, _ in required_targets(thirst, (1,))]
    ['creature or planeswalker']
    """
    specs: list[tuple[TargetSpec, bool]] = []
    for clause in card.clauses:
        if clause.kind not in (ClauseKind.SPELL, ClauseKind.KEYWORD) or not clause.targets:
            continue
        if not mode_applies(clause, modes):
            continue
        if clause.condition is not Condition.PER_KICK and not clause_applies(clause, kicked_with):
            continue
        if clause.replaces_targets:
            specs = []
        kicked_only = clause.condition not in (Condition.ALWAYS, Condition.PER_KICK)
        specs.extend((_as_cast(card, spec), kicked_only) for spec in clause.targets)
    return tuple(specs)


_DIVIDED_AGAIN = re.compile(r"\bdivided as you choose among those\b", re.IGNORECASE)


def _as_cast(card: CardDefinition, spec: TargetSpec) -> TargetSpec:
    """``spec``, its most targets left open, and their count partly checked, when it is an
    amount the engine doesn't know as the spell is cast: an X the card's text defines ("where
    X is …") rather than one announced (107.3a), or an amount the card divides again among the
    same targets ("… divided as you choose among those … instead")."""
    if spec.divided and _DIVIDED_AGAIN.search(card.oracle_text):
        return replace(spec, maximum=None, x_bound=None, divided=False, unchecked=True)
    if spec.x_bound is not None and not card.has_x:
        return replace(spec, maximum=None, x_bound=None, divided=False, unchecked=True)
    return spec


def spec_bounds(spec: TargetSpec, kick_count: int, x: int = 0) -> tuple[int, int | None]:
    """How many targets one "target" phrase takes: per kick (702.33g), X, no more than the X
    divided among them (601.2d), or as printed.

    >>> from engine.text import read_targets
    >>> spec_bounds(read_targets("Tap X target creatures.")[0], 0, x=3)
    (3, 3)
    >>> spec_bounds(read_targets("~ deals X damage divided as you choose among any number of "
    ...     "targets.")[0], 0, x=2)
    (0, 2)
    """
    if spec.per_kick:
        return kick_count, kick_count
    if spec.x:
        return x, x
    if spec.x_bound is not None:
        return spec.minimum, x + spec.x_bound
    return spec.minimum, spec.maximum


_bounds = spec_bounds


def minimum_targets(specs: tuple[tuple[TargetSpec, bool], ...], kick_count: int, x: int = 0) -> int:
    """How many targets the spell needs at least.

    >>> minimum_targets(required_targets(thirst, (0,)), 0)
    1
    """
    return sum(spec_bounds(spec, kick_count, x)[0] for spec, _ in specs)


_PLAYERS = tuple(player.value for player in Player)


def available_targets(
    board: Board, spec: TargetSpec, caster: Player, x: int = 0, *, enough: int | None = None
) -> int:
    """How many players and objects of the board are legal for one "target" phrase (counted
    up to ``enough`` at most, when given).

    >>> available_targets(Board(), required_targets(thirst, (0,))[0][0], Player.YOU)
    0
    """
    candidates = list(_PLAYERS)
    candidates.extend([p.id for p in board.battlefield])
    candidates.extend([s.id for s in board.stack])
    candidates.extend([c.id for c in board.graveyard])
    candidates.extend([c.id for c in board.exile])
    count = 0
    for target in candidates:
        if _fits(board, spec, target, caster, x):
            count += 1
            if count == enough:
                break
    return count


def unchecked_targets(
    specs: tuple[tuple[TargetSpec, bool], ...], chosen: tuple[str, ...], kick_count: int, x: int
) -> list[tuple[TargetSpec, str]]:
    """The chosen targets whose phrase is read only in part (its legality partly checked).

    >>> unchecked_targets(required_targets(thirst, (0,)), ("c1",), 0, 0)
    []
    """
    return [(spec, target) for spec, ids in _assign(specs, chosen, kick_count, x) if spec.unchecked
            for target in ids]  # fmt: skip


def _assign(
    specs: tuple[tuple[TargetSpec, bool], ...], chosen: tuple[str, ...], kick_count: int, x: int
) -> list[tuple[TargetSpec, list[str]]]:
    """The chosen targets, in order, given to each phrase: its least, then extra in order."""
    bounds = [spec_bounds(spec, kick_count, x) for spec, _ in specs]
    low = sum(b[0] for b in bounds)
    extra = max(0, len(chosen) - low)
    remaining = list(chosen)
    assigned: list[tuple[TargetSpec, list[str]]] = []
    for (spec, _), (minimum, maximum) in zip(specs, bounds, strict=True):
        take = minimum
        if maximum is None or maximum > minimum:
            more = extra if maximum is None else min(extra, maximum - minimum)
            take += more
            extra -= more
        assigned.append((spec, remaining[:take]))
        remaining = remaining[take:]
    return assigned


def check_targets(
    *,
    board: Board,
    card: CardDefinition,
    specs: tuple[tuple[TargetSpec, bool], ...],
    chosen: tuple[str, ...],
    kick_count: int,
    caster: Player,
    x: int = 0,
) -> tuple[Violation, ...]:
    """Check the chosen targets against what the spell requires (CR 601.2c, 702.33g, 115.1).

    Too few targets is a choice still to make (:data:`~engine.contract.Choice.TARGETS`): the
    caller reports it. Too many, or an illegal one, is a violation.

    >>> check_targets(board=Board(), card=thirst, specs=required_targets(thirst, (0,)),
    ...     chosen=("c1", "c2"), kick_count=0, caster=Player.YOU)[0].rule
    '601.2c'
    """
    bounds = [spec_bounds(spec, kick_count, x) for spec, _ in specs]
    low = sum(b[0] for b in bounds)
    high = None if any(b[1] is None for b in bounds) else sum(b[1] or 0 for b in bounds)
    kicked_only = any(k for _, k in specs)
    for spec, _kicked in specs:
        if spec.x and spec.divided and spec.maximum is not None and x > spec.maximum:
            # X targets, one at least of the amount to each: X can't be more than the amount.
            return (
                Violation.of(
                    rules.DIVIDED, MessageCode.TARGETS_DIVIDED, card=card.ref, most=spec.maximum,
                    count=x,
                ),
            )  # fmt: skip
    if high is not None and len(chosen) > high:
        if specs and all(spec.divided for spec, _ in specs):
            return (
                Violation.of(
                    rules.DIVIDED, MessageCode.TARGETS_DIVIDED, card=card.ref, most=high,
                    count=len(chosen),
                ),
            )  # fmt: skip
        wanted = str(low) if high == low else f"{low}–{high if high is not None else '∞'}"
        rule = rules.KICKER_TARGETS if kicked_only else rules.TARGETS
        return (
            Violation.of(
                rule, MessageCode.TARGET_COUNT, card=card.ref, wanted=wanted, count=len(chosen)
            ),
        )
    violations: list[Violation] = []
    assigned = _assign(specs, chosen, kick_count, x)
    for index, (spec, ids) in enumerate(assigned):
        if len(set(ids)) != len(ids):
            violations.append(_bad(board, card, spec, ids[0], MessageCode.TARGET_TWICE))
        others = {t for j, (_, other) in enumerate(assigned) if j != index for t in other}
        for target in ids:
            if spec.another and target in others:
                violations.append(_bad(board, card, spec, target, MessageCode.TARGET_NOT_ANOTHER))
            elif not _fits(board, spec, target, caster, x):
                violations.append(_bad(board, card, spec, target, MessageCode.TARGET_ILLEGAL))
    return tuple(violations)


def _bad(
    board: Board, card: CardDefinition, spec: TargetSpec, target: str, code: MessageCode
) -> Violation:
    return Violation.of(
        rules.TARGETS, code, target=board.ref(target), phrase=spec.words, card=card.ref
    )


def _fits(board: Board, spec: TargetSpec, target: str, caster: Player, x: int = 0) -> bool:
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
            if spec.filter is not None:
                return permanent.fits(spec.filter, player=caster, x=x)
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
            if spec.filter is not None:
                return spell.fits(spec.filter, player=caster, x=x)
            return (not spec.types or bool(spec.types & spell.card.card_types)) and (
                not spec.you_control or spell.controller is caster
            )
        case TargetKind.CARD:
            found = board.card_in(target)
            if found is None:
                return False
            zone, card = found
            if spec.filter is None:
                return True
            if spec.filter.zone is not None and spec.filter.zone is not zone:
                return False
            return card.fits(spec.filter, player=caster, x=x)
    return False
