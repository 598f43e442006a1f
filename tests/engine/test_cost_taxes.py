"""Taxes on spells (CR 601.2f): on spells that target a permanent, granted to the permanents
that fit, that target a spell while it is on the stack (113.6b), paid in life (119.4), during
their controller's turn; and prohibitions on casting by what the caster controls, from a hand
(601.3)."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of


def cast(
    name: str,
    battlefield: list[dict[str, object]],
    *,
    player: str = "opponent",
    active: str | None = None,
    **extra: object,
) -> dict[str, object]:
    action = {"kind": "cast", "card": name, "player": player, **extra.pop("action", {})}  # type: ignore[dict-item]
    return evaluate(
        {
            "action": action,
            "battlefield": battlefield,
            "turn": {"active_player": active or player, "phase": "main1"},
            "assume_mana": True,
            **extra,
        }
    )


def labels(response: dict[str, object]) -> list[str]:
    return [step["label"] for step in response["cost_steps"]]  # type: ignore[union-attr]


BEARS = {"id": "b1", "card": "Grizzly Bears", "controller": "you"}


def test_601_2f_during_your_turn_spells_your_opponents_cast_cost_more() -> None:
    taker = [{"id": "t1", "card": "Tithe Taker", "controller": "you"}]
    shock = {"targets": ["you"]}

    on_its_turn = cast("Shock", taker, active="you", action=shock)
    on_theirs = cast("Shock", taker, action=shock)
    its_own = cast("Shock", taker, player="you", action={"targets": ["opponent"]})

    assert (on_its_turn["total_cost"], on_its_turn["modelled"]) == ("{1}{R}", True)
    assert on_theirs["total_cost"] == "{R}"
    assert its_own["total_cost"] == "{R}"


def test_601_2f_spells_that_target_it_cost_an_additional_3_life() -> None:
    terror = {"id": "t1", "card": "Terror of the Peaks", "controller": "you"}

    at_it = cast("Shock", [terror, BEARS], action={"targets": ["t1"]})
    elsewhere = cast("Shock", [terror, BEARS], action={"targets": ["b1"]})

    assert (at_it["legal"], at_it["total_cost"], at_it["additional_costs"]) == (
        True,
        "{R}",
        ["Pay 3 life"],
    )
    assert "+ 3 life (Terror of the Peaks)" in labels(at_it)
    assert elsewhere["additional_costs"] == []


def test_119_4_a_life_tax_needs_the_life_to_pay_it() -> None:
    terror = {"id": "t1", "card": "Terror of the Peaks", "controller": "you"}

    response = cast("Shock", [terror], action={"targets": ["t1"]}, life={"opponent": 2})

    assert (response["legal"], rules_of(response)) == (False, ("119.4",))


def test_601_2f_this_spell_costs_3_life_more_for_each_target() -> None:
    board = [
        {"id": "b1", "card": "Grizzly Bears", "controller": "opponent"},
        {"id": "b2", "card": "Savannah Lions", "controller": "opponent"},
    ]

    two = cast("Phyrexian Purge", board, player="you", action={"targets": ["b1", "b2"]})
    none = cast("Phyrexian Purge", board, player="you", action={"targets": []})
    too_few = cast(
        "Phyrexian Purge", board, player="you", action={"targets": ["b1", "b2"]}, life={"you": 5}
    )

    assert (two["legal"], two["total_cost"], two["additional_costs"]) == (
        True,
        "{2}{B}{R}",
        ["Pay 6 life"],
    )
    assert "+ 6 life (Phyrexian Purge: 3 life for each of 2 target(s))" in labels(two)
    assert none["additional_costs"] == []
    assert rules_of(too_few) == ("119.4",)


def test_601_2f_a_tax_granted_to_creatures_with_flying_counts_each_one_targeted() -> None:
    board = [
        {"id": "j1", "card": "Jubilant Skybonder", "controller": "you"},
        {"id": "s1", "card": "Serra Angel", "controller": "you"},
        BEARS,
    ]

    flyer = cast("Shock", board, action={"targets": ["s1"]})
    walker = cast("Shock", board, action={"targets": ["b1"]})
    own = cast("Shock", board, player="you", action={"targets": ["s1"]})

    assert (flyer["total_cost"], flyer["modelled"]) == ("{2}{R}", True)
    assert walker["total_cost"] == "{R}"
    assert own["total_cost"] == "{R}"


def test_601_2f_each_creature_and_enchantment_you_control_has_the_tax() -> None:
    board = [
        {"id": "c1", "card": "Callaphe, Beloved of the Sea", "controller": "you"},
        BEARS,
        {"id": "p1", "card": "Pacifism", "controller": "you"},
    ]

    both = cast("Rolling Thunder", board, action={"x": 2, "targets": ["b1", "p1"]})

    assert both["total_cost"] == "{4}{R}{R}"
    shown = "+ {2} (Callaphe, Beloved of the Sea: {1} for each of 2 target(s) that has its ability)"
    assert shown in labels(both)


def test_113_6b_as_long_as_it_is_on_the_stack_spells_that_target_it_cost_more() -> None:
    stack = [{"id": "s1", "card": "Kaervek's Torch", "controller": "you", "x": 3,
              "targets": ["opponent"]}]  # fmt: skip

    at_it = cast("Counterspell", [], active="you", action={"targets": ["s1"]}, stack=stack)
    elsewhere = cast("Shock", [], active="you", action={"targets": ["you"]}, stack=stack)

    assert (at_it["total_cost"], at_it["modelled"]) == ("{2}{U}{U}", True)
    shown = "+ {2} (Kaervek's Torch: the spell targets Kaervek's Torch (s1) on the stack)"
    assert shown in labels(at_it)
    assert elsewhere["total_cost"] == "{R}"


def test_601_3_an_opponent_who_controls_more_creatures_cant_cast_creature_spells() -> None:
    ward = {"id": "w1", "card": "Ward of Bones", "controller": "you"}
    theirs = [{"id": f"o{i}", "card": "Grizzly Bears", "controller": "opponent"} for i in range(2)]

    more = cast("Grizzly Bears", [ward, BEARS, *theirs])
    as_many = cast("Grizzly Bears", [ward, BEARS, theirs[0]])
    other_kind = cast("Shock", [ward, BEARS, *theirs], action={"targets": ["you"]})

    assert (more["legal"], rules_of(more), more["modelled"]) == (False, ("601.3",), True)
    assert as_many["legal"] is True
    assert other_kind["legal"] is True


def test_601_3_the_same_is_true_for_artifacts_and_enchantments() -> None:
    ward = {"id": "w1", "card": "Ward of Bones", "controller": "opponent"}
    pacifism = {"id": "p1", "card": "Pacifism", "controller": "you"}

    bears = {"id": "o1", "card": "Grizzly Bears", "controller": "opponent"}

    response = cast("Pacifism", [ward, pacifism, bears], player="you", action={"targets": ["o1"]})

    assert (response["legal"], rules_of(response)) == (False, ("601.3",))
    assert "The same is true for artifacts and enchantments." in str(response["violations"])


def test_601_3_you_cant_cast_spells_from_your_hand() -> None:
    frenzy = [{"id": "f1", "card": "Experimental Frenzy", "controller": "you"}]

    mine = cast("Shock", frenzy, player="you", action={"targets": ["opponent"]})
    theirs = cast("Shock", frenzy, action={"targets": ["you"]})

    assert (mine["legal"], rules_of(mine), mine["modelled"]) == (False, ("601.3",), True)
    assert theirs["legal"] is True


def test_601_3_opponents_cant_cast_noncreature_spells_above_the_lands_they_control() -> None:
    lavinia = {"id": "l1", "card": "Lavinia, Azorius Renegade", "controller": "you"}
    lands = [{"id": f"m{i}", "card": "Mountain", "controller": "opponent"} for i in range(2)]

    above = cast("Rolling Thunder", [lavinia, lands[0]], action={"x": 1, "targets": ["you"]})
    within = cast("Rolling Thunder", [lavinia, *lands], action={"x": 0, "targets": []})
    creature = cast("Grizzly Bears", [lavinia])

    # Rolling Thunder with X=1 has mana value 3 on the stack (202.3e): more than one land.
    assert (above["legal"], rules_of(above), above["modelled"]) == (False, ("601.3",), True)
    assert (within["legal"], within["modelled"]) == (True, True)
    assert creature["legal"] is True


def test_106_7_for_each_land_your_opponents_control_that_could_produce_colorless() -> None:
    board = [
        {"id": "w1", "card": "Wastes", "controller": "opponent"},
        {"id": "w2", "card": "Wastes", "controller": "opponent"},
        {"id": "w3", "card": "Wastes", "controller": "you"},
        {"id": "m1", "card": "Mountain", "controller": "opponent"},
    ]

    response = cast("Obsidian Charmaw", board, player="you")

    assert (response["total_cost"], response["modelled"]) == ("{1}{R}{R}", True)


def test_601_2f_costs_less_if_its_target_s_controller_has_eight_cards_in_their_graveyard() -> None:
    graveyard = [{"id": f"g{i}", "card": "Shock", "owner": "opponent"} for i in range(8)]
    theirs = {"id": "b1", "card": "Grizzly Bears", "controller": "opponent"}
    spell = {"x": 2, "targets": ["b1"]}

    full = cast("Lullmage's Domination", [theirs], player="you", action=spell, graveyard=graveyard)
    short = cast(
        "Lullmage's Domination", [theirs], player="you", action=spell, graveyard=graveyard[1:]
    )

    assert (full["total_cost"], full["modelled"]) == ("{U}{U}{U}", True)
    assert short["total_cost"] == "{2}{U}{U}{U}"


def test_401_5_spells_that_share_a_card_type_with_the_top_card_of_a_library_cant_be_cast() -> None:
    plane = [{"id": "p1", "card": "Skybreen", "controller": "you"}]
    tops = [
        {"id": "t1", "card": "Grizzly Bears", "owner": "you"},
        {"id": "t2", "card": "Mountain", "owner": "opponent"},
    ]

    creature = cast("Savannah Lions", plane, library=tops)
    instant = cast("Shock", plane, action={"targets": ["you"]}, library=tops)
    one_known = cast("Shock", plane, action={"targets": ["you"]}, library=tops[:1])

    assert (creature["legal"], rules_of(creature)) == (False, ("601.3",))
    assert (instant["legal"], instant["modelled"]) == (True, True)
    assert (one_known["legal"], one_known["modelled"]) == (True, False)


def test_601_3_spells_that_share_a_color_with_the_spell_most_recently_cast_cant_be_cast() -> None:
    maze = [{"id": "z1", "card": "Mana Maze", "controller": "you"}]
    red_last = {"spells": [{"card": "Grizzly Bears"}, {"card": "Shock", "caster": "opponent"}]}
    green_last = {"spells": [{"card": "Shock", "caster": "opponent"}, {"card": "Grizzly Bears"}]}
    unlisted = {"spells": [{"card": "Grizzly Bears"}], "spells_cast": {"opponent": 1}}
    bolt = {"targets": ["you"]}

    after_red = cast("Lightning Bolt", maze, action=bolt, this_turn=red_last)
    after_green = cast("Lightning Bolt", maze, action=bolt, this_turn=green_last)
    first = cast("Lightning Bolt", maze, action=bolt)
    unknown = cast("Lightning Bolt", maze, action=bolt, this_turn=unlisted)

    assert (after_red["legal"], rules_of(after_red)) == (False, ("601.3",))
    assert (after_green["legal"], after_green["modelled"]) == (True, True)
    assert first["legal"] is True
    assert (unknown["legal"], unknown["modelled"]) == (True, False)


def test_601_2h_players_cant_pay_life_or_sacrifice_creatures_to_cast_spells() -> None:
    angel = {"id": "j1", "card": "Angel of Jubilation", "controller": "you"}
    terror = {"id": "t1", "card": "Terror of the Peaks", "controller": "you"}
    bears = {"id": "b1", "card": "Grizzly Bears", "controller": "opponent"}

    life = cast("Shock", [angel, terror], action={"targets": ["t1"]})
    sacrifice = cast("Eaten Alive", [angel, bears, terror], action={
        "targets": ["t1"], "sacrifice": ["b1"]})  # fmt: skip
    mana_instead = cast("Eaten Alive", [angel, bears, terror], action={"targets": ["b1"]})
    no_angel = cast("Eaten Alive", [bears, terror], action={"targets": ["t1"], "sacrifice": ["b1"]})

    assert (life["legal"], rules_of(life)) == (False, ("601.2h",))
    assert "forbids paying this cost" in str(life["violations"])
    assert (sacrifice["legal"], "601.2h" in rules_of(sacrifice)) == (False, True)
    assert (mana_instead["legal"], mana_instead["modelled"]) == (True, True)
    assert no_angel["legal"] is True


def test_601_2f_an_additional_sacrifice_a_swamp_for_each_black_mana_symbol() -> None:
    drought = {"id": "d1", "card": "Drought", "controller": "opponent"}
    swamps = [{"id": f"s{i}", "card": "Swamp", "controller": "you"} for i in range(2)]
    board = [drought, *swamps]

    paid = cast("Gatekeeper of Malakir", board, player="you", action={"sacrifice": ["s0", "s1"]})
    unnamed = cast("Gatekeeper of Malakir", board, player="you")
    short = cast("Gatekeeper of Malakir", [drought, swamps[0]], player="you",
                 action={"sacrifice": ["s0"]})  # fmt: skip
    red = cast("Shock", board, player="you", action={"targets": ["opponent"]})

    assert (paid["legal"], paid["additional_costs"]) == (
        True,
        ["Sacrifice a Swamp", "Sacrifice a Swamp"],
    )
    shown = "+ “Sacrifice a Swamp” ×2 (Drought: once for each such mana symbol)"
    assert shown in labels(paid)
    assert (unnamed["legal"], unnamed["missing"]) == (False, ["sacrifice"])
    assert short["legal"] is False
    assert red["additional_costs"] == []
