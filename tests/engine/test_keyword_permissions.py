"""Casting keywords' leftovers read from real text: splice onto instants and sorceries
(702.47a), flash given by a permanent to the spells it names (601.3b, 702.8a), a cost change
for spells with flash, and a card's permission to use its keyword way from a graveyard
(601.3)."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import card, evaluate

Answer = dict[str, Any]
BEARS = {"id": "c1", "card": "Grizzly Bears"}
THEIR_TURN = {"turn": {"active_player": "opponent", "phase": "combat"}}


def cast(name: str, board: dict[str, Any] | None = None, **action: Any) -> Answer:
    request = {"assume_mana": True, **(board or {})}
    return evaluate({**request, "action": {"kind": "cast", "card": name, **action}})


def codes(answer: Answer) -> list[str]:
    return [v["code"] for v in answer["violations"]]


def test_702_47a_everdream_splices_onto_an_instant() -> None:
    board = {"hand": [{"id": "h1", "card": "Everdream"}]}

    answer = cast("Shock", board, splice=["h1"], targets=["opponent"])

    assert (answer["legal"], answer["total_cost"]) == (True, "{2}{R}{U}")
    assert answer["optional_costs"] == {"splice": 1}


def test_702_47a_everdream_splices_onto_instants_and_sorceries_only() -> None:
    board = {"hand": [{"id": "h1", "card": "Everdream"}]}

    answer = cast("Grizzly Bears", board, splice=["h1"])

    assert codes(answer) == ["splice_wrong_spell"]


def test_601_3b_teferi_gives_flash_to_the_creature_cards_of_its_controller() -> None:
    teferi = {"battlefield": [{"id": "t1", "card": "Teferi, Mage of Zhalfir"}], **THEIR_TURN}

    with_teferi = cast("Grizzly Bears", teferi)
    without = cast("Grizzly Bears", THEIR_TURN)
    sorcery = cast("Think Twice", teferi)

    assert (with_teferi["legal"], without["legal"]) == (True, False)
    assert sorcery["legal"] is True  # an instant: Teferi is not needed
    assert card("Teferi, Mage of Zhalfir").not_understood == ()


def test_601_3b_rootwater_shaman_gives_flash_to_aura_spells_with_enchant_creature() -> None:
    shaman = {"battlefield": [{"id": "r1", "card": "Rootwater Shaman"}, BEARS], **THEIR_TURN}

    aura = cast("Pacifism", shaman, targets=["c1"])
    creature = cast("Grizzly Bears", shaman)

    assert (aura["legal"], creature["legal"]) == (True, False)


def test_601_2f_cunning_nightbonder_reduces_spells_with_flash_only() -> None:
    board = {"battlefield": [{"id": "n1", "card": "Cunning Nightbonder"}]}

    octopus = cast("Sea-Dasher Octopus", board)
    bears = cast("Grizzly Bears", board)

    assert (octopus["total_cost"], bears["total_cost"]) == ("{U}{U}", "{1}{G}")
    assert card("Cunning Nightbonder").not_understood == ()


def test_601_3_brokkos_may_be_cast_from_the_graveyard_by_its_mutate_ability_only() -> None:
    board = {
        "graveyard": [{"id": "g1", "card": "Brokkos, Apex of Forever"}],
        "battlefield": [BEARS],
    }

    mutated = cast("Brokkos, Apex of Forever", board, **{"from": "graveyard"}, card_id="g1",
                   alternative_cost="mutate", targets=["c1"])  # fmt: skip
    printed = cast("Brokkos, Apex of Forever", board, **{"from": "graveyard"}, card_id="g1")

    assert (mutated["legal"], mutated["total_cost"]) == (True, "{2}{U/B}{G}{G}")
    assert codes(printed) == ["only_by_its_way"]


def test_601_3_tenacious_underdog_is_blitzed_from_the_graveyard_paying_2_life() -> None:
    board = {"graveyard": [{"id": "g1", "card": "Tenacious Underdog"}]}

    answer = cast("Tenacious Underdog", board, **{"from": "graveyard"}, card_id="g1",
                  alternative_cost="blitz")  # fmt: skip

    assert (answer["legal"], answer["total_cost"], answer["payment"]["life"]) == (
        True,
        "{2}{B}{B}",
        2,
    )
    assert answer["modelled"] is True


def test_601_2f_warbringer_reduces_the_generic_mana_of_dash_costs_only() -> None:
    board = {"battlefield": [{"id": "w1", "card": "Warbringer"}]}

    dashed = cast("Warbringer", board, alternative_cost="dash")
    printed = cast("Warbringer", board)

    assert (dashed["total_cost"], printed["total_cost"]) == ("{R}", "{3}{R}")


def test_601_2f_memory_crystal_reduces_the_buyback_cost_when_it_is_paid() -> None:
    board = {"battlefield": [{"id": "m1", "card": "Memory Crystal"}, BEARS]}

    bought = cast("Capsize", board, optional_costs={"buyback": 1}, targets=["c1"])
    plain = cast("Capsize", board, targets=["c1"])

    assert (bought["total_cost"], plain["total_cost"]) == ("{2}{U}{U}", "{1}{U}{U}")


def test_601_2f_catalyst_stone_reduces_its_controller_s_flashback_and_taxes_opponents() -> None:
    graveyard = {"graveyard": [{"id": "g1", "card": "Think Twice"}]}
    mine = {"battlefield": [{"id": "s1", "card": "Catalyst Stone"}], **graveyard}
    theirs = {"battlefield": [{"id": "s1", "card": "Catalyst Stone", "controller": "opponent"}],
              **graveyard}  # fmt: skip
    flashback = {"from": "graveyard", "card_id": "g1", "alternative_cost": "flashback"}

    reduced = cast("Think Twice", mine, **flashback)
    taxed = cast("Think Twice", theirs, **flashback)

    assert (reduced["total_cost"], taxed["total_cost"]) == ("{U}", "{4}{U}")
    assert card("Catalyst Stone").not_understood == ()


def test_702_47a_roar_of_jukai_is_spliced_by_having_an_opponent_gain_5_life() -> None:
    board = {"hand": [{"id": "h1", "card": "Roar of Jukai"}]}

    answer = cast("Glacial Ray", board, splice=["h1"], targets=["opponent"])

    assert (answer["legal"], answer["total_cost"], answer["modelled"]) == (True, "{1}{R}", True)
    assert "“Have an opponent gain 5 life”: paid with no object to choose." in [
        step["text"] for step in answer["trace"]
    ]
    assert card("Roar of Jukai").not_understood == ()
