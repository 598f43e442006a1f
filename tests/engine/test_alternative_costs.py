"""Alternative costs printed on the card (CR 118.9): "You may [cost] rather than pay this
spell's mana cost", announced in 601.2b by the request's ``alternative_cost`` ("printed" for
the first, "printed:2" for the second), their conditions, and the cards with no mana cost
(118.6)."""

from __future__ import annotations

import pytest

from engine import FieldError, RequestError
from tests.engine.cards import evaluate, rules_of

SHOCK = {"id": "s1", "card": "Shock", "controller": "opponent", "targets": ["you"]}
BLUE = {"id": "h1", "card": "Counterspell"}


def cast(name: str, board: dict[str, object] | None = None, **action: object) -> dict[str, object]:
    return evaluate({**(board or {}), "action": {"kind": "cast", "card": name, **action}})


def test_118_9_force_of_will_by_its_alternative_cost_with_one_island() -> None:
    board = {"hand": [BLUE], "battlefield": [{"id": "i1", "card": "Island"}], "stack": [SHOCK]}

    response = cast(
        "Force of Will", board, alternative_cost="printed", exile=["h1"], targets=["s1"]
    )

    assert (response["legal"], response["alternative_cost"], response["total_cost"]) == (
        True,
        "printed",
        "{0}",
    )
    assert response["additional_costs"] == ["Pay 1 life", "Exile a blue card from your hand"]
    assert (response["payment"]["life"], response["payment"]["exile"]) == (1, ["h1"])  # type: ignore[index]
    assert response["mana_value"] == 5  # 118.9c: the mana cost stays {3}{U}{U}


def test_118_9_force_of_will_paying_its_mana_cost_with_one_island_is_not_payable() -> None:
    board = {"battlefield": [{"id": "i1", "card": "Island"}], "stack": [SHOCK]}

    response = cast("Force of Will", board, targets=["s1"])

    assert (rules_of(response), response["alternative_cost"]) == (("601.2h",), None)


def test_118_9_the_card_exiled_must_be_blue_and_in_your_hand() -> None:
    board = {"hand": [{"id": "h1", "card": "Shock"}], "stack": [SHOCK]}

    response = cast(
        "Force of Will", board, alternative_cost="printed", exile=["h1"], targets=["s1"]
    )

    codes = [v["code"] for v in response["violations"]]  # type: ignore[union-attr]
    assert (rules_of(response), codes) == (
        ("118.3", "118.3"),
        ["cost_unpayable", "cost_object_unfit"],
    )


def test_601_2b_force_of_will_asks_which_blue_card_to_exile() -> None:
    board = {"hand": [BLUE], "stack": [SHOCK]}

    response = cast("Force of Will", board, alternative_cost="printed", targets=["s1"])

    assert response["missing"] == ["exile"]


def test_119_4_force_of_will_needs_a_life_to_pay() -> None:
    board = {"hand": [BLUE], "stack": [SHOCK], "life": {"you": 0}}

    response = cast(
        "Force of Will", board, alternative_cost="printed", exile=["h1"], targets=["s1"]
    )

    assert rules_of(response) == ("119.4",)


def test_118_9_gush_returns_two_islands_you_control() -> None:
    islands = [{"id": "i1", "card": "Island"}, {"id": "i2", "card": "Island"}]

    one = cast(
        "Gush", {"battlefield": islands[:1]}, alternative_cost="printed", **{"return": ["i1"]}
    )
    two = cast(
        "Gush", {"battlefield": islands}, alternative_cost="printed", **{"return": ["i1", "i2"]}
    )

    assert (rules_of(one), two["legal"], two["payment"]["return"]) == (  # type: ignore[index]
        ("118.3",),
        True,
        ["i1", "i2"],
    )


def test_118_9_fireblast_sacrifices_two_mountains() -> None:
    board = {"battlefield": [{"id": "m1", "card": "Mountain"}, {"id": "m2", "card": "Mountain"}]}

    response = cast(
        "Fireblast", board, alternative_cost="printed", sacrifice=["m1", "m2"], targets=["you"]
    )

    assert (response["legal"], response["result"]["damage"]) == (True, 4)  # type: ignore[index]


def test_118_9_an_alternative_cost_with_a_condition_is_available_only_when_it_holds() -> None:
    # Snuff Out: "If you control a Swamp, you may pay 4 life rather than pay this spell's
    # mana cost."
    target = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}

    without = cast(
        "Snuff Out", {"battlefield": [target]}, alternative_cost="printed", targets=["c1"]
    )
    swamp = {"battlefield": [target, {"id": "w1", "card": "Swamp"}]}
    with_swamp = cast("Snuff Out", swamp, alternative_cost="printed", targets=["c1"])

    assert rules_of(without) == ("118.9",)
    assert (with_swamp["legal"], with_swamp["payment"]["life"]) == (True, 4)  # type: ignore[index]


def test_118_9_its_not_your_turn_condition_reads_the_turn() -> None:
    # Mine Collapse: "If it's your turn, you may sacrifice a Mountain rather than pay …"
    board = {
        "battlefield": [
            {"id": "m1", "card": "Mountain"},
            {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"},
        ]
    }
    action = {"alternative_cost": "printed", "sacrifice": ["m1"], "targets": ["c1"]}

    mine = cast("Mine Collapse", board, **action)
    theirs = cast("Mine Collapse", {**board, "turn": {"active_player": "opponent"}}, **action)

    assert (mine["legal"], rules_of(theirs)) == (True, ("118.9",))


def test_118_9_an_unknown_alternative_cost_name_is_a_request_error() -> None:
    with pytest.raises(RequestError) as caught:
        evaluate(
            {"action": {"kind": "cast", "card": "Force of Will", "alternative_cost": "printed:2"}}
        )

    assert caught.value.errors == (
        FieldError(
            "action.alternative_cost",
            "Force of Will has no alternative cost 'printed:2'; it has printed",
        ),
    )


def test_118_9_a_card_without_one_has_no_printed_alternative_cost() -> None:
    with pytest.raises(RequestError) as caught:
        evaluate({"action": {"kind": "cast", "card": "Shock", "alternative_cost": "printed"}})

    assert caught.value.errors[0].message == "Shock has no alternative cost 'printed' of its own"


def test_118_9_an_effects_alternative_cost_in_mana_is_still_accepted() -> None:
    response = evaluate(
        {
            "action": {
                "kind": "cast",
                "card": "Shock",
                "alternative_cost": "{0}",
                "targets": ["you"],
            },
        }
    )

    assert (response["legal"], response["alternative_cost"], response["total_cost"]) == (
        True,
        "{0}",
        "{0}",
    )


def test_118_6_a_card_with_no_mana_cost_cant_be_cast_for_it() -> None:
    # Ancestral Vision: no mana cost (suspend only)
    response = evaluate(
        {"action": {"kind": "cast", "card": "Ancestral Vision", "targets": ["you"]}}
    )

    assert "118.6" in rules_of(response)
