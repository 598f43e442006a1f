"""Total cost (CR 601.2f): increases, reductions, set-total effects, alternative costs."""

from __future__ import annotations

from engine import ManaCost
from engine.costs import reduce_cost
from tests.engine.cards import evaluate


def cast(
    card: str, *, battlefield: list[dict[str, object]] | None = None, **action: object
) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": card, **action},
            "battlefield": battlefield or [],
            "assume_mana": True,
        }
    )


def test_601_2f_kicker_adds_to_total_cost() -> None:
    response = cast("Burst Lightning", kicker=[1])

    assert (response["total_cost"], response["mana_value"]) == ("{4}{R}", 1)


def test_601_2f_thalia_on_opponents_board_increases_noncreature_spell() -> None:
    thalia = {"id": "t1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"}

    response = cast("Burst Lightning", kicker=[1], battlefield=[thalia])

    assert response["total_cost"] == "{5}{R}"


def test_601_2f_cost_steps_for_kicked_burst_lightning_with_thalia() -> None:
    thalia = {"id": "t1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"}

    response = cast("Burst Lightning", kicker=[1], battlefield=[thalia])

    steps = response["cost_steps"]
    assert [(s["rule"], s["cost"]) for s in steps] == [  # type: ignore[union-attr]
        ("601.2f", "{R}"),
        ("702.33a", "{4}{R}"),
        ("601.2f", "{5}{R}"),
        ("601.2f", "{5}{R}"),
    ]
    assert steps[-1]["label"] == "Total cost {5}{R} locked in"  # type: ignore[index]


def test_601_2f_thalia_does_not_tax_creature_spells() -> None:
    thalia = {"id": "t1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"}

    assert cast("Grizzly Bears", battlefield=[thalia])["total_cost"] == "{1}{G}"


def test_601_2f_reduction_applies_to_total_including_kicker() -> None:
    electromancer = {"id": "e1", "card": "Goblin Electromancer"}

    response = cast("Burst Lightning", kicker=[1], battlefield=[electromancer])

    assert response["total_cost"] == "{3}{R}"


def test_601_2f_generic_reduction_never_reduces_colored_mana() -> None:
    electromancer = {"id": "e1", "card": "Goblin Electromancer"}

    response = cast("Burst Lightning", battlefield=[electromancer])

    assert response["total_cost"] == "{R}"


def test_601_2f_opponents_electromancer_does_not_reduce_your_spells() -> None:
    electromancer = {"id": "e1", "card": "Goblin Electromancer", "controller": "opponent"}

    assert cast("Burst Lightning", battlefield=[electromancer])["total_cost"] == "{R}"


def test_118_7a_excess_generic_reduction_is_lost() -> None:
    assert reduce_cost(ManaCost.parse("{1}{G}"), ManaCost.parse("{3}")) == ManaCost.parse("{G}")


def test_601_2f_cost_reduced_to_nothing_is_zero() -> None:
    assert reduce_cost(ManaCost.parse("{2}"), ManaCost.parse("{5}")) == ManaCost.parse("{0}")


def test_118_7b_colored_reduction_without_that_color_reduces_generic() -> None:
    assert reduce_cost(ManaCost.parse("{3}{R}"), ManaCost.parse("{G}")) == ManaCost.parse("{2}{R}")


def test_601_2f_heartless_summoning_reduces_creature_spells_you_cast() -> None:
    summoning = {"id": "h1", "card": "Heartless Summoning"}

    assert cast("Siege Wurm", battlefield=[summoning])["total_cost"] == "{3}{G}{G}"


def test_601_2f_trinisphere_makes_shock_cost_three() -> None:
    trinisphere = {"id": "t1", "card": "Trinisphere", "controller": "opponent"}

    response = cast("Shock", battlefield=[trinisphere])

    assert (response["total_cost"], response["mana_value"]) == ("{2}{R}", 1)


def test_601_2f_trinisphere_applies_after_reductions() -> None:
    battlefield = [
        {"id": "t1", "card": "Trinisphere"},
        {"id": "e1", "card": "Goblin Electromancer"},
    ]

    assert cast("Burst Lightning", kicker=[1], battlefield=battlefield)["total_cost"] == "{3}{R}"
    assert cast("Lightning Bolt", battlefield=battlefield)["total_cost"] == "{2}{R}"


def test_601_2f_tapped_trinisphere_does_nothing() -> None:
    trinisphere = {"id": "t1", "card": "Trinisphere", "tapped": True}

    assert cast("Shock", battlefield=[trinisphere])["total_cost"] == "{R}"


def test_118_9_omniscience_alternative_cost_keeps_kicker() -> None:
    omniscience = {"id": "o1", "card": "Omniscience"}

    response = cast("Burst Lightning", kicker=[1], battlefield=[omniscience])

    assert (response["total_cost"], response["mana_value"]) == ("{4}", 1)


def test_118_9d_alternative_cost_given_in_request_gets_additional_costs() -> None:
    response = cast("Burst Lightning", kicker=[1], alternative_cost="{0}")

    assert (response["total_cost"], response["cost_steps"][0]["rule"]) == ("{4}", "118.9")  # type: ignore[index]


def test_107_3b_x_must_be_zero_without_paying_mana_cost() -> None:
    response = cast("Chord of Calling", x=2, alternative_cost="{0}")

    assert response["legal"] is False
    assert response["violations"][0]["rule"] == "107.3b"  # type: ignore[index]


def test_601_2f_request_increases_and_reductions() -> None:
    response = cast("Shock", cost_increases=["{2}"], cost_reductions=["{1}"])

    assert response["total_cost"] == "{1}{R}"
