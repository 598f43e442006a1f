"""Bounded work: requests past the engine's limits are refused where they are parsed, with a
message that names the limit (engine.contract: MAX_COST_INCREASES, MAX_COST_SYMBOLS)."""

from __future__ import annotations

import pytest

from engine import RequestError
from engine.contract import MAX_COST_INCREASES, MAX_COST_SYMBOLS
from tests.engine.cards import evaluate


def _errors(action: dict[str, object]) -> list[tuple[str, str]]:
    with pytest.raises(RequestError) as caught:
        evaluate({"action": {"kind": "cast", "card": "Shock", **action}, "assume_mana": True})
    return [(e.field, e.message) for e in caught.value.errors]


def test_cost_increases_beyond_the_limit_are_refused() -> None:
    errors = _errors({"cost_increases": ["{1}"] * (MAX_COST_INCREASES + 1)})

    assert errors == [("action.cost_increases", f"has more than {MAX_COST_INCREASES} items")]


def test_cost_reductions_beyond_the_limit_are_refused() -> None:
    errors = _errors({"cost_reductions": ["{1}"] * (MAX_COST_INCREASES + 1)})

    assert errors == [("action.cost_reductions", f"has more than {MAX_COST_INCREASES} items")]


def test_mana_symbols_beyond_the_limit_are_refused() -> None:
    errors = _errors({"cost_increases": ["{2/W}" * 30, "{2/U}" * 11]})

    assert errors == [
        (
            "action.cost_increases",
            f"the alternative cost, cost increases and reductions hold 41 mana symbols; "
            f"at most {MAX_COST_SYMBOLS}",
        )
    ]


def test_requests_at_the_limits_are_answered() -> None:
    increases = ["{2/W}" * 4] * MAX_COST_INCREASES

    response = evaluate({"action": {"kind": "cast", "card": "Shock", "cost_increases": increases}})

    assert response["legal"] is False
    assert response["total_cost"].count("{2/W}") == MAX_COST_SYMBOLS
