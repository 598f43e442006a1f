"""Actions a player can take and the record of what happened.

>>> Action(kind=ActionKind.TURN_FACE_UP, source="c1").player
<Player.YOU: 'you'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from engine.board import Player
from engine.cards import CardDefinition
from engine.costs import TotalCost
from engine.explain import Step, Violation
from engine.mana import ManaCost
from engine.payment import Payment
from engine.text import Condition

__all__ = ["Action", "ActionKind", "ClauseReport", "Outcome", "Result", "ResultKind"]


@unique
class ActionKind(StrEnum):
    """What the acting player does.

    >>> ActionKind("cast")
    <ActionKind.CAST: 'cast'>
    """

    CAST = "cast"
    COPY_SPELL = "copy_spell"
    PUT_ONTO_BATTLEFIELD = "put_onto_battlefield"
    ENTER_AS_COPY = "enter_as_copy"
    ACTIVATE_ABILITY = "activate_ability"
    ACTIVATE_MANA_ABILITY = "activate_mana_ability"
    TURN_FACE_UP = "turn_face_up"
    PUT_TRIGGER_ON_STACK = "put_trigger_on_stack"
    CAST_FROM_TRIGGER = "cast_from_trigger"


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """An action and every choice announced with it (CR 601.2b–c).

    ``kicker`` is None when no kicker was announced; otherwise one count per printed kicker
    cost (multikicker: one count). ``targets``/``sacrifice`` are None when not given.

    >>> Action(kind=ActionKind.CAST, kicker=(1,)).kicker
    (1,)
    """

    kind: ActionKind
    player: Player = Player.YOU
    card: CardDefinition | None = None
    kicker: tuple[int, ...] | None = None
    x: int = 0
    alternative_cost: ManaCost | None = None
    cost_increases: tuple[ManaCost, ...] = ()
    cost_reductions: tuple[ManaCost, ...] = ()
    convoke: tuple[str, ...] = ()
    sacrifice: tuple[str, ...] | None = None
    targets: tuple[str, ...] | None = None
    copy_of: str | None = None
    source: str | None = None
    assume_mana: bool = False


@unique
class ResultKind(StrEnum):
    """What the action produced.

    >>> ResultKind("token")
    <ResultKind.TOKEN: 'token'>
    """

    SPELL = "spell"
    PERMANENT = "permanent"
    TOKEN = "token"
    ABILITY = "ability"
    SPECIAL_ACTION = "special_action"


@dataclass(frozen=True, slots=True, kw_only=True)
class Result:
    """What the spell, permanent or ability is and does.

    >>> Result(kind=ResultKind.SPELL, damage=4).to_dict()
    {'kind': 'spell', 'kicked': False, 'counters': {}, 'damage': 4}
    """

    kind: ResultKind
    kicked: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    damage: int | None = None

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form."""
        return {
            "kind": self.kind.value,
            "kicked": self.kicked,
            "counters": dict(self.counters),
            "damage": self.damage,
        }


@dataclass(frozen=True, slots=True)
class ClauseReport:
    """One clause of the card's text and whether it applies here.

    >>> ClauseReport(text="Draw a card.", applies=True, condition=Condition.KICKED).to_dict()
    {'text': 'Draw a card.', 'applies': True, 'condition': 'kicked'}
    """

    text: str
    applies: bool
    condition: Condition

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form."""
        return {"text": self.text, "applies": self.applies, "condition": self.condition.value}


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """The frozen record of an action: legal or not and why, costs, payment, result, trace.

    >>> Outcome(kind=ActionKind.TURN_FACE_UP).legal
    True
    """

    kind: ActionKind
    violations: tuple[Violation, ...] = ()
    card: str | None = None
    mana_value: int | None = None
    total_cost: TotalCost | None = None
    payment: Payment | None = None
    sacrificed: tuple[str, ...] = ()
    kicked_with: tuple[int, ...] = ()
    split_second: bool = False
    targets_required: int = 0
    result: Result | None = None
    clauses: tuple[ClauseReport, ...] = ()
    trace: tuple[Step, ...] = ()
    not_understood: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        """Whether the action is legal: no violation.

        >>> Outcome(kind=ActionKind.CAST, violations=(Violation("1", "a", "b"),)).legal
        False
        """
        return not self.violations

    @property
    def kick_count(self) -> int:
        """How many times it was kicked in all (CR 702.33d).

        >>> Outcome(kind=ActionKind.CAST, kicked_with=(1, 1)).kick_count
        2
        """
        return sum(self.kicked_with)

    def to_dict(self) -> dict[str, object]:
        """Return the JSON response of ``POST /api/v1/evaluate``.

        >>> Outcome(kind=ActionKind.TURN_FACE_UP).to_dict()["legal"]
        True
        """
        total = self.total_cost
        payment: dict[str, object] | None = None
        if self.payment is not None:
            payment = self.payment.to_dict()
            payment["sacrifice"] = list(self.sacrificed)
        return {
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "card": self.card,
            "mana_value": self.mana_value,
            "total_cost": str(total.mana) if total is not None else None,
            "additional_costs": list(total.actions) if total is not None else [],
            "cost_steps": [s.to_dict() for s in total.steps] if total is not None else [],
            "payment": payment,
            "kicked": self.kick_count > 0,
            "kick_count": self.kick_count,
            "kicked_with": list(self.kicked_with),
            "split_second": self.split_second,
            "targets_required": self.targets_required,
            "result": self.result.to_dict() if self.result is not None else None,
            "clauses": [c.to_dict() for c in self.clauses],
            "trace": [s.to_dict() for s in self.trace],
            "not_understood": list(self.not_understood),
        }
