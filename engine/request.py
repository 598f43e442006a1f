"""The evaluate request as a typed value: a board and an action, read from JSON and written
back (``POST /api/v1/evaluate``), described by :data:`REQUEST_SCHEMA`.

Every problem is collected with its field path and raised together as :class:`RequestError`;
nothing else escapes. Unknown keys are rejected. The fields themselves are declared once, on
the dataclasses (:mod:`engine.board`, :mod:`engine.actions`); this module puts them together.

>>> from engine.catalog import DictCatalog
>>> request = Request.from_dict({"action": {"kind": "put_trigger_on_stack"}}, DictCatalog([]))
>>> request.action.kind
<ActionKind.PUT_TRIGGER_ON_STACK: 'put_trigger_on_stack'>
>>> request.to_dict()
{'action': {'kind': 'put_trigger_on_stack'}}
>>> try:
...     Request.from_dict({"action": {"kind": "fly"}}, DictCatalog([]))
... except RequestError as error:
...     print(error.errors[0].field)
action.kind
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import ACTION, Action
from engine.board import BOARD, Board
from engine.catalog import Catalog
from engine.codec import BOOLEAN, INVALID, Reader, Record, _Invalid
from engine.errors import RequestError

__all__ = ["REQUEST_SCHEMA", "Request"]

_ASSUME_MANA = "assume_mana"
_ACTION = "action"
_KEYS = BOARD.keys | {_ACTION, _ASSUME_MANA}


@dataclass(frozen=True, slots=True, kw_only=True)
class Request:
    """A board and the action to judge on it; ``assume_mana`` travels on the action.

    >>> from engine import ActionKind
    >>> Request(action=Action(kind=ActionKind.CAST)).board.stack
    ()
    """

    action: Action
    board: Board = field(default_factory=Board)

    @classmethod
    def from_dict(cls, data: object, catalog: Catalog) -> Request:
        """Read a request (JSON-ready dict), card names found in ``catalog``.

        :raises RequestError: with every error found.
        """
        reader = Reader(catalog)
        top = Record.mapping(data, reader, (), _KEYS)
        if top is None:
            raise RequestError(reader.errors)
        values = BOARD.read_fields(top, reader, ())
        board = BOARD.partial(values) if reader.errors else Board(**values)
        reader.context["ids"] = board.ids
        reader.context["board"] = board
        assume = BOOLEAN.read(top.get(_ASSUME_MANA, False), reader, (_ASSUME_MANA,))
        action: Action | _Invalid = INVALID
        if _ACTION not in top:
            reader.error((_ACTION,), "is required")
        else:
            action = ACTION.read(top[_ACTION], reader, (_ACTION,))
        if reader.errors or not isinstance(action, Action):
            raise RequestError(reader.errors)
        if assume is True:
            action = replace(action, assume_mana=True)
        return cls(action=action, board=board)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: only what differs from the defaults.

        >>> from engine import ActionKind
        >>> Request(action=Action(kind=ActionKind.CAST, assume_mana=True)).to_dict()
        {'action': {'kind': 'cast'}, 'assume_mana': True}
        """
        data = BOARD.write(self.board)
        assert isinstance(data, dict)
        data[_ACTION] = ACTION.write(self.action)
        if self.action.assume_mana:
            data[_ASSUME_MANA] = True
        return data


def _schema() -> dict[str, Any]:
    defs: dict[str, Any] = {}
    board = BOARD.object_schema(defs)
    properties = {
        _ACTION: ACTION.schema(defs),
        **board["properties"],
        _ASSUME_MANA: {
            "type": "boolean",
            "default": False,
            "description": "Any mana is available; payment is not judged.",
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "description": "A scenario: a board, a stack, a turn and the action to judge.",
        "required": [_ACTION],
        "additionalProperties": False,
        "properties": properties,
        "$defs": defs,
    }


REQUEST_SCHEMA: dict[str, Any] = _schema()
"""The JSON Schema (2020-12) of a request: named parts under ``$defs``."""
