"""The engine's exceptions: one family under EngineError (a ValueError).

>>> issubclass(InvalidNotationError, EngineError) and issubclass(EngineError, ValueError)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "EngineError",
    "FieldError",
    "InvalidNotationError",
    "RequestError",
]


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose."""


class InvalidNotationError(EngineError):
    """Malformed notation, such as a mana cost written ``{Q}`` or ``{2``.

    >>> raise InvalidNotationError("invalid mana symbol '{Q}' in '{Q}'")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidNotationError: invalid mana symbol '{Q}' in '{Q}'
    """


@dataclass(frozen=True, slots=True)
class FieldError:
    """One problem in a request, located by its field path (``path``: the same, as keys and
    list positions, for programs that place the error, such as a form).

    >>> FieldError(field="action.kicker", message="must be a list", path=("action", "kicker"))
    FieldError(field='action.kicker', message='must be a list')
    """

    field: str
    message: str
    path: tuple[str | int, ...] = dataclasses.field(default=(), repr=False, compare=False)

    def to_dict(self) -> dict[str, str]:
        """Return the JSON form.

        >>> FieldError(field="x", message="bad").to_dict()
        {'field': 'x', 'message': 'bad'}
        """
        return {"field": self.field, "message": self.message}


class RequestError(EngineError):
    """A malformed request; ``errors`` lists every problem found.

    >>> error = RequestError([FieldError(field="action", message="is required")])
    >>> error.errors
    (FieldError(field='action', message='is required'),)
    >>> str(error)
    'action: is required'
    """

    def __init__(self, errors: Iterable[FieldError]) -> None:
        self.errors: tuple[FieldError, ...] = tuple(errors)
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in self.errors))
