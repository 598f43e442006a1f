"""Clarifications said once: the same clarification published again (a later date, typographic
quotes where there were straight ones) is shown once, as its newest publication.

>>> import datetime
>>> from typing import NamedTuple
>>> class Said(NamedTuple):
...     published_on: datetime.date
...     text_en: str
...     text_fr: str
>>> older = Said(datetime.date(2021, 3, 19), "You can't kick it twice.", "")
>>> newer = Said(datetime.date(2024, 1, 12), "You can’t kick it twice.", "Vous ne pouvez pas.")
>>> said_once([newer, older]) == [newer]
True
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Protocol, TypeVar

__all__ = ["said_once", "sameness"]


class Published(Protocol):
    @property
    def published_on(self) -> datetime.date: ...

    @property
    def text_en(self) -> str: ...

    @property
    def text_fr(self) -> str: ...


P = TypeVar("P", bound=Published)

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def sameness(text: str) -> str:
    """What two publications of one clarification share: the words, whatever the quotation
    marks, the case and the spacing."""
    return " ".join(text.translate(_QUOTES).casefold().split())


def said_once(rulings: Iterable[P]) -> list[P]:
    """``rulings`` in their order, each clarification once: of its publications, the newest,
    and among those of one day a translated one."""
    best: dict[str, P] = {}
    order: list[str] = []
    for ruling in rulings:
        key = sameness(ruling.text_en)
        kept = best.get(key)
        if kept is None:
            order.append(key)
            best[key] = ruling
        elif (ruling.published_on, bool(ruling.text_fr)) > (kept.published_on, bool(kept.text_fr)):
            best[key] = ruling
    return [best[key] for key in order]
