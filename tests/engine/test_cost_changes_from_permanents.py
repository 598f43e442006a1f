"""Cost changes from permanents, complete (CR 601.2f, 118.7): by colour, by controller, by
card type, subtype and supertype, "noncreature", during a turn; every increase, then every
reduction; a generic reduction never reduces colored mana (118.7a); the card's own changes
(strive); a change not understood makes the answer "as far as modelled"."""

from __future__ import annotations

from tests.engine.cards import evaluate


def total(
    name: str, battlefield: list[dict[str, object]], player: str = "you", **action: object
) -> str:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": name, "player": player, **action},
            "battlefield": battlefield,
            "turn": {"active_player": player, "phase": "main1"},
            "assume_mana": True,
        }
    )
    assert response["modelled"] is True
    cost = response["total_cost"]
    assert isinstance(cost, str)
    return cost


ARBITER = {"id": "g1", "card": "Grand Arbiter Augustin IV"}


def test_601_2f_a_colour_restricted_reduction_applies_to_that_colour() -> None:
    # White spells you cast cost {1} less; blue spells you cast cost {1} less.
    assert total("Savannah Lions", [ARBITER]) == "{W}"
    assert total("Grizzly Bears", [ARBITER]) == "{1}{G}"


def test_601_2f_spells_your_opponents_cast_cost_more() -> None:
    assert total("Shock", [ARBITER], player="opponent", targets=["you"]) == "{1}{R}"
    assert total("Shock", [ARBITER], targets=["you"]) == "{R}"


def test_118_7a_a_generic_reduction_never_reduces_colored_mana() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Counterspell", "targets": ["s1"]},
            "battlefield": [ARBITER],
            "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}],
            "assume_mana": True,
        }
    )
    assert response["total_cost"] == "{U}{U}"


def test_601_2f_a_subtype_reduction() -> None:
    # Goblin Warchief: Goblin spells you cast cost {1} less.
    warchief = [{"id": "w1", "card": "Goblin Warchief"}]

    assert total("Raging Goblin", warchief) == "{R}"
    assert total("Goblin Warchief", warchief) == "{R}{R}"


def test_601_2f_historic_spells_are_artifacts_legendaries_and_sagas() -> None:
    familiar = [{"id": "j1", "card": "Jhoira's Familiar"}]

    assert total("Trinisphere", familiar) == "{2}"
    assert total("Teferi, Time Raveler", familiar) == "{W}{U}"
    assert total("Grizzly Bears", familiar) == "{1}{G}"


def test_601_2f_noncreature_spells_cost_more_for_everyone() -> None:
    glowrider = [{"id": "g1", "card": "Glowrider", "controller": "opponent"}]

    assert total("Shock", glowrider, targets=["you"]) == "{1}{R}"
    assert total("Grizzly Bears", glowrider) == "{1}{G}"


def test_601_2f_defense_grid_taxes_spells_outside_their_controllers_turn() -> None:
    grid = [{"id": "d1", "card": "Defense Grid", "controller": "opponent"}]
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
            "battlefield": grid,
            "turn": {"active_player": "opponent", "phase": "combat"},
            "assume_mana": True,
        }
    )

    assert response["total_cost"] == "{3}{R}"
    assert total("Shock", grid, targets=["opponent"]) == "{R}"


def test_601_2f_increases_then_reductions() -> None:
    # Kinjalli's Caller: Dinosaur spells you cast cost {1} less — no Dinosaur here; Thalia adds
    # {1} to noncreature spells, Goblin Electromancer takes {1} from instants: {R} stays {R}.
    board = [
        {"id": "t1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"},
        {"id": "e1", "card": "Goblin Electromancer"},
    ]
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
            "battlefield": board,
            "assume_mana": True,
        }
    )

    labels = [step["label"] for step in response["cost_steps"]]  # type: ignore[union-attr]
    assert labels == [
        "Mana cost {R}",
        "+ {1} (Thalia, Guardian of Thraben)",
        "− {1} (Goblin Electromancer)",
        "Total cost {R} locked in",
    ]


def test_601_2f_strive_costs_more_for_each_target_beyond_the_first() -> None:
    # Solidarity of Heroes: "Strive — This spell costs {1}{G} more to cast for each target
    # beyond the first."
    creatures = [{"id": f"c{i}", "card": "Grizzly Bears"} for i in range(3)]

    assert total("Solidarity of Heroes", creatures, targets=["c0"]) == "{1}{G}"
    assert total("Solidarity of Heroes", creatures, targets=["c0", "c1", "c2"]) == "{3}{G}{G}{G}"
