"""Where rulesite asks the engine: :func:`evaluate` answers a request, for every caller — the
workbench page, ``POST /api/v1/evaluate``, scenario submission and preview,
``recheck_scenarios`` and ``load_demo``.

A request is the JSON of ``/api/v1/evaluate`` (see ``docs/engine-contract.md``), or the
engine's typed :class:`engine.Request` built from it. Card names are found by one
:class:`~rulesite.cards.catalog.CardCatalog`, which the answer keeps for the pages that show
the cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import engine
from engine.contract import MAX_PERMANENTS, MAX_STACK
from rulesite.cards.catalog import CardCatalog
from rulesite.cards.models import Card
from rulesite.workbench.messages import add_translations

__all__ = ["Evaluation", "card_names", "evaluate", "read_request"]


def card_names(data: Mapping[str, Any]) -> Iterator[str]:
    """Every card name a request mentions: the action's card, the board's, the stack's (no
    more than a request may hold: a longer list is refused before any card is looked up)."""
    action = data.get("action")
    if isinstance(action, Mapping) and isinstance(action.get("card"), str):
        yield action["card"]
    for zone, limit in (("battlefield", MAX_PERMANENTS), ("stack", MAX_STACK)):
        rows = data.get(zone)
        if isinstance(rows, list) and len(rows) <= limit:
            for row in rows:
                if isinstance(row, Mapping) and isinstance(row.get("card"), str):
                    yield row["card"]


def read_request(data: object, *, catalog: CardCatalog | None = None) -> engine.Request:
    """The typed request of ``data``, its cards found in ``catalog`` (one or two queries).

    :raises engine.RequestError: for malformed input (each error names its field), including a
        card the engine can't read.
    """
    if not isinstance(data, Mapping):
        raise engine.RequestError(
            [engine.FieldError(field="body", message="the request must be a JSON object")]
        )
    catalog = catalog if catalog is not None else CardCatalog()
    catalog.preload(card_names(data))
    return engine.Request.from_dict(data, catalog)


@dataclass(frozen=True)
class Evaluation:
    """The engine's answer to a request, with the card rows it was built from."""

    request: engine.Request
    outcome: engine.Outcome
    catalog: CardCatalog = field(repr=False, compare=False)

    @cached_property
    def answer(self) -> dict[str, Any]:
        """The JSON answer, with the French of every sentence beside the English."""
        return add_translations(self.outcome.to_dict(), self.outcome)

    def card(self, name: str | None) -> Card | None:
        """The card row of a card named in the request or the answer."""
        return self.catalog.card(name) if name else None

    def row(self, definition: engine.CardDefinition | None) -> Card | None:
        """The card row the engine read ``definition`` from."""
        return self.catalog.row(definition) if definition is not None else None

    @property
    def acted_on(self) -> engine.CardDefinition | None:
        """The card the answer is about (``outcome.card``): the card cast or put onto the
        battlefield, the spell copied, the permanent whose ability it is."""
        board, action = self.request.board, self.request.action
        if self.outcome.card is None:
            return action.card
        candidates = [action.card, *(p.card for p in board.battlefield)]
        candidates += [s.card for s in board.stack]
        return next((c for c in candidates if c and c.name == self.outcome.card), None)


def evaluate(
    request: engine.Request | Mapping[str, Any], *, catalog: CardCatalog | None = None
) -> Evaluation:
    """Judge ``request``'s action on its board (legal or not, an answer either way).

    :raises engine.RequestError: for a malformed request (each error names its field).
    """
    catalog = catalog if catalog is not None else CardCatalog()
    if not isinstance(request, engine.Request):
        request = read_request(request, catalog=catalog)
    try:
        outcome = engine.judge(request.board, request.action)
    except engine.EngineError as exc:
        # Notation the engine rejects deep inside: still the request's problem, reported as
        # such rather than as a server error.
        raise engine.RequestError([engine.FieldError(field="", message=str(exc))]) from exc
    return Evaluation(request=request, outcome=outcome, catalog=catalog)
