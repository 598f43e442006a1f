"""What a spell or permanent does once cast or put onto the battlefield: the clauses of its
text that apply, the counters it enters with, the damage it deals (CR 702.33e–f, 700.2c).

>>> describe_result(bolt, ResultKind.SPELL, (0,), 0).damage
2
"""

from __future__ import annotations

import functools

from engine.abilities import ClauseKind
from engine.board import Permanent
from engine.cards import CardDefinition
from engine.contract import ResultKind
from engine.outcome import ClauseReport, Result
from engine.targets import clause_applies, mode_applies

__all__ = ["clause_reports", "describe_result", "power_of"]


@functools.lru_cache(maxsize=1024)
def clause_reports(
    card: CardDefinition,
    kicked_with: tuple[int, ...],
    modes: tuple[int, ...] | None = None,
    additional_paid: bool = False,
) -> tuple[ClauseReport, ...]:
    """Each clause of the text and whether it applies (CR 702.33e–f, 700.2c, 118.8b); memoized.

    >>> [c.applies for c in clause_reports(bolt, (0,))]
    [True, True, False]
    """
    return tuple(
        ClauseReport(
            text=c.text,
            applies=clause_applies(c, kicked_with, additional_paid) and mode_applies(c, modes),
            condition=c.condition,
            mode=c.mode,
            reading=c.reading,
        )
        for c in card.clauses
    )


@functools.lru_cache(maxsize=1024)
def describe_result(
    card: CardDefinition,
    kind: ResultKind,
    kicked_with: tuple[int, ...],
    x: int,
    modes: tuple[int, ...] | None = None,
    sacrificed_power: int | None = None,
    copy_of: str | None = None,
    additional_paid: bool = False,
) -> Result:
    """What a spell or permanent does: counters it enters with, damage it deals; memoized.

    >>> describe_result(bolt, ResultKind.SPELL, (1,), 0).damage
    4
    """
    kick_count = sum(kicked_with)
    counters: dict[str, int] = {}
    damage: int | None = None
    for clause in card.clauses:
        if not clause_applies(clause, kicked_with, additional_paid):
            continue
        if not mode_applies(clause, modes) or not clause.understood:
            continue
        if clause.counters is not None and kind is not ResultKind.SPELL:
            amount = clause.counters.resolve(x=x, kick_count=kick_count)
            if amount:
                counters[clause.counters.kind] = counters.get(clause.counters.kind, 0) + amount
        if clause.damage is not None and clause.kind in (ClauseKind.SPELL, ClauseKind.TRIGGERED):
            if clause.damage.sacrificed_power:
                damage = sacrificed_power
            else:
                damage = clause.damage.resolve(x=x, kick_count=kick_count)
    return Result(
        kind=kind,
        kicked=kick_count > 0,
        counters=tuple(sorted(counters.items())),
        damage=damage,
        copy_of=copy_of,
    )


def power_of(permanent: Permanent | None) -> int | None:
    """A permanent's power now: printed, with +1/+1 and -1/-1 counters (face down: 2).

    >>> from dataclasses import replace
    >>> power_of(replace(bears, face_down=True)), power_of(None)
    (2, None)
    """
    if permanent is None:
        return None
    if permanent.face_down:
        return 2
    if permanent.card.power is None:
        return None
    try:
        return int(permanent.card.power) + permanent.counter("+1/+1") - permanent.counter("-1/-1")
    except ValueError:
        return None
