"""The record of what an action does, and its JSON form (the answer of
``POST /api/v1/evaluate``), described by :data:`RESPONSE_SCHEMA`.

>>> Outcome(kind=ActionKind.TURN_FACE_UP).to_dict()["legal"]
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.casting_text import Reading
from engine.codec import (
    BOOLEAN,
    STRING,
    Computed,
    Integer,
    ListOf,
    Nullable,
    Record,
    json_field,
)
from engine.codec import (
    Choice as ChoiceOf,
)
from engine.contract import ActionKind, Choice, ResultKind
from engine.costs import TotalCost
from engine.errors import EngineError
from engine.explain import COST_STEP, STEP, VIOLATION, Step, Violation
from engine.fields import COUNTERS
from engine.mana_spent import MANA_SPENT, ManaSpent
from engine.optional_costs import OPTIONAL_COUNTS
from engine.payment import PAYMENT, Payment
from engine.text import Condition

__all__ = [
    "CLAUSE",
    "RESPONSE",
    "RESPONSE_SCHEMA",
    "RESULT",
    "ClauseReport",
    "IllegalActionError",
    "Outcome",
    "Result",
]

_COUNT = Integer()
CHOICE = ChoiceOf(Choice, "choice")


@dataclass(frozen=True, slots=True, kw_only=True)
class Result:
    """What the spell, permanent or ability is and does.

    >>> Result(kind=ResultKind.SPELL, damage=4).to_dict()
    {'kind': 'spell', 'kicked': False, 'counters': {}, 'damage': 4, 'copy_of': None, 'copies': 0}
    """

    kind: ResultKind = field(metadata=json_field(ChoiceOf(ResultKind, "result kind")))
    kicked: bool = field(default=False, metadata=json_field(BOOLEAN))
    counters: tuple[tuple[str, int], ...] = field(
        default=(), metadata=json_field(COUNTERS, description="Counters it enters with.")
    )
    damage: int | None = field(
        default=None, metadata=json_field(Nullable(_COUNT), description="Damage it deals.")
    )
    copy_of: str | None = field(
        default=None,
        metadata=json_field(
            Nullable(STRING),
            description="The stack id of the spell it is a copy of (a copy's X, kicker and "
            "modes are the original's, 707.10); null when it is no copy.",
        ),
    )
    copies: int = field(
        default=0,
        metadata=json_field(
            _COUNT,
            description="The copies of the spell its casting creates: one per replicate "
            "payment, one for casualty, one for conspire (702.56a, 702.153a, 702.78a).",
        ),
    )
    _json: dict[str, object] | None = field(default=None, init=False, repr=False, compare=False)

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form."""
        return _dict(RESULT.write(self))


RESULT: Record[Result] = Record(Result, name="Result", sparse=False)


