"""Printed alternative costs with conditions and unusual payments (CR 118.9, 601.2h), and
additional costs that take every object that fits (118.8, 601.2h), on real cards."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import evaluate, rules_of

BEARS = {"id": "c1", "card": "Grizzly Bears"}
FOREST = {"id": "l1", "card": "Forest"}


def cast(name: str, **request: Any) -> dict[str, Any]:
    action = {"kind": "cast", "card": name, **request.pop("action", {})}
    return evaluate({"action": action, **request})


def codes(response: dict[str, Any]) -> list[str]:
    return [step["code"] for step in response["trace"]]


def test_118_9_rather_than_pay_first_then_the_cost_with_its_condition() -> None:
    action = {"alternative_cost": "printed", "targets": ["c1"]}

    with_forest = cast("Invigorate", action=action, battlefield=[FOREST, BEARS])
    without = cast("Invigorate", action=action, battlefield=[BEARS])

    assert (with_forest["legal"], with_forest["total_cost"]) == (True, "{0}")
    assert "life_given" in codes(with_forest)
    assert rules_of(without) == ("118.9",)


def test_118_9_each_other_player_gaining_life_is_a_cost_with_nothing_to_choose() -> None:
    response = cast(
        "Reverent Silence", action={"alternative_cost": "printed"}, battlefield=[FOREST]
    )

    assert (response["legal"], response["missing"], response["modelled"]) == (True, [], True)


def test_118_9_revealing_your_hand_reveals_every_card_in_it() -> None:
    action = {"alternative_cost": "printed"}

    no_land = cast("Land Grant", action=action, hand=[{"id": "h1", "card": "Grizzly Bears"}])
    a_land = cast("Land Grant", action=action, hand=[{"id": "h1", "card": "Forest"}])

    assert (no_land["legal"], no_land["payment"]["reveal"]) == (True, ["h1"])
    assert rules_of(a_land) == ("118.9",)


def test_601_2h_an_island_card_and_another_card_are_two_discards() -> None:
    spell = [{"id": "s1", "card": "Grizzly Bears", "controller": "opponent"}]
    action = {"alternative_cost": "printed", "targets": ["s1"], "discard": ["h1", "h2"]}
    island = [{"id": "h1", "card": "Island"}, {"id": "h2", "card": "Grizzly Bears"}]
    no_island = [{"id": "h1", "card": "Forest"}, {"id": "h2", "card": "Grizzly Bears"}]

    paid = cast("Foil", action=action, hand=island, stack=spell)
    unpaid = cast("Foil", action=action, hand=no_island, stack=spell)

    assert (paid["legal"], paid["payment"]["discard"]) == (True, ["h1", "h2"])
    assert rules_of(unpaid) == ("118.3",)


def test_601_2h_sacrifice_all_creatures_you_control_takes_each_of_them() -> None:
    board = [BEARS, {**BEARS, "id": "c2"}, {**BEARS, "id": "c3", "controller": "opponent"}]
    action = {"targets": ["opponent"]}

    chosen_by_the_cost = cast("Soulblast", action=action, battlefield=board, assume_mana=True)
    one_only = cast(
        "Soulblast",
        action={**action, "sacrifice": ["c1"]},
        battlefield=board,
        assume_mana=True,
    )

    assert chosen_by_the_cost["payment"]["sacrifice"] == ["c1", "c2"]
    assert chosen_by_the_cost["legal"] is True
    assert (one_only["missing"], rules_of(one_only)) == (["sacrifice"], ("601.2b",))


def test_601_2h_sacrifice_all_permanents_and_discard_your_hand() -> None:
    response = cast(
        "Kaervek's Spite",
        action={"targets": ["opponent"]},
        battlefield=[BEARS, FOREST],
        hand=[{"id": "h1", "card": "Island"}],
        assume_mana=True,
    )

    assert response["legal"] is True
    assert (response["payment"]["sacrifice"], response["payment"]["discard"]) == (
        ["c1", "l1"],
        ["h1"],
    )


def test_601_2h_text_naming_what_paid_the_additional_cost_is_read() -> None:
    board = [{**BEARS, "controller": "opponent", "tapped": True}, {**BEARS, "id": "c2"}]

    whole = cast(
        "Swallow Whole",
        action={"targets": ["c1"], "tap": ["c2"]},
        battlefield=board,
        assume_mana=True,
    )

    assert (whole["legal"], whole["modelled"], whole["not_understood"]) == (True, True, [])
    assert whole["payment"]["tap"] == ["c2"]


def test_118_9_a_permanent_lets_its_controller_pay_an_alternative_cost() -> None:
    fist = {"id": "p1", "card": "Fist of Suns"}
    action = {"alternative_cost": "{W}{U}{B}{R}{G}"}

    yours = cast("Grizzly Bears", action=action, battlefield=[fist], assume_mana=True)
    theirs = cast(
        "Grizzly Bears",
        action=action,
        battlefield=[{**fist, "controller": "opponent"}],
        assume_mana=True,
    )

    assert (yours["legal"], yours["total_cost"]) == (True, "{W}{U}{B}{R}{G}")
    assert "alternative_from_permanent" in codes(yours)
    assert "alternative_from_permanent" not in codes(theirs)


def test_118_9_a_permanent_alternative_cost_for_some_spells_only() -> None:
    storm = [{"id": "p1", "card": "Rooftop Storm"}]
    free = {"alternative_cost": "{0}"}

    zombie = cast("Diregraf Ghoul", action=free, battlefield=storm)
    bear = cast("Grizzly Bears", action=free, battlefield=storm)

    assert "alternative_from_permanent" in codes(zombie)
    assert "alternative_from_permanent" not in codes(bear)


def test_118_9_x_where_x_is_that_spells_mana_value() -> None:
    kentaro = [{"id": "p1", "card": "Kentaro, the Smiling Cat"}]

    two = cast(
        "Samurai of the Pale Curtain",
        action={"alternative_cost": "{2}"},
        battlefield=kentaro,
        assume_mana=True,
    )
    three = cast(
        "Samurai of the Pale Curtain",
        action={"alternative_cost": "{3}"},
        battlefield=kentaro,
        assume_mana=True,
    )

    assert (two["total_cost"], "alternative_from_permanent" in codes(two)) == ("{2}", True)
    assert "alternative_from_permanent" not in codes(three)


def test_601_2b_a_value_chosen_as_an_additional_cost_is_announced() -> None:
    bears = [{**BEARS, "controller": "opponent"}]
    action = {"targets": ["c1"]}

    unsaid = cast("Liquid Fire", action=action, battlefield=bears, assume_mana=True)
    three = cast(
        "Liquid Fire", action={**action, "chosen": {"number": 3}}, battlefield=bears,
        assume_mana=True,
    )  # fmt: skip
    six = cast(
        "Liquid Fire", action={**action, "chosen": {"number": 6}}, battlefield=bears,
        assume_mana=True,
    )  # fmt: skip

    assert (unsaid["missing"], rules_of(unsaid)) == (["chosen"], ("601.2b",))
    assert (three["legal"], "chosen_value" in codes(three)) == (True, True)
    assert [v["code"] for v in six["violations"]] == ["chosen_out_of_range"]


def test_601_2b_a_creature_type_chosen_as_an_additional_cost() -> None:
    chosen = cast("Caller of the Hunt", action={"chosen": {"type": "Elf"}}, assume_mana=True)
    unsaid = cast("Caller of the Hunt", assume_mana=True)

    assert (chosen["legal"], chosen["modelled"]) == (True, True)
    assert unsaid["missing"] == ["chosen"]


def test_118_9_the_traps_alternative_costs_read_the_turn_so_far() -> None:
    foe = [{**BEARS, "controller": "opponent"}, {**BEARS, "id": "c2", "controller": "opponent"}]
    turns = {
        "Whiplash Trap": ("creatures_entered", 2, {"targets": ["c1", "c2"]}),
        "Lavaball Trap": ("lands_entered", 2, {"targets": []}),
        "Baloth Cage Trap": ("artifacts_entered", 1, {}),
        "Ravenous Trap": ("cards_put_into_graveyard", 3, {"targets": ["opponent"]}),
        "Archive Trap": ("library_searches", 1, {"targets": ["opponent"]}),
    }
    yours = {
        "Summoning Trap": ("creature_spells_countered", 1, {}),
        "Cobra Trap": ("noncreature_permanents_destroyed", 1, {}),
    }
    for name, (count, number, action) in yours.items():
        free = {"alternative_cost": "printed", **action}
        met = evaluate({"action": {"kind": "cast", "card": name, **free},
                        "this_turn": {count: {"you": number}}})  # fmt: skip
        theirs = evaluate({"action": {"kind": "cast", "card": name, **free},
                           "this_turn": {count: {"opponent": number}}})  # fmt: skip

        assert "118.9" not in rules_of(met), name
        assert "118.9" in rules_of(theirs), name
    for name, (count, number, action) in turns.items():
        free = {"alternative_cost": "printed", **action}
        met = evaluate({"action": {"kind": "cast", "card": name, **free}, "battlefield": foe,
                        "this_turn": {count: {"opponent": number}}})  # fmt: skip
        short = evaluate({"action": {"kind": "cast", "card": name, **free}, "battlefield": foe,
                          "this_turn": {count: {"opponent": number - 1, "you": 9}}})  # fmt: skip

        assert "118.9" not in rules_of(met), name
        assert "118.9" in rules_of(short), name


def test_118_9_dealt_damage_by_two_or_more_creatures_this_turn() -> None:
    action = {"alternative_cost": "printed", "targets": ["c1"]}
    foe = [{**BEARS, "controller": "opponent"}]

    def inferno(count: int) -> dict[str, Any]:
        return cast(
            "Inferno Trap",
            action=action,
            battlefield=foe,
            this_turn={"damaged_by_creatures": {"you": count}},
            assume_mana=True,
        )

    assert (inferno(2)["legal"], inferno(2)["total_cost"]) == (True, "{R}")
    assert rules_of(inferno(1)) == ("118.9",)
