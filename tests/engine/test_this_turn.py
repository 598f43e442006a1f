"""What happened earlier in the turn (``this_turn``): a board holds no history, so the request
says it; conditions on it are checked like the board's (601.3)."""

from __future__ import annotations

import pytest

from engine import Request, RequestError
from tests.engine.cards import CATALOG, evaluate, rules_of

CONDOR = "Skyshroud Condor"


def cast(name: str, board: dict[str, object] | None = None) -> dict[str, object]:
    return evaluate(
        {**(board or {}), "action": {"kind": "cast", "card": name}, "assume_mana": True}
    )


def test_601_3_cast_only_if_you_cast_another_spell_this_turn_is_unmet_on_a_fresh_turn() -> None:
    response = cast(CONDOR)

    assert (rules_of(response), response["modelled"]) == (("601.3",), True)


def test_601_3_cast_only_if_you_cast_another_spell_this_turn_is_met_after_a_spell() -> None:
    response = cast(CONDOR, {"this_turn": {"spells_cast": {"you": 1}}})

    assert (response["legal"], response["modelled"]) == (True, True)


def test_601_3_spells_the_opponent_cast_are_not_yours() -> None:
    response = cast(CONDOR, {"this_turn": {"spells_cast": {"opponent": 2}}})

    assert rules_of(response) == ("601.3",)


def test_this_turn_round_trips_and_leaves_out_its_defaults() -> None:
    data = {
        "hand": [{"id": "h1", "card": "Shock"}],
        "exile": [{"id": "e1", "card": "Shock"}],
        "this_turn": {
            "life_lost": {"opponent": 3},
            "spells_cast": {"you": 1},
            "combat_damage_by_types": ["Rogue"],
            "first_card_drawn": "h1",
            "foretold_this_turn": ["e1"],
        },
        "action": {"kind": "cast", "card": "Shock"},
    }

    request = Request.from_dict(data, CATALOG)

    assert request.to_dict() == data
    assert request.board.this_turn.dealt_combat_damage(frozenset({"rogue"}))
    empty = {**data, "this_turn": {"life_lost": {"you": 0}}}
    assert "this_turn" not in Request.from_dict(empty, CATALOG).to_dict()


@pytest.mark.parametrize(
    ("this_turn", "field"),
    [
        ({"first_card_drawn": "e1"}, "this_turn.first_card_drawn"),
        ({"foretold_this_turn": ["h1"]}, "this_turn.foretold_this_turn[0]"),
        ({"life_lost": {"opponent": -1}}, "this_turn.life_lost.opponent"),
        ({"spells_cast": {"nobody": 1}}, "this_turn.spells_cast.nobody"),
    ],
)
def test_this_turn_ids_name_cards_of_their_zone(this_turn: dict[str, object], field: str) -> None:
    data = {
        "hand": [{"id": "h1", "card": "Shock"}],
        "exile": [{"id": "e1", "card": "Shock"}],
        "this_turn": this_turn,
        "action": {"kind": "cast", "card": "Shock"},
    }

    with pytest.raises(RequestError) as raised:
        Request.from_dict(data, CATALOG)

    assert [error.field for error in raised.value.errors] == [field]


def test_118_9_submerge_is_free_if_an_opponent_controls_a_forest_and_you_an_island() -> None:
    forest = {"id": "f1", "card": "Forest", "controller": "opponent"}
    island = {"id": "i1", "card": "Island"}
    bears = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}

    both = evaluate_cast("Submerge", {"battlefield": [forest, island, bears]}, "printed", ["c1"])
    one = evaluate_cast("Submerge", {"battlefield": [forest, bears]}, "printed", ["c1"])

    assert (both["legal"], both["total_cost"], both["modelled"]) == (True, "{0}", True)
    assert rules_of(one) == ("118.9",)


def test_118_9_mindbreak_trap_is_free_after_an_opponent_cast_three_spells() -> None:
    stack = [{"id": "s1", "card": "Shock", "controller": "opponent", "targets": ["you"]}]
    three = {"stack": stack, "this_turn": {"spells_cast": {"opponent": 3}}}
    two = {"stack": stack, "this_turn": {"spells_cast": {"opponent": 2}}}

    after_three = evaluate_cast("Mindbreak Trap", three, "printed", ["s1"])
    after_two = evaluate_cast("Mindbreak Trap", two, "printed", ["s1"])

    assert (after_three["legal"], after_three["total_cost"]) == (True, "{0}")
    assert rules_of(after_two) == ("118.9",)


def evaluate_cast(
    name: str, board: dict[str, object], alternative: str, targets: list[str]
) -> dict[str, object]:
    action = {"kind": "cast", "card": name, "alternative_cost": alternative, "targets": targets}
    return evaluate({**board, "action": action})
