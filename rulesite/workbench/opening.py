"""The bench "Cast this spell" opens: a first cast that answers with no set-up.

Any mana is assumed (:func:`rulesite.workbench.mapping.new_bench_data`, the result panel says
so and offers to put the lands to pay on the battlefield instead). A spell that needs a target
gets the opponent when the engine accepts the opponent as every target the spell needs; any
other spell keeps its targets to choose, and the engine's 601.2c prompt asks for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

import engine
from engine.contract import Choice, Player
from rulesite.cards.catalog import CardCatalog
from rulesite.workbench.mapping import Workbench, form_data, new_bench_data
from rulesite.workbench.services import evaluate

__all__ = ["FirstCast", "first_cast"]


@dataclass(frozen=True)
class FirstCast:
    """A new bench's data, and the target chosen for it (None: none was chosen)."""

    data: QueryDict
    target: Player | None = None


def _judged(request: dict[str, Any], catalog: CardCatalog) -> engine.Outcome | None:
    try:
        return evaluate(request, catalog=catalog).outcome
    except engine.RequestError:
        return None


def first_cast(card: str, *, catalog: CardCatalog) -> FirstCast:
    """A new bench casting ``card`` (its name as the form shows it), any mana assumed, the
    opponent targeted when that is all the spell needs to be cast."""
    data = new_bench_data(card)
    bench = Workbench(data, catalog=catalog)
    if not bench.is_valid():
        return FirstCast(data)
    request: dict[str, Any] = bench.request_data()
    outcome = _judged(request, catalog)
    if outcome is None or Choice.TARGETS not in outcome.missing:
        return FirstCast(data)
    request["action"]["targets"] = [Player.OPPONENT.value]
    targeted = _judged(request, catalog)
    if targeted is None or any(v.rule == engine.rules.TARGETS for v in targeted.violations):
        return FirstCast(data)
    return FirstCast(form_data(request), Player.OPPONENT)