@dataclass(frozen=True, slots=True)
class ClauseReport:
    """One clause of the card's text and whether it applies here.

    >>> report = ClauseReport(text="Draw a card.", applies=True, condition=Condition.KICKED)
    >>> report.to_dict()["condition"], report.to_dict()["reading"]
    ('kicked', 'effect')
    """

    text: str = field(metadata=json_field(STRING))
    applies: bool = field(metadata=json_field(BOOLEAN))
    condition: Condition = field(
        metadata=json_field(ChoiceOf(Condition, "condition"), required_in_schema=False)
    )
    mode: int | None = field(
        default=None,
        metadata=json_field(
            Nullable(_COUNT),
            required_in_schema=False,
            description="The mode it belongs to (0-based), null outside the modes.",
        ),
    )
    reading: Reading = field(
        default=Reading.EFFECT,
        metadata=json_field(
            ChoiceOf(Reading, "reading"),
            required_in_schema=False,
            description="casting: casting text the engine models; effect: what it does, no "
            "bearing on casting; unknown: not understood.",
        ),
    )
    _json: dict[str, object] | None = field(default=None, init=False, repr=False, compare=False)

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form."""
        return _dict(CLAUSE.write(self))


CLAUSE: Record[ClauseReport] = Record(
    ClauseReport, name="Clause", sparse=False, description="A clause of the card's text."
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """The frozen record of an action: legal or not and why, costs, payment, result, trace.

    >>> Outcome(kind=ActionKind.TURN_FACE_UP).legal
    True
    """

    kind: ActionKind
    violations: tuple[Violation, ...] = field(
        default=(), metadata=json_field(ListOf(VIOLATION, max_items=None), required_in_schema=True)
    )
    card: str | None = field(
        default=None,
        metadata=json_field(Nullable(STRING), description="The English name of the card."),
    )
    mana_value: int | None = field(
        default=None,
        metadata=json_field(
            Nullable(_COUNT), description="On the stack, X being announced (202.3e)."
        ),
    )
    total_cost: TotalCost | None = None
    payment: Payment | None = field(default=None, metadata=json_field(Nullable(PAYMENT)))
    kicked_with: tuple[int, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(_COUNT, max_items=None), description="Times each kicker cost was paid."
        ),
    )
    split_second: bool = field(default=False, metadata=json_field(BOOLEAN, required_in_schema=True))
    targets_required: int = field(default=0, metadata=json_field(_COUNT))
    result: Result | None = field(default=None, metadata=json_field(Nullable(RESULT)))
    clauses: tuple[ClauseReport, ...] = field(
        default=(), metadata=json_field(ListOf(CLAUSE, max_items=None))
    )
    trace: tuple[Step, ...] = field(
        default=(), metadata=json_field(ListOf(STEP, max_items=None), required_in_schema=True)
    )
    not_understood: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(STRING, max_items=None),
            description="Text the engine did not understand: the card's, and casting text of "
            "permanents that could bear on this action (named 'Card: text').",
        ),
    )
    missing: tuple[Choice, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(CHOICE, max_items=None),
            required_in_schema=True,
            description="What the action still needs to be chosen; not empty means not "
            "legal, with a 601.2b or 601.2c violation for each.",
        ),
    )
    modelled: bool = field(
        default=True,
        metadata=json_field(
            BOOLEAN,
            required_in_schema=True,
            description="False when text the engine does not model (listed in not_understood) "
            "could change this answer: it is legal, or not, as far as modelled.",
        ),
    )
    alternative_cost: str | None = field(
        default=None,
        metadata=json_field(
            Nullable(STRING),
            description="The alternative cost paid instead of the mana cost: 'printed', "
            "'printed:2', or an effect's in mana notation; null for the mana cost.",
        ),
    )
    optional_costs: tuple[tuple[str, int], ...] = field(
        default=(),
        metadata=json_field(
            OPTIONAL_COUNTS,
            required_in_schema=True,
            description="The optional additional costs paid and how many times (buyback, "
            "entwine, escalate, replicate, casualty, conspire, splice), 601.2b.",
        ),
    )
    mana_spent: ManaSpent | None = field(
        default=None,
        metadata=json_field(
            Nullable(MANA_SPENT),
            description="The mana the payment spends, when the card's text reads it (the "
            "colors or amount spent, adamant, mana from a Treasure, {S} spent); else null.",
        ),
    )

    @property
    def legal(self) -> bool:
        """Whether the action is legal: no violation.

        >>> from engine.messages import MessageCode
        >>> Outcome(kind=ActionKind.CAST,
        ...     violations=(Violation.of("1", MessageCode.NO_SUCH_PERMANENT),)).legal
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

        >>> sorted(Outcome(kind=ActionKind.TURN_FACE_UP).to_dict())[:3]
        ['additional_costs', 'alternative_cost', 'card']
        """
        return _dict(RESPONSE.write(self))


def _total(outcome: Outcome) -> TotalCost | None:
    return outcome.total_cost


RESPONSE: Record[Outcome] = Record(
    Outcome,
    name="EvaluateResponse",
    description="The answer; 200 also when the action is illegal.",
    sparse=False,
    before=(Computed("legal", BOOLEAN, lambda o: o.legal),),
    computed=(
        Computed(
            "total_cost",
            Nullable(STRING),
            lambda o: str(o.total_cost.mana) if o.total_cost is not None else None,
            description="The locked-in total cost (601.2f).",
            required=False,
        ),
        Computed(
            "additional_costs",
            ListOf(STRING, max_items=None),
            lambda o: o.total_cost.actions if o.total_cost is not None else (),
            description="Its parts that are not mana, as printed.",
            required=False,
        ),
        Computed(
            "cost_steps",
            ListOf(COST_STEP, max_items=None),
            lambda o: o.total_cost.steps if o.total_cost is not None else (),
            required=False,
        ),
        Computed("kicked", BOOLEAN, lambda o: o.kick_count > 0),
        Computed("kick_count", _COUNT, lambda o: o.kick_count),
    ),
)


def _dict(value: object) -> dict[str, object]:
    assert isinstance(value, dict)
    return value


def _schema() -> dict[str, Any]:
    defs: dict[str, Any] = {}
    top = RESPONSE.object_schema(defs)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **top, "$defs": defs}


RESPONSE_SCHEMA: dict[str, Any] = _schema()
"""The JSON Schema (2020-12) of an answer: named parts under ``$defs``."""


class IllegalActionError(EngineError):
    """An action the rules forbid; ``violations`` says why, each with its rule, and
    ``outcome`` is the record of the attempt (when there is one).

    >>> from engine.explain import Violation
    >>> from engine.messages import MessageCode
    >>> violation = Violation.of("602.2", MessageCode.NO_SUCH_PERMANENT)
    >>> error = IllegalActionError((violation,))
    >>> error.violations[0].rule, str(error)
    ('602.2', '602.2: There is no such permanent.')
    """

    def __init__(self, violations: Iterable[Violation], *, outcome: Outcome | None = None) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        self.outcome = outcome
        super().__init__("; ".join(f"{v.rule}: {v.message}" for v in self.violations))
