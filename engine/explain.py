"""Records that explain a decision, each citing its rule, each saying it as a :class:`Message`.

>>> step = Step.of("601.2f", MessageCode.COST_TOTAL, cost="{R}")
>>> step.to_dict()["text"], step.to_dict()["code"], step.to_dict()["params"]
('Total cost {R} locked in', 'cost_total', {'cost': '{R}'})
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from engine.codec import STRING, Codec, Computed, Record, json_field
from engine.contract import Player
from engine.messages import Message, MessageCode, Param

# --- How a message is written in an answer: its English, its code, its parameters --------


@dataclass(frozen=True)
class MessageText(Codec[Message]):
    """A message in an answer, written in plain English (its code and parameters beside it)."""

    write = staticmethod(Message.__str__)  # type: ignore[assignment]

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "description": "In English."}


MESSAGE = MessageText()


class _MessageCode(Codec[str]):
    writes_as_is = True

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "string",
            "enum": [code.value for code in MessageCode],
            "description": "What the message says, stable across wordings and languages.",
        }


class _MessageParams(Codec[Message]):
    write = staticmethod(Message.params_json)  # type: ignore[assignment]

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        card = {
            "type": "object",
            "required": ["card"],
            "properties": {"card": {"type": "string"}, "name_fr": {"type": "string"}},
        }
        obj = {
            "type": "object",
            "required": ["id", "card"],
            "properties": {
                "id": {"type": "string"},
                "card": {"type": ["string", "null"]},
                "name_fr": {"type": "string"},
            },
        }
        player = {"type": "object", "required": ["player"], "properties": {"player": _PLAYER}}
        ruling = {"type": "object", "required": ["ruling"], "properties": {"ruling": _STRING}}
        one = [_STRING, {"type": "integer"}, card, obj, player, ruling]
        return {
            "type": "object",
            "description": (
                "The message's parameters by name: text, numbers, cards ({card, name_fr}), "
                "the board's objects ({id, card, name_fr}), players ({player}), quoted "
                "rulings ({ruling}), or lists of them."
            ),
            "additionalProperties": {"anyOf": [*one, {"type": "array", "items": {"anyOf": one}}]},
        }


_STRING = {"type": "string"}
_PLAYER = {"type": "string", "enum": [player.value for player in Player]}
MESSAGE_CODE = _MessageCode()
MESSAGE_PARAMS = _MessageParams()


def translations(key: str) -> dict[str, Any]:
    """Schema keywords allowing ``<key>_<language>`` renderings beside ``key`` (message_fr)."""
    return {
        "patternProperties": {
            f"^{key}_[a-z]{{2}}$": {
                "type": "string",
                "description": f"The {key} in another language, added by a site that "
                "translates the code and parameters (rulesite adds French).",
            }
        }
    }


__all__ = ["COST_STEP", "STEP", "VIOLATION", "CostStep", "Step", "Violation"]

_RULE = json_field(
    STRING, description="Comprehensive Rules number", examples=["702.61a"], required_in_schema=True
)


def _said(key: str) -> tuple[Computed, Computed]:
    """The code and parameters of the message written under ``key``."""
    return (
        Computed("code", MESSAGE_CODE, attrgetter(f"{key}.code._value_"), required=False),
        Computed("params", MESSAGE_PARAMS, attrgetter(key), required=False),
    )


@dataclass(frozen=True, slots=True)
class Violation:
    """Why an action is illegal: the rule it breaks and what to say.

    >>> violation = Violation.of("307.1", MessageCode.NOT_YOUR_TURN, card="Shock")
    >>> violation.rule, str(violation.message)
    ('307.1', 'Shock can be cast only during your own turn.')
    """

    rule: str = field(metadata=_RULE)
    message: Message = field(metadata=json_field(MESSAGE, required_in_schema=True))
    _json: dict[str, object] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, rule: str, code: MessageCode, /, **params: Param) -> Violation:
        """The violation of ``rule``, said by ``code`` with ``params`` (memoized)."""
        return _violation(rule, code, tuple(params.items()))

    @property
    def code(self) -> MessageCode:
        """The message's code.

        >>> Violation.of("602.2", MessageCode.NO_SUCH_PERMANENT).code
        <MessageCode.NO_SUCH_PERMANENT: 'no_such_permanent'>
        """
        return self.message.code

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form: the rule, the English message, its code and parameters.

        >>> Violation.of("602.2", MessageCode.NO_SUCH_PERMANENT).to_dict()["message"]
        'There is no such permanent.'
        """
        return _dict(VIOLATION.write(self))


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the explanation trace, citing the rule (and ruling) that decides it.

    >>> str(Step.of("601.2i", MessageCode.CAST_COMPLETE, card="Shock").text)
    'Shock becomes cast.'
    """

    rule: str = field(metadata=_RULE)
    text: Message = field(metadata=json_field(MESSAGE, required_in_schema=True))
    _json: dict[str, object] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, rule: str, code: MessageCode, /, **params: Param) -> Step:
        """The step under ``rule``, said by ``code`` with ``params`` (memoized)."""
        return _step(rule, code, tuple(params.items()))

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form: the rule, the English text, its code and parameters.

        >>> Step.of("601.2g", MessageCode.MANA_ABILITIES_FIRST).to_dict()["code"]
        'mana_abilities_first'
        """
        return _dict(STEP.write(self))


