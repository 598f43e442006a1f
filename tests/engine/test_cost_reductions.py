"""Cost changes a card counts on the board (CR 601.2f): affinity (702.41a), undaunted
(702.125a) and "This spell costs {N} less to cast for each …", each in the cost steps with its
rule; a generic reduction never reduces colored mana (118.7a)."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import evaluate


def cast(name: str, **board: Any) -> dict[str, Any]:
    action = board.pop("action", {})
    response = evaluate(
        {"action": {"kind": "cast", "card": name, **action}, "assume_mana": True, **board}
    )
    assert response["modelled"] is True, response["not_understood"]
    return response


def artifacts(count: int, controller: str = "you") -> list[dict[str, str]]:
    return [
        {"id": f"a{i}", "card": "Everflowing Chalice", "controller": controller}
        for i in range(count)
    ]


def test_702_41a_affinity_for_artifacts_costs_1_less_for_each_artifact_you_control() -> None:
    response = cast("Thoughtcast", battlefield=artifacts(3))

    assert response["total_cost"] == "{1}{U}"
    step = response["cost_steps"][1]
    assert step["rule"] == "702.41a"
    assert step["params"]["count"] == 3


def test_702_41a_affinity_counts_only_the_artifacts_you_control() -> None:
    mine_and_theirs = artifacts(1) + [
        {"id": "o1", "card": "Everflowing Chalice", "controller": "opponent"}
    ]
    assert cast("Thoughtcast", battlefield=mine_and_theirs)["total_cost"] == "{3}{U}"


def test_118_7a_affinity_never_reduces_colored_mana() -> None:
    # Frogmite {4}: free with four artifacts; Thoughtcast keeps its {U} with six.
    assert cast("Frogmite", battlefield=artifacts(4))["total_cost"] == "{0}"
    assert cast("Thoughtcast", battlefield=artifacts(6))["total_cost"] == "{U}"


def test_702_41a_affinity_for_a_land_type() -> None:
    islands = [{"id": f"i{i}", "card": "Island"} for i in range(2)]
    assert cast("Spire Golem", battlefield=islands)["total_cost"] == "{4}"


def test_702_125a_undaunted_costs_1_less_for_each_opponent() -> None:
    response = cast("Sublime Exhalation")

    assert response["total_cost"] == "{5}{W}"
    assert response["cost_steps"][1]["rule"] == "702.125a"


def test_601_2f_costs_1_less_for_each_creature_on_the_battlefield() -> None:
    bears = [
        {"id": "b1", "card": "Grizzly Bears"},
        {"id": "b2", "card": "Grizzly Bears", "controller": "opponent"},
        {"id": "l1", "card": "Island"},
    ]
    response = cast("Blasphemous Act", battlefield=bears)

    assert response["total_cost"] == "{6}{R}"
    assert response["cost_steps"][1]["params"]["what"] == "creature on the battlefield"


def test_601_2f_costs_less_for_each_creature_card_in_your_graveyard() -> None:
    graveyard = [
        {"id": "g1", "card": "Grizzly Bears"},
        {"id": "g2", "card": "Llanowar Elves"},
        {"id": "g3", "card": "Lightning Bolt"},
        {"id": "g4", "card": "Grizzly Bears", "owner": "opponent"},
    ]
    assert cast("Ghoultree", graveyard=graveyard)["total_cost"] == "{5}{G}"


def test_601_2f_a_colored_reduction_for_each_green_creature() -> None:
    elves = [{"id": f"e{i}", "card": "Llanowar Elves"} for i in range(3)]
    assert cast("Khalni Hydra", battlefield=elves)["total_cost"] == "{G}{G}{G}{G}{G}"


def test_601_2f_costs_less_for_each_basic_land_type_among_lands_you_control() -> None:
    lands = [
        {"id": "l1", "card": "Island"},
        {"id": "l2", "card": "Island"},
        {"id": "l3", "card": "Forest"},
    ]
    assert cast("Draco", battlefield=lands)["total_cost"] == "{12}"


def test_601_2f_costs_less_for_each_card_type_among_cards_in_your_graveyard() -> None:
    graveyard = [
        {"id": "g1", "card": "Grizzly Bears"},
        {"id": "g2", "card": "Lightning Bolt"},
        {"id": "g3", "card": "Shock"},
        {"id": "g4", "card": "Island"},
    ]
    response = cast("Emrakul, the Promised End", graveyard=graveyard)
    assert response["total_cost"] == "{10}"


def test_601_2f_costs_1_more_for_each_target_beyond_the_first() -> None:
    # Fireball: X damage divided among any number of targets.
    response = cast("Fireball", action={"x": 4, "targets": ["opponent", "you"]})

    assert response["total_cost"] == "{5}{R}"


def test_601_2f_costs_1_less_for_each_creature_in_your_party() -> None:
    # A Cleric and a Wizard: a party of two (700.8); a second Cleric adds nothing.
    party = [
        {"id": "c1", "card": "Cleric of Life's Bond"},
        {"id": "c2", "card": "Cleric of Life's Bond"},
        {"id": "w1", "card": "Goblin Electromancer"},
        {"id": "b1", "card": "Grizzly Bears"},
    ]
    assert cast("Veteran Adventurer", battlefield=party)["total_cost"] == "{3}{G}"


def test_601_2f_costs_x_less_where_x_is_your_devotion() -> None:
    gatekeeper = [{"id": "g1", "card": "Gatekeeper of Malakir"}]
    response = cast("Drag to the Underworld", battlefield=gatekeeper, action={"targets": ["g1"]})

    assert response["total_cost"] == "{B}{B}"
    assert response["cost_steps"][1]["params"]["count"] == 2


def test_601_2f_costs_x_less_where_x_is_the_total_power_of_your_creatures() -> None:
    bears = [{"id": f"b{i}", "card": "Grizzly Bears"} for i in range(2)]
    assert cast("Ghalta, Primal Hunger", battlefield=bears)["total_cost"] == "{6}{G}{G}"


def test_601_2f_costs_less_if_it_targets_a_blue_spell() -> None:
    stack = [
        {"id": "s1", "card": "Counterspell", "controller": "opponent"},
        {"id": "s2", "card": "Shock", "controller": "opponent"},
    ]

    blue = cast("Mystical Dispute", stack=stack, action={"targets": ["s1"]})
    red = cast("Mystical Dispute", stack=stack, action={"targets": ["s2"]})

    assert (blue["total_cost"], red["total_cost"]) == ("{U}", "{2}{U}")


def test_601_2f_costs_less_if_there_is_a_land_card_in_your_graveyard() -> None:
    with_land = cast("Igneous Elemental", graveyard=[{"id": "g1", "card": "Forest"}])
    without = cast("Igneous Elemental", graveyard=[{"id": "g1", "card": "Shock"}])

    assert (with_land["total_cost"], without["total_cost"]) == ("{2}{R}{R}", "{4}{R}{R}")


def test_601_2f_costs_less_if_there_are_four_or_more_card_types_in_your_graveyard() -> None:
    three = [
        {"id": "g1", "card": "Grizzly Bears"},
        {"id": "g2", "card": "Shock"},
        {"id": "g3", "card": "Forest"},
    ]
    four = [*three, {"id": "g4", "card": "Rule of Law"}]

    assert cast("Dusk Feaster", graveyard=three)["total_cost"] == "{5}{B}{B}"
    assert cast("Dusk Feaster", graveyard=four)["total_cost"] == "{3}{B}{B}"


def test_601_2f_costs_less_if_you_control_a_giant_or_a_wizard() -> None:
    wizard = [{"id": "w1", "card": "Goblin Electromancer"}]
    assert cast("Frostpyre Arcanist", battlefield=wizard)["total_cost"] == "{3}{U}"
