"""Printed additional costs (CR 118.8): optional mana costs (118.8b), announced in 601.2b like
the keyword ones (``optional_costs: {"additional": n}``), the clauses that apply only when the
spell's additional cost was paid, and "put a -1/-1 counter on a creature you control" (the
request's ``counter`` list)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Request, RequestError
from tests.engine.cards import CATALOG, evaluate

BEARS = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}
CHALICE = {"id": "a1", "card": "Chalice of the Void"}


def cast(name: str, board: dict[str, Any] | None = None, **action: Any) -> Any:
    return evaluate(
        {"action": {"kind": "cast", "card": name, **action}, "assume_mana": True, **(board or {})}
    )


def applying(response: Any) -> list[str]:
    return [clause["text"] for clause in response["clauses"] if clause["applies"]]


def test_118_8b_a_printed_optional_mana_cost_is_added_when_announced() -> None:
    paid = cast("Undergrowth", optional_costs={"additional": 1})
    unpaid = cast("Undergrowth")

    assert (paid["legal"], paid["total_cost"], paid["optional_costs"]) == (
        True,
        "{2}{G}{R}",
        {"additional": 1},
    )
    assert (unpaid["total_cost"], unpaid["optional_costs"]) == ("{G}", {})
    assert "118.8b" in [step["rule"] for step in paid["cost_steps"]]
    assert paid["modelled"] is True


def test_118_8b_the_clause_if_the_additional_cost_was_paid_applies_only_then() -> None:
    clause = (
        "If this spell's additional cost was paid, this effect doesn't affect combat damage "
        "that would be dealt by red creatures."
    )

    assert clause in applying(cast("Undergrowth", optional_costs={"additional": 1}))
    assert clause not in applying(cast("Undergrowth"))


def test_118_8b_a_sacrificed_artifact_pays_the_cost_and_the_damage_is_the_paid_one() -> None:
    board = {"battlefield": [BEARS, CHALICE]}

    paid = cast("Voltage Surge", board, targets=["c1"], sacrifice=["a1"])
    unpaid = cast("Voltage Surge", board, targets=["c1"])

    assert (paid["legal"], paid["result"]["damage"]) == (True, 4)
    assert (unpaid["legal"], unpaid["result"]["damage"]) == (True, 2)
    assert paid["modelled"] is True


def test_118_8b_a_cost_paid_any_number_of_times_is_counted() -> None:
    response = cast("Taste of Paradise", optional_costs={"additional": 3})

    assert (response["legal"], response["total_cost"]) == (True, "{6}{G}{G}{G}{G}")
    assert response["optional_costs"] == {"additional": 3}


def test_118_8b_a_cost_without_any_number_of_times_is_paid_once_at_most() -> None:
    with pytest.raises(RequestError) as error:
        Request.from_dict(
            {
                "action": {
                    "kind": "cast",
                    "card": "Undergrowth",
                    "optional_costs": {"additional": 2},
                }
            },
            CATALOG,
        )
    assert error.value.errors[0].field == "action.optional_costs.additional"


MINE = {"id": "m1", "card": "Grizzly Bears"}


def test_118_8_a_minus_one_counter_cost_goes_on_a_creature_you_control() -> None:
    board = {"battlefield": [BEARS, MINE]}

    paid = cast("Lethal Sting", board, targets=["c1"], counter=["m1"])
    missing = cast("Lethal Sting", board, targets=["c1"])
    theirs = cast("Scarscale Ritual", board, counter=["c1"])

    assert (paid["legal"], paid["payment"]["counter"]) == (True, ["m1"])
    assert paid["modelled"] is True
    assert missing["missing"] == ["counter"]
    assert "cost_object_unfit" in [v["code"] for v in theirs["violations"]]


def test_118_3_a_minus_one_counter_cost_cant_be_paid_without_a_creature_you_control() -> None:
    response = cast("Scarscale Ritual", {"battlefield": [BEARS]})

    assert response["legal"] is False
    assert [(v["rule"], v["code"]) for v in response["violations"]] == [("118.3", "cost_unpayable")]