@dataclass(frozen=True, slots=True)
class CostStep:
    """One step of the total cost computation (CR 601.2f) and the running total after it.

    >>> step = CostStep.of("601.2f", "{R}", MessageCode.COST_MANA, cost="{R}")
    >>> str(step.label), step.cost
    ('Mana cost {R}', '{R}')
    """

    rule: str = field(metadata=_RULE)
    label: Message = field(metadata=json_field(MESSAGE, required_in_schema=True))
    cost: str = field(
        metadata=json_field(
            STRING, description="Running total after this step.", required_in_schema=True
        )
    )
    _json: dict[str, object] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, rule: str, cost: str, code: MessageCode, /, **params: Param) -> CostStep:
        """The step under ``rule`` reaching ``cost``, labelled by ``code`` with ``params``
        (memoized)."""
        return _cost_step(rule, cost, code, tuple(params.items()))

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form: the rule, the English label, the running total, code, params.

        >>> CostStep.of("601.2f", "{0}", MessageCode.COST_TOTAL, cost="{0}").to_dict()["label"]
        'Total cost {0} locked in'
        """
        return _dict(COST_STEP.write(self))


# The same sentences come back answer after answer: each is built, and its English and JSON
# rendered, once.
@functools.lru_cache(maxsize=4096)
def _violation(rule: str, code: MessageCode, params: tuple[tuple[str, Param], ...]) -> Violation:
    return Violation(rule, Message(code, params))


@functools.lru_cache(maxsize=4096)
def _step(rule: str, code: MessageCode, params: tuple[tuple[str, Param], ...]) -> Step:
    return Step(rule, Message(code, params))


@functools.lru_cache(maxsize=4096)
def _cost_step(
    rule: str, cost: str, code: MessageCode, params: tuple[tuple[str, Param], ...]
) -> CostStep:
    return CostStep(rule, Message(code, params), cost)


def _dict(value: object) -> dict[str, object]:
    assert isinstance(value, dict)
    return value


VIOLATION: Record[Violation] = Record(
    Violation, name="Violation", sparse=False, computed=_said("message"),
    extra_schema=translations("message"),
)  # fmt: skip
STEP: Record[Step] = Record(
    Step, name="TraceStep", sparse=False, computed=_said("text"), extra_schema=translations("text")
)
COST_STEP: Record[CostStep] = Record(
    CostStep, name="CostStep", sparse=False, computed=_said("label"),
    extra_schema=translations("label"),
)  # fmt: skip
