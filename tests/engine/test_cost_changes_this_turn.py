"""Cost changes of permanents that read the turn so far, the permanent itself or the spell's
choices (601.2f): "the second spell you cast each turn", "for each +1/+1 counter on ~", "for
each other spell that player has cast this turn", "of the chosen type", "for each target",
"for each card exiled this way", on real Oracle text."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import evaluate


def mine(ident: str, name: str, **row: Any) -> dict[str, Any]:
    return {"id": ident, "card": name, "controller": "you", **row}


def theirs(ident: str, name: str, **row: Any) -> dict[str, Any]:
    return {"id": ident, "card": name, "controller": "opponent", **row}


def answer(
    name: str,
    battlefield: list[dict[str, Any]],
    this_turn: dict[str, Any] | None = None,
    **action: Any,
) -> dict[str, Any]:
    request: dict[str, Any] = {
        "action": {"kind": "cast", "card": name, **action},
        "battlefield": battlefield,
        "assume_mana": True,
    }
    if this_turn is not None:
        request["this_turn"] = this_turn
    return evaluate(request)


def cost(name: str, battlefield: list[dict[str, Any]], this_turn: Any = None, **action: Any) -> str:
    response = answer(name, battlefield, this_turn, **action)
    assert response["modelled"] is True, response["not_understood"]
    return str(response["total_cost"])


def test_601_2f_monk_class_reduces_only_the_second_spell_you_cast_each_turn() -> None:
    monk = [mine("p1", "Monk Class")]

    assert cost("Grizzly Bears", monk) == "{1}{G}"
    assert cost("Grizzly Bears", monk, {"spells_cast": {"you": 1}}) == "{G}"
    assert cost("Grizzly Bears", monk, {"spells_cast": {"you": 2}}) == "{1}{G}"
    assert cost("Grizzly Bears", monk, {"spells_cast": {"opponent": 1}}) == "{1}{G}"


def test_601_2f_the_first_kicked_spell_each_turn_looks_at_the_kicked_spells_listed() -> None:
    gecko = [mine("p1", "Vine Gecko")]
    kicked = {"kicker": [1], "targets": ["opponent"]}
    earlier = {"spells": [{"card": "Burst Lightning", "kicked": True}]}

    assert cost("Burst Lightning", gecko, **kicked) == "{3}{R}"
    assert cost("Burst Lightning", gecko, targets=["opponent"]) == "{R}"
    assert cost("Burst Lightning", gecko, earlier, **kicked) == "{4}{R}"
    unkicked = {"spells": [{"card": "Burst Lightning"}], "spells_cast": {"you": 1}}
    assert cost("Burst Lightning", gecko, unkicked, **kicked) == "{3}{R}"


def test_601_2f_the_first_creature_spell_each_turn_counts_only_creature_spells_cast() -> None:
    conduit = [mine("p1", "Conduit of Ruin")]
    two_instants = {"spells": [{"card": "Opt"}, {"card": "Shock"}]}

    assert cost("Shivan Dragon", conduit, two_instants) == "{2}{R}{R}"
    assert cost("Shivan Dragon", conduit, {"spells": [{"card": "Grizzly Bears"}]}) == ("{4}{R}{R}")


def test_601_2f_animar_costs_1_less_for_each_counter_on_itself() -> None:
    animar = [mine("p1", "Animar, Soul of Elements", counters={"+1/+1": 3})]

    assert cost("Shivan Dragon", animar) == "{1}{R}{R}"
    assert cost("Shock", animar, targets=["opponent"]) == "{R}"


def test_118_7a_a_generic_reduction_for_each_counter_never_reduces_a_coloured_pip() -> None:
    animar = [mine("p1", "Animar, Soul of Elements", counters={"+1/+1": 9})]

    assert cost("Grizzly Bears", animar) == "{G}"


def test_601_2f_rakdos_counts_the_life_your_opponents_lost_this_turn() -> None:
    rakdos = [mine("p1", "Rakdos, Lord of Riots")]

    assert cost("Shivan Dragon", rakdos, {"life_lost": {"opponent": 3}}) == "{1}{R}{R}"
    assert cost("Shivan Dragon", rakdos, {"life_lost": {"you": 3}}) == "{4}{R}{R}"


def test_601_2f_ezzaroot_where_x_is_the_life_you_gained_this_turn() -> None:
    response = answer(
        "Shivan Dragon", [mine("p1", "Ezzaroot Channeler")], {"life_gained": {"you": 2}}
    )

    assert response["total_cost"] == "{2}{R}{R}"
    assert "X is the amount of life you gained this turn, 2" in response["cost_steps"][1]["label"]


def test_601_2f_damping_sphere_counts_the_casters_own_earlier_spells() -> None:
    sphere = [theirs("p1", "Damping Sphere")]

    assert cost("Grizzly Bears", sphere, {"spells_cast": {"you": 2, "opponent": 5}}) == "{3}{G}"


def test_601_2f_an_increase_applies_before_a_reduction_and_excess_reduction_is_lost() -> None:
    board = [theirs("p1", "Damping Sphere"), mine("p2", "Monk Class")]

    assert cost("Grizzly Bears", board, {"spells_cast": {"you": 1}}) == "{1}{G}"


def test_607_2d_herald_s_horn_reduces_spells_of_the_type_chosen_for_it() -> None:
    horn = mine("p1", "Herald's Horn", chosen={"type": "Bear"})

    assert cost("Grizzly Bears", [horn]) == "{G}"
    assert cost("Grizzly Bears", [{**horn, "chosen": {"type": "Elf"}}]) == "{1}{G}"


def test_607_2d_a_cost_change_on_a_type_nobody_chose_is_flagged_not_guessed() -> None:
    response = answer("Grizzly Bears", [mine("p1", "Herald's Horn")])

    assert (response["total_cost"], response["modelled"]) == ("{1}{G}", False)
    assert any("Herald's Horn" in text for text in response["not_understood"])


def test_607_2d_brago_s_favor_reduces_spells_with_the_chosen_name() -> None:
    favor = mine("p1", "Brago's Favor", chosen={"name": "Shock"})

    assert cost("Shivan Dragon", [favor]) == "{4}{R}{R}"
    assert cost("Shock", [favor], targets=["opponent"]) == "{R}"


def test_118_7b_morophon_reduces_generic_mana_for_the_colours_the_cost_lacks() -> None:
    morophon = mine("p1", "Morophon, the Boundless", chosen={"type": "Dragon"})

    assert cost("Shivan Dragon", [morophon]) == "{R}"  # {W}{U}{B}{G} off the {4}, {R} off {R}{R}


def test_601_2f_the_ur_dragon_on_the_battlefield_reduces_other_dragon_spells() -> None:
    assert cost("Shivan Dragon", [mine("p1", "The Ur-Dragon")]) == "{3}{R}{R}"
    assert cost("Grizzly Bears", [mine("p1", "The Ur-Dragon")]) == "{1}{G}"


def test_601_2f_naiad_reduces_your_spells_only_when_it_is_not_your_turn() -> None:
    naiad = [mine("p1", "Naiad of Hidden Coves")]
    their_turn = {"active_player": "opponent", "phase": "main1"}

    mine_now = answer("Opt", naiad)
    theirs_now = evaluate(
        {
            "action": {"kind": "cast", "card": "Opt"},
            "battlefield": naiad,
            "turn": their_turn,
            "assume_mana": True,
        }
    )

    assert (mine_now["total_cost"], theirs_now["total_cost"]) == ("{U}", "{U}")
    assert [s["code"] for s in mine_now["cost_steps"]].count("cost_reduction") == 0
    assert len(theirs_now["cost_steps"]) == len(mine_now["cost_steps"]) + 1


def test_601_2f_goblin_anarchomancer_reduces_each_spell_that_is_red_or_green() -> None:
    anarchomancer = [mine("p1", "Goblin Anarchomancer")]

    assert cost("Shivan Dragon", anarchomancer) == "{3}{R}{R}"
    assert cost("Opt", anarchomancer) == "{U}"


def test_601_2f_killian_reduces_spells_that_target_a_creature() -> None:
    board = [mine("p1", "Killian, Ink Duelist"), theirs("p2", "Grizzly Bears")]

    assert cost("Shivan Dragon", board) == "{4}{R}{R}"
    response = answer("Fling", board, sacrifice=["p1"], targets=["p2"])
    assert response["total_cost"] == "{R}"
    assert answer("Fling", board, sacrifice=["p1"], targets=["opponent"])["total_cost"] == (
        "{1}{R}"
    )


def test_601_2f_hinata_counts_each_target_for_you_and_against_your_opponent() -> None:
    bears = theirs("p2", "Grizzly Bears")

    assert cost("Fling", [mine("p1", "Hinata, Dawn-Crowned"), bears], sacrifice=["p1"],
                targets=["p2"]) == "{R}"  # fmt: skip
    assert cost("Shock", [theirs("p1", "Hinata, Dawn-Crowned"), bears], targets=["p2"]) == (
        "{1}{R}"
    )


def test_601_2f_up_to_a_generic_reduction_is_applied_in_full() -> None:
    assert cost("Shivan Dragon", [mine("p1", "Stone Calendar")]) == "{3}{R}{R}"


def test_601_2f_march_costs_2_less_for_each_card_exiled_for_its_additional_cost() -> None:
    response = evaluate(
        {
            "action": {
                "kind": "cast",
                "card": "March of Otherworldly Light",
                "x": 4,
                "exile": ["h1", "h2"],
                "targets": ["p1"],
            },  # fmt: skip
            "hand": [
                {"id": "h1", "card": "Savannah Lions"},
                {"id": "h2", "card": "Savannah Lions"},
            ],
            "battlefield": [theirs("p1", "Grizzly Bears")],
            "assume_mana": True,
        }
    )

    assert (response["total_cost"], response["modelled"]) == ("{W}", True)


def test_601_2f_pollywog_symbiote_reduces_only_creature_spells_with_mutate() -> None:
    pollywog = [mine("p1", "Pollywog Symbiote")]

    assert cost("Dirge Bat", pollywog) == "{1}{B}{B}"
    assert cost("Grizzly Bears", pollywog) == "{1}{G}"


def test_601_2f_closing_statement_costs_2_less_only_during_your_end_step() -> None:
    def at(active: str, phase: str, step: str | None) -> str:
        turn = {"active_player": active, "phase": phase, **({"step": step} if step else {})}
        return str(
            evaluate(
                {
                    "action": {"kind": "cast", "card": "Closing Statement", "targets": ["p1"]},
                    "battlefield": [theirs("p1", "Grizzly Bears")],
                    "turn": turn,
                    "assume_mana": True,
                }
            )["total_cost"]
        )

    assert at("you", "end", "end") == "{1}{W}{B}"
    assert at("opponent", "end", "end") == "{3}{W}{B}"
    assert at("you", "main1", None) == "{3}{W}{B}"


def test_601_2f_of_one_mind_needs_a_human_and_a_non_human_creature() -> None:
    human = mine("p1", "Ana Battlemage")
    bear = mine("p2", "Grizzly Bears")

    assert cost("Of One Mind", [human, bear]) == "{U}"
    assert cost("Of One Mind", [human]) == "{2}{U}"
    assert cost("Of One Mind", [bear]) == "{2}{U}"


def test_601_2f_avatar_of_might_needs_an_opponent_with_four_more_creatures() -> None:
    four = [theirs(f"p{i}", "Grizzly Bears") for i in range(4)]

    assert cost("Avatar of Might", four) == "{G}{G}"
    assert cost("Avatar of Might", [*four, mine("p9", "Grizzly Bears")]) == "{6}{G}{G}"


def test_601_2f_mistform_warchief_reduces_creature_spells_sharing_one_of_its_types() -> None:
    warchief = [mine("p1", "Mistform Warchief")]

    assert cost("Illusionary Servant", warchief) == "{U}{U}"
    assert cost("Grizzly Bears", warchief) == "{1}{G}"


def test_601_2f_oskar_counts_the_different_mana_values_in_your_graveyard() -> None:
    graveyard = [
        {"id": "g1", "card": "Shock"},
        {"id": "g2", "card": "Opt"},
        {"id": "g3", "card": "Grizzly Bears"},
        {"id": "g4", "card": "Memnite"},
        {"id": "g5", "card": "Shock", "owner": "opponent"},
    ]
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Oskar, Rubbish Reclaimer"},
            "graveyard": graveyard,
            "assume_mana": True,
        }
    )

    assert (response["total_cost"], response["modelled"]) == ("{U}{B}", True)  # 1, 2 and 0


def test_601_2f_locket_counts_cards_named_like_the_spell_in_your_own_graveyard() -> None:
    graveyard = [
        {"id": "g1", "card": "Grizzly Bears"},
        {"id": "g2", "card": "Grizzly Bears"},
        {"id": "g3", "card": "Grizzly Bears", "owner": "opponent"},
        {"id": "g4", "card": "Shock"},
    ]
    request = {
        "action": {"kind": "cast", "card": "Shivan Dragon"},
        "battlefield": [mine("p1", "Locket of Yesterdays")],
        "graveyard": graveyard,
        "assume_mana": True,
    }

    assert evaluate(request)["total_cost"] == "{4}{R}{R}"
    bears = evaluate({**request, "action": {"kind": "cast", "card": "Grizzly Bears"}})
    assert bears["total_cost"] == "{G}"  # two of yours, not the opponent's: {1} lost to excess
