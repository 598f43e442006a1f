"""Complete choices (CR 601.2b–c): a cast whose targets, modes, X or cost objects are not all
chosen is not legal; the answer lists what is missing, each with its 601.2b/601.2c violation.
Target counting: several "target" words, "up to N", "any number of", kicked-only and per-kick
targets (702.33g), and each target's legality (type, controller, "another")."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of


def cast(
    name: str, battlefield: list[dict[str, object]] | None = None, **action: object
) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, **action},
            "battlefield": battlefield or [],
            "assume_mana": True,
        }
    )


def cast_on(request: dict[str, object], name: str, **action: object) -> dict[str, object]:
    return evaluate(
        {**request, "action": {"kind": "cast", "card": name, **action}, "assume_mana": True}
    )


SPELL_ON_STACK = {"stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}]}
BEARS = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}
LIONS = {"id": "c2", "card": "Savannah Lions", "controller": "opponent"}


def test_601_2c_a_cast_with_no_target_chosen_is_not_legal_and_says_what_is_missing() -> None:
    response = cast_on(SPELL_ON_STACK, "Counterspell")

    assert (response["legal"], response["missing"], rules_of(response)) == (
        False,
        ["targets"],
        ("601.2c",),
    )
    assert response["violations"][0]["message"] == "Choose 1 target(s) for Counterspell."  # type: ignore[index]


def test_601_2c_counterspell_on_an_empty_stack_has_no_legal_target() -> None:
    response = cast("Counterspell")

    assert (response["legal"], response["missing"], rules_of(response)) == (
        False,
        [],
        ("601.2c",),
    )
    assert response["violations"][0]["code"] == "no_legal_target"  # type: ignore[index]


def test_601_2c_costs_are_reported_while_targets_are_missing() -> None:
    response = cast_on(SPELL_ON_STACK, "Counterspell")

    assert (response["total_cost"], response["mana_value"], len(response["cost_steps"])) == (  # type: ignore[arg-type]
        "{U}{U}",
        2,
        2,
    )


def test_601_2c_chosen_target_makes_it_legal() -> None:
    assert cast_on(SPELL_ON_STACK, "Counterspell", targets=["s1"])["legal"] is True


def test_601_2c_one_or_two_targets_take_one_at_least_and_two_at_most() -> None:
    # Electrolyze: "deals 2 damage divided as you choose among one or two targets"
    none = cast("Electrolyze", [BEARS])
    two = cast("Electrolyze", [BEARS], targets=["opponent", "c1"])
    three = cast("Electrolyze", [BEARS], targets=["opponent", "c1", "you"])

    assert (none["missing"], two["legal"], rules_of(three)) == (["targets"], True, ("601.2c",))


def test_601_2c_two_target_phrases_both_count() -> None:
    # Jilt kicked: "Return target creature … deals 2 damage to another target creature."
    response = cast("Jilt", [BEARS, LIONS], kicker=[1], targets=["c1"])

    assert (response["missing"], response["targets_required"]) == (["targets"], 2)
    assert cast("Jilt", [BEARS, LIONS], kicker=[1], targets=["c1", "c2"])["legal"] is True


def test_601_2c_the_same_object_cant_be_another_target() -> None:
    response = cast("Jilt", [BEARS, LIONS], kicker=[1], targets=["c1", "c1"])

    assert rules_of(response) == ("601.2c",)
    assert response["violations"][0]["code"] == "target_not_another"  # type: ignore[index]


def test_702_33g_unkicked_jilt_needs_only_one_target() -> None:
    response = cast("Jilt", [BEARS], targets=["c1"])

    assert (response["legal"], response["targets_required"]) == (True, 1)


def test_702_33g_comet_storm_takes_one_more_target_per_kick() -> None:
    response = cast("Comet Storm", [BEARS], kicker=[2], x=1, targets=["opponent", "c1"])
    complete = cast("Comet Storm", [BEARS], kicker=[2], x=1, targets=["opponent", "c1", "you"])

    assert (response["missing"], response["targets_required"], complete["legal"]) == (
        ["targets"],
        3,
        True,
    )


def test_601_2c_any_number_of_targets_for_divided_damage_may_be_none() -> None:
    # Fight with Fire kicked: "10 damage divided as you choose among any number of targets";
    # zero is a number of targets (the division then has no one to give damage to).
    kicked = cast("Fight with Fire", [BEARS], kicker=[1], targets=[])
    unkicked = cast("Fight with Fire", [BEARS], targets=[])

    assert (kicked["legal"], kicked["missing"], kicked["targets_required"]) == (True, [], 0)
    assert unkicked["missing"] == ["targets"]  # unkicked: "target creature"


def test_601_2c_one_two_or_three_targets_take_one_at_least_and_three_at_most() -> None:
    # Arc Lightning: "divided as you choose among one, two, or three targets"
    one = cast("Arc Lightning", [BEARS], targets=["c1"])
    three = cast("Arc Lightning", [BEARS, LIONS], targets=["c1", "c2", "opponent"])
    four = cast("Arc Lightning", [BEARS, LIONS], targets=["c1", "c2", "opponent", "you"])

    assert (one["legal"], one["targets_required"], three["legal"]) == (True, 1, True)
    assert rules_of(four) == ("601.2c",)


def test_115_1_one_two_or_three_target_creatures_must_be_creatures() -> None:
    # Forked Lightning: "among one, two, or three target creatures"
    one = cast("Forked Lightning", [BEARS], targets=["c1"])
    player = cast("Forked Lightning", [BEARS], targets=["c1", "opponent"])

    assert one["legal"] is True
    assert rules_of(player) == ("601.2c",)


def test_601_2c_each_of_two_targets_takes_exactly_two() -> None:
    # Pinnacle of Rage: "deals 3 damage to each of two targets"
    one = cast("Pinnacle of Rage", [BEARS], targets=["c1"])
    two = cast("Pinnacle of Rage", [BEARS], targets=["c1", "opponent"])

    assert (one["missing"], one["targets_required"], two["legal"]) == (["targets"], 2, True)


def test_601_2c_if_it_was_kicked_on_a_card_without_kicker_speaks_of_its_target() -> None:
    # Ertai's Trickery: "Counter target spell if it was kicked." It has no kicker of its own.
    response = cast("Ertai's Trickery")

    assert rules_of(response) == ("601.2c",)
    assert response["violations"][0]["code"] == "no_legal_target"  # type: ignore[index]


def test_601_2c_each_target_word_of_one_sentence_is_a_target() -> None:
    # Arc Trail: "deals 2 damage to any target and 1 damage to another target"
    one = cast("Arc Trail", [BEARS], targets=["c1"])
    two = cast("Arc Trail", [BEARS], targets=["c1", "opponent"])
    same = cast("Arc Trail", [BEARS], targets=["c1", "c1"])

    assert (one["missing"], one["targets_required"], two["legal"]) == (["targets"], 2, True)
    assert same["violations"][0]["code"] == "target_not_another"  # type: ignore[index]


def test_115_1_fight_spells_target_each_creature_with_its_own_phrase() -> None:
    # Prey Upon: "Target creature you control fights target creature you don't control."
    mine = {"id": "y1", "card": "Grizzly Bears", "controller": "you"}
    fight = cast("Prey Upon", [mine, BEARS], targets=["y1", "c1"])
    wrong_side = cast("Prey Upon", [mine, BEARS], targets=["c1", "y1"])

    assert (fight["legal"], fight["targets_required"], fight["modelled"]) == (True, 2, True)
    assert rules_of(wrong_side) == ("601.2c", "601.2c")


def test_115_1_a_player_target_after_a_creature_target_is_a_player() -> None:
    # Hungry Flames: "3 damage to target creature and 2 damage to target player or planeswalker"
    response = cast("Hungry Flames", [BEARS], targets=["c1", "opponent"])

    assert (response["legal"], response["targets_required"], response["modelled"]) == (
        True,
        2,
        True,
    )


def test_601_2c_fireball_with_one_target_is_legal_at_its_printed_cost() -> None:
    # "costs {1} more to cast for each target beyond the first" counts targets, asks for none.
    response = cast("Fireball", x=3, targets=["opponent"])

    assert (response["legal"], response["targets_required"], response["total_cost"]) == (
        True,
        0,
        "{3}{R}",
    )


def test_601_2c_fireball_may_be_cast_with_zero_targets() -> None:
    # Ruling (2017-11-17): "You may cast Fireball with zero targets, regardless of the value
    # chosen for X." Divided evenly as it resolves, not as it is cast: no most either.
    none = cast("Fireball", x=3, targets=[])
    many = cast("Fireball", [BEARS, LIONS], x=1, targets=["c1", "c2", "opponent", "you"])

    assert (none["legal"], none["missing"], none["targets_required"]) == (True, [], 0)
    assert (many["legal"], many["total_cost"]) == (True, "{4}{R}")


def test_601_2c_strive_any_number_of_targets_may_be_none() -> None:
    # Twinflame: "any number of target creatures you control", not divided: zero is a choice.
    mine = {"id": "c1", "card": "Grizzly Bears", "controller": "you"}
    one = cast("Twinflame", [mine], targets=["c1"])
    none = cast("Twinflame", [mine], targets=[])

    assert (one["legal"], one["total_cost"]) == (True, "{1}{R}")
    assert (none["missing"], none["targets_required"]) == ([], 0)


def test_707_10c_a_copys_new_target_is_not_a_target_of_the_spell() -> None:
    # Chain Lightning: "may choose a new target for that copy" is the copy's choice.
    response = cast("Chain Lightning", targets=["opponent"])

    assert (response["legal"], response["targets_required"]) == (True, 1)


def test_601_2c_spells_that_target_it_ask_for_no_target_of_its_own() -> None:
    # Kaervek's Torch: "spells that target it cost {2} more" taxes other spells.
    response = cast("Kaervek's Torch", x=2, targets=["opponent"])

    assert (response["legal"], response["targets_required"]) == (True, 1)


def test_601_2c_too_many_targets_is_a_violation() -> None:
    response = cast("Shock", [BEARS], targets=["c1", "opponent"])

    assert (rules_of(response), response["missing"]) == (("601.2c",), [])
    assert response["violations"][0]["code"] == "target_count"  # type: ignore[index]


def test_115_1_a_target_must_have_the_type_the_text_names() -> None:
    # Bloodchief's Thirst: "target creature or planeswalker with mana value 2 or less"
    angel = {"id": "a1", "card": "Serra Angel", "controller": "opponent"}

    response = cast("Bloodchief's Thirst", [angel, BEARS], targets=["a1"])

    assert rules_of(response) == ("601.2c",)
    assert response["violations"][0]["code"] == "target_illegal"  # type: ignore[index]
    assert cast("Bloodchief's Thirst", [angel, BEARS], targets=["c1"])["legal"] is True


def test_115_1_a_tapped_target_must_be_tapped() -> None:
    # Swallow Whole: "Exile target tapped creature."
    mine = {"id": "m", "card": "Grizzly Bears"}
    tapped = {**BEARS, "tapped": True}

    untapped = cast("Swallow Whole", [BEARS, mine], tap=["m"], targets=["c1"])

    assert rules_of(untapped) == ("601.2c",)
    assert cast("Swallow Whole", [tapped, mine], tap=["m"], targets=["c1"])["legal"] is True


def test_601_2b_x_must_be_announced() -> None:
    response = cast("Molten Disaster")

    assert (response["missing"], rules_of(response)) == (["x"], ("601.2b",))
    assert cast("Molten Disaster", x=0)["legal"] is True


def test_601_2b_a_card_without_kicker_or_x_announces_nothing() -> None:
    response = cast("Shock", targets=["opponent"])

    steps = [(s["rule"], s["code"]) for s in response["trace"]]  # type: ignore[union-attr]
    assert [rule for rule, _code in steps if rule == "601.2b"] == []
    assert "announced_unkicked" not in {code for _rule, code in steps}


def test_601_2b_an_x_spell_without_kicker_announces_x_alone() -> None:
    response = cast("Chord of Calling", x=2)

    announced = [s for s in response["trace"] if s["rule"] == "601.2b"]  # type: ignore[union-attr]
    assert [(s["code"], s["text"]) for s in announced] == [
        ("announced_only_x", "Announced: X = 2.")
    ]


def test_601_2b_a_kicker_card_not_kicked_says_so() -> None:
    response = cast("Burst Lightning", targets=["opponent"])

    announced = [s["code"] for s in response["trace"] if s["rule"] == "601.2b"]  # type: ignore[union-attr]
    assert announced == ["announced_unkicked"]


def test_107_3b_a_free_cast_needs_no_x() -> None:
    response = cast("Molten Disaster", alternative_cost="{0}")

    assert (response["legal"], response["missing"], response["mana_value"]) == (True, [], 2)


def test_601_2b_missing_choices_are_listed_in_the_contracts_order() -> None:
    response = cast("Fling", [{"id": "c1", "card": "Serra Angel"}])

    assert response["missing"] == ["targets", "sacrifice"]
    assert rules_of(response) == ("601.2c", "601.2b")


def test_115_1a_a_delayed_triggers_target_is_the_spells_chosen_as_it_is_cast() -> None:
    # Graceful Reprieve: "When target creature dies this turn, return that card to the
    # battlefield under its owner's control." (603.7a: the spell creates the trigger)
    none = cast("Graceful Reprieve", [BEARS])
    one = cast("Graceful Reprieve", [BEARS], targets=["c1"])
    player = cast("Graceful Reprieve", [BEARS], targets=["opponent"])

    assert (none["legal"], none["missing"], none["targets_required"]) == (False, ["targets"], 1)
    assert (one["legal"], one["modelled"]) == (True, True)
    assert rules_of(player) == ("601.2c",)


def _messages(response: dict[str, object]) -> list[str]:
    violations = response["violations"]
    assert isinstance(violations, list)
    return [violation["message"] for violation in violations]


def test_601_2c_an_illegal_target_quotes_any_target_as_the_card_says_it() -> None:
    # Burst Lightning: "Burst Lightning deals 2 damage to any target."
    mountain = {"id": "p1", "card": "Mountain", "controller": "opponent"}

    response = cast("Burst Lightning", [mountain], targets=["p1"])

    assert _messages(response) == ["p1 is not a legal target for “any target” of Burst Lightning."]


def test_601_2c_an_illegal_target_quotes_the_whole_target_phrase() -> None:
    # Prey Upon: "Target creature you control fights target creature you don't control."
    mine = {"id": "m1", "card": "Grizzly Bears"}

    response = cast("Prey Upon", [mine, BEARS], targets=["m1", "m1"])

    assert _messages(response) == [
        "m1 is not a legal target for “target creature you don't control” of Prey Upon."
    ]


def test_601_2c_no_legal_target_quotes_target_spell() -> None:
    response = cast("Counterspell")

    assert _messages(response)[0] == "Counterspell needs “target spell”, and there is no legal one."
