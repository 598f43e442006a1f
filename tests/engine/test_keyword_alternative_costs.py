"""Keyword ways of casting a card, named by their keyword in ``alternative_cost`` (CR 702):
each is read from the card's text, is one alternative cost at most (118.9a) that never changes
the mana value (118.9c, 202.3), and is a permission to cast from its zone (601.3)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import RequestError
from tests.engine.cards import card, evaluate, rules_of

Answer = dict[str, Any]
BEARS = {"id": "c1", "card": "Grizzly Bears"}
OPPONENT_BEARS = {**BEARS, "controller": "opponent"}
SHOCK = {"id": "s1", "card": "Shock", "controller": "opponent", "targets": ["you"]}


def cast(
    name: str, way: str | None = None, board: dict[str, object] | None = None, **action: object
) -> Answer:
    chosen = {"alternative_cost": way} if way else {}
    data = {**(board or {}), "action": {"kind": "cast", "card": name, **chosen, **action}}
    return evaluate({"assume_mana": True, **data})


def from_zone(zone: str, name: str, way: str | None, board: dict[str, Any] | None = None,
              **action: object) -> Answer:  # fmt: skip
    board = dict(board or {})
    board[zone] = [*board.get(zone, []), {"id": "z1", "card": name}]
    return cast(name, way, board, **{"from": zone, "card_id": "z1"}, **action)


def codes(answer: Answer) -> list[str]:
    return [v["code"] for v in answer["violations"]]


def rules_in_trace(answer: Answer) -> list[str]:
    return [step["rule"] for step in answer["trace"]]


# --- From the graveyard ---------------------------------------------------------------------


def test_702_34a_flashback_casts_think_twice_from_the_graveyard_for_its_flashback_cost() -> None:
    answer = from_zone("graveyard", "Think Twice", "flashback")

    assert (answer["legal"], answer["total_cost"], answer["alternative_cost"]) == (
        True,
        "{2}{U}",
        "flashback",
    )
    assert answer["mana_value"] == 2  # 118.9c: its mana cost is still {1}{U}
    assert {"702.34a", "118.9a"} <= set(rules_in_trace(answer))


def test_702_34a_flashback_is_a_permission_from_the_graveyard_only() -> None:
    from_hand = cast("Think Twice", "flashback")
    without = from_zone("graveyard", "Think Twice", None)

    assert (rules_of(from_hand), codes(from_hand)) == (("702.34a",), ["keyword_from_graveyard"])
    assert codes(without) == ["only_by_its_way"]


def test_601_3_a_card_cast_from_its_graveyard_without_its_flashback_is_told_to_choose_it() -> None:
    without = from_zone("graveyard", "Think Twice", None)
    no_way = from_zone("graveyard", "Shock", None, targets=["opponent"])

    violations = without["violations"]
    assert isinstance(violations, list)
    assert violations[0]["message"] == (
        "Think Twice can be cast from there only by “Flashback {2}{U}”: choose it as the "
        "alternative cost."
    )
    assert codes(no_way) == ["no_permission_graveyard"]


def test_702_34a_flashback_with_a_cost_of_life_pays_the_life() -> None:
    answer = from_zone(
        "graveyard", "Deep Analysis", "flashback", {"life": {"you": 2}}, targets=["you"]
    )

    assert answer["total_cost"] == "{1}{U}"
    assert (rules_of(answer), answer["payment"]["life"]) == (("119.4",), 3)


def test_702_138a_escape_exiles_five_other_cards_from_the_graveyard() -> None:
    graveyard = [{"id": f"g{i}", "card": "Shock"} for i in range(6)]
    board = {"graveyard": graveyard}

    paid = from_zone("graveyard", "Cling to Dust", "escape", board,
                     exile=["g0", "g1", "g2", "g3", "g4"], targets=["g5"])  # fmt: skip
    short = from_zone("graveyard", "Cling to Dust", "escape", board, exile=["g0"], targets=["g5"])

    assert (paid["legal"], paid["total_cost"], paid["payment"]["exile"]) == (
        True,
        "{3}{B}",
        ["g0", "g1", "g2", "g3", "g4"],
    )
    assert (short["legal"], short["missing"]) == (False, ["exile"])


def test_702_138a_escape_can_t_exile_the_card_being_cast() -> None:
    graveyard = [{"id": f"g{i}", "card": "Shock"} for i in range(5)]

    answer = from_zone("graveyard", "Cling to Dust", "escape", {"graveyard": graveyard},
                       exile=["z1", "g0", "g1", "g2", "g3"], targets=["g4"])  # fmt: skip

    assert (answer["legal"], rules_of(answer)[0]) == (False, "601.2a")  # it is on the stack


def test_702_133a_jump_start_pays_the_mana_cost_and_discards_a_card() -> None:
    board = {"hand": [{"id": "h1", "card": "Shock"}]}

    answer = from_zone("graveyard", "Radical Idea", "jump-start", board, discard=["h1"])
    missing = from_zone("graveyard", "Radical Idea", "jump-start", board)

    assert (answer["legal"], answer["total_cost"], answer["payment"]["discard"]) == (
        True,
        "{1}{U}",
        ["h1"],
    )
    assert "118.9a" not in rules_in_trace(answer)  # not an alternative cost
    assert missing["missing"] == ["discard"]


def test_702_81a_retrace_discards_a_land_card_not_any_card() -> None:
    land = {"hand": [{"id": "h1", "card": "Island"}]}
    spell = {"hand": [{"id": "h1", "card": "Shock"}]}

    answer = from_zone("graveyard", "Raven's Crime", "retrace", land, discard=["h1"],
                       targets=["opponent"])  # fmt: skip
    wrong = from_zone("graveyard", "Raven's Crime", "retrace", spell, discard=["h1"],
                      targets=["opponent"])  # fmt: skip

    assert (answer["legal"], answer["total_cost"]) == (True, "{B}")
    assert "118.3" in rules_of(wrong)


def test_702_146a_disturb_casts_the_card_transformed_from_the_graveyard() -> None:
    answer = from_zone("graveyard", "Lunarch Veteran", "disturb")

    assert (answer["legal"], answer["total_cost"], answer["mana_value"]) == (True, "{1}{W}", 1)
    assert "712.8c" in rules_in_trace(answer)
    assert answer["modelled"] is False  # the back face's text is not part of the card read


# --- From exile -----------------------------------------------------------------------------


def test_702_143a_foretell_casts_from_exile_on_a_later_turn() -> None:
    board = {"stack": [SHOCK]}

    later = from_zone("exile", "Saw It Coming", "foretell", board, targets=["s1"])
    same_turn = from_zone("exile", "Saw It Coming", "foretell",
                          {**board, "this_turn": {"foretold_this_turn": ["z1"]}},
                          targets=["s1"])  # fmt: skip

    assert (later["legal"], later["total_cost"], later["mana_value"]) == (True, "{1}{U}", 3)
    assert codes(same_turn) == ["foretold_this_turn"]


def test_702_35a_madness_casts_from_exile_as_its_trigger_resolves() -> None:
    opponents_turn = {"turn": {"active_player": "opponent", "phase": "combat"}}

    answer = from_zone("exile", "Fiery Temper", "madness", opponents_turn, targets=["opponent"])

    assert (answer["legal"], answer["total_cost"]) == (True, "{R}")
    assert "608.2g" in rules_in_trace(answer)


def test_702_62a_suspend_casts_ancestral_vision_free_from_exile() -> None:
    upkeep = {"turn": {"phase": "beginning", "step": "upkeep"}}

    answer = from_zone("exile", "Ancestral Vision", "suspend", upkeep, targets=["you"])
    from_hand = cast("Ancestral Vision", "suspend", targets=["you"])

    assert (answer["legal"], answer["total_cost"], answer["mana_value"]) == (True, "{0}", 0)
    assert codes(from_hand) == ["keyword_from_exile"]


# --- Conditions on the turn -----------------------------------------------------------------


def test_702_137a_spectacle_needs_an_opponent_to_have_lost_life_this_turn() -> None:
    lost = cast("Skewer the Critics", "spectacle", {"this_turn": {"life_lost": {"opponent": 2}}},
                targets=["opponent"])  # fmt: skip
    you_lost = cast("Skewer the Critics", "spectacle", {"this_turn": {"life_lost": {"you": 2}}},
                    targets=["opponent"])  # fmt: skip

    assert (lost["legal"], lost["total_cost"], lost["mana_value"]) == (True, "{R}", 3)
    assert (rules_of(you_lost), codes(you_lost)) == (("702.137a",), ["no_opponent_lost_life"])


def test_702_117a_surge_needs_another_spell_cast_this_turn() -> None:
    after = cast("Reckless Bushwhacker", "surge", {"this_turn": {"spells_cast": {"you": 1}}})
    first = cast("Reckless Bushwhacker", "surge")

    assert (after["legal"], after["total_cost"]) == (True, "{1}{R}")
    assert codes(first) == ["no_other_spell_cast"]


def test_702_76a_prowl_needs_combat_damage_by_a_creature_sharing_a_type() -> None:
    rogue = cast("Morsel Theft", "prowl", {"this_turn": {"combat_damage_by_types": ["Rogue"]}},
                 targets=["opponent"])  # fmt: skip
    elf = cast("Morsel Theft", "prowl", {"this_turn": {"combat_damage_by_types": ["Elf"]}},
               targets=["opponent"])  # fmt: skip

    assert (rogue["legal"], rogue["total_cost"]) == (True, "{1}{B}")
    assert codes(elf) == ["no_combat_damage_by_type"]


def test_702_94a_miracle_is_the_first_card_drawn_this_turn_and_ignores_timing() -> None:
    hand = [{"id": "h1", "card": "Temporal Mastery"}, {"id": "h2", "card": "Island"}]
    board = {"hand": hand, "turn": {"active_player": "opponent"}}

    drawn = cast("Temporal Mastery", "miracle", {**board, "this_turn": {"first_card_drawn": "h1"}},
                 card_id="h1")  # fmt: skip
    second = cast("Temporal Mastery", "miracle", {**board, "this_turn": {"first_card_drawn": "h2"}},
                  card_id="h1")  # fmt: skip

    assert (drawn["legal"], drawn["total_cost"], drawn["mana_value"]) == (True, "{1}{U}", 7)
    assert codes(second) == ["not_first_card_drawn"]


# --- Alternative costs from the hand --------------------------------------------------------


def test_702_74a_evoke_pays_mulldrifter_s_evoke_cost_and_keeps_its_mana_value() -> None:
    answer = cast("Mulldrifter", "evoke")

    assert (answer["legal"], answer["total_cost"], answer["mana_value"]) == (True, "{2}{U}", 5)


def test_702_96b_overload_needs_no_target() -> None:
    board = {"battlefield": [OPPONENT_BEARS]}

    overloaded = cast("Electrickery", "overload", board)
    normal = cast("Electrickery", None, board)

    assert (overloaded["legal"], overloaded["total_cost"], overloaded["missing"]) == (
        True,
        "{1}{R}",
        [],
    )
    assert "702.96b" in rules_in_trace(overloaded)
    assert normal["missing"] == ["targets"]


def test_702_109a_dash_and_702_152a_blitz_pay_their_costs() -> None:
    dash = cast("Goblin Heelcutter", "dash")
    blitz = cast("Tenacious Underdog", "blitz", {"life": {"you": 1}})

    assert (dash["legal"], dash["total_cost"], dash["mana_value"]) == (True, "{2}{R}", 4)
    assert (blitz["total_cost"], rules_of(blitz)) == ("{2}{B}{B}", ("119.4",))


def test_702_119a_emerge_is_reduced_by_the_sacrificed_creature_s_mana_value() -> None:
    board = {"battlefield": [BEARS]}

    answer = cast("Elder Deep-Fiend", "emerge", board, sacrifice=["c1"])
    unchosen = cast("Elder Deep-Fiend", "emerge", board)

    assert (answer["legal"], answer["total_cost"], answer["mana_value"]) == (True, "{3}{U}{U}", 8)
    assert any(step["code"] == "cost_emerge" for step in answer["cost_steps"])
    assert unchosen["missing"] == ["sacrifice"]


def test_702_103b_bestow_casts_boon_satyr_as_an_aura_that_targets_a_creature() -> None:
    board = {"battlefield": [BEARS]}

    bestowed = cast("Boon Satyr", "bestow", board, targets=["c1"])
    untargeted = cast("Boon Satyr", "bestow", board)
    at_a_player = cast("Boon Satyr", "bestow", board, targets=["opponent"])

    assert (bestowed["legal"], bestowed["total_cost"], bestowed["mana_value"]) == (
        True,
        "{3}{G}{G}",
        3,
    )
    assert "702.103b" in rules_in_trace(bestowed)
    assert untargeted["missing"] == ["targets"]
    assert at_a_player["legal"] is False


@pytest.mark.parametrize(
    ("name", "way"), [("Exalted Angel", "morph"), ("Den Protector", "megamorph")]
)
def test_708_4_a_face_down_spell_costs_3_and_has_mana_value_0(name: str, way: str) -> None:
    answer = cast(name, way)

    assert (answer["legal"], answer["total_cost"], answer["mana_value"]) == (True, "{3}", 0)
    assert {"702.37c", "708.4"} <= set(rules_in_trace(answer))
    assert answer["result"]["kind"] == "permanent"


def test_708_4_a_face_down_spell_is_cast_at_creature_speed() -> None:
    answer = cast("Exalted Angel", "morph", {"turn": {"phase": "combat"}})

    assert rules_of(answer) == ("302.1",)


# --- One alternative cost, and additional costs on top --------------------------------------


def test_118_9a_each_way_is_offered_by_the_card_that_has_it() -> None:
    assert card("Think Twice").alternative_keys == ("flashback",)
    assert card("Elder Deep-Fiend").alternative_keys == ("emerge",)
    with pytest.raises(RequestError) as raised:
        cast("Mulldrifter", "flashback")
    assert "has no alternative cost 'flashback'; it has evoke" in str(raised.value)


def test_118_9a_a_keyword_cost_chosen_is_the_one_alternative_cost_omniscience_adds_none() -> None:
    board = {"battlefield": [{"id": "o1", "card": "Omniscience"}]}

    evoked = cast("Mulldrifter", "evoke", board)
    free = cast("Mulldrifter", None, board)

    assert (evoked["total_cost"], evoked["alternative_cost"]) == ("{2}{U}", "evoke")
    assert (free["total_cost"], free["alternative_cost"]) == ("{0}", "{0}")
    assert evoked["mana_value"] == free["mana_value"] == 5
