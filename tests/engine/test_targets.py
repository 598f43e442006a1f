"""How many targets a spell takes when the text gives a range (CR 601.2c–d): "up to N" and
"up to X" (X as announced), "each of X targets", "one or more", and "any number of" (zero or
more); a spell that divides damage or counters among its targets as it is cast gives each one
at least, so there are no more targets than the amount (X as announced, or the number)."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of

CREATURES = [
    {"id": f"c{i}", "card": "Grizzly Bears", "controller": "opponent"} for i in range(1, 7)
] + [{"id": f"a{i}", "card": "Ornithopter", "controller": "opponent"} for i in range(1, 4)]


def cast(name: str, targets: list[str], **action: object) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, "targets": targets, **action},
            "battlefield": CREATURES,
            "assume_mana": True,
        }
    )


def codes_of(response: dict[str, object]) -> list[str]:
    violations = response["violations"]
    assert isinstance(violations, list)
    return [violation["code"] for violation in violations]


def test_601_2d_rolling_thunder_takes_no_more_targets_than_x() -> None:
    two = cast("Rolling Thunder", ["c1", "opponent"], x=2)
    three = cast("Rolling Thunder", ["c1", "c2", "opponent"], x=2)

    assert (two["legal"], two["modelled"]) == (True, True)
    assert (three["legal"], rules_of(three), codes_of(three)) == (
        False,
        ("601.2d",),
        ["targets_divided"],
    )


def test_601_2d_rolling_thunder_with_x_0_takes_no_target() -> None:
    # Ruling: "If X is 0, you can't choose any targets."
    none = cast("Rolling Thunder", [], x=0)
    one = cast("Rolling Thunder", ["opponent"], x=0)

    assert (none["legal"], none["targets_required"]) == (True, 0)
    assert (one["legal"], rules_of(one)) == (False, ("601.2d",))


def test_601_2d_meteor_shower_takes_up_to_x_plus_1_targets() -> None:
    # "deals X plus 1 damage divided as you choose among any number of targets"
    two = cast("Meteor Shower", ["c1", "c2"], x=1)
    three = cast("Meteor Shower", ["c1", "c2", "c3"], x=1)

    assert two["legal"] is True
    assert rules_of(three) == ("601.2d",)


def test_601_2d_pyrokinesis_divides_4_damage_among_4_creatures_at_most() -> None:
    four = cast("Pyrokinesis", ["c1", "c2", "c3", "c4"])
    five = cast("Pyrokinesis", ["c1", "c2", "c3", "c4", "c5"])

    assert four["legal"] is True
    assert (five["legal"], rules_of(five)) == (False, ("601.2d",))


def test_601_2d_distributed_counters_bound_the_targets() -> None:
    # Blessings of Nature: "Distribute four +1/+1 counters among any number of target
    # creatures." Ruling: "You may choose up to four target creatures."
    four = cast("Blessings of Nature", ["c1", "c2", "c3", "c4"])
    five = cast("Blessings of Nature", ["c1", "c2", "c3", "c4", "c5"])

    assert four["legal"] is True
    assert rules_of(five) == ("601.2d",)


def test_601_2d_prevention_divided_as_you_choose_bounds_the_targets() -> None:
    # Remedy: "Prevent the next 5 damage that would be dealt this turn to any number of
    # targets, divided as you choose."
    five = cast("Remedy", ["c1", "c2", "c3", "c4", "you"])
    six = cast("Remedy", ["c1", "c2", "c3", "c4", "c5", "you"])
    none = cast("Remedy", [])

    assert (five["legal"], none["legal"]) == (True, True)
    assert rules_of(six) == ("601.2d",)


def test_601_2d_an_x_the_text_defines_leaves_the_most_open_and_says_so() -> None:
    # Volcanic Wind: "where X is the number of creatures on the battlefield": six here, an X
    # no one announces; six targets are not refused for want of an announced X, and the count
    # is said to be checked only in part.
    response = cast("Volcanic Wind", ["c1", "c2", "c3", "c4", "c5", "c6"])

    assert (response["legal"], codes_of(response), response["modelled"]) == (True, [], False)


def test_601_2d_an_amount_divided_again_leaves_the_count_partly_checked() -> None:
    # Avacyn's Judgment: 2 damage, or X when its madness cost was paid, "divided as you choose
    # among those permanents and/or players instead": three targets may be right.
    response = cast("Avacyn's Judgment", ["c1", "c2", "c3"])

    assert (response["legal"], response["modelled"]) == (True, False)
    assert "targets_divided" not in codes_of(response)


def test_601_2d_the_division_message_says_how_many_targets_at_most() -> None:
    response = cast("Pyrokinesis", ["c1", "c2", "c3", "c4", "c5"])

    violations = response["violations"]
    assert isinstance(violations, list)
    assert violations[0]["params"]["most"] == 4
    assert violations[0]["params"]["count"] == 5


def test_601_2c_a_line_that_begins_up_to_two_targets_takes_zero_to_two() -> None:
    # Tandem Tactics: "Up to two target creatures each get +1/+2 until end of turn."
    none = cast("Tandem Tactics", [])
    two = cast("Tandem Tactics", ["c1", "c2"])
    three = cast("Tandem Tactics", ["c1", "c2", "c3"])

    assert (none["legal"], two["legal"], two["modelled"]) == (True, True, True)
    assert (three["legal"], rules_of(three)) == (False, ("601.2c",))


def test_601_2c_up_to_x_targets_takes_no_more_than_x_as_announced() -> None:
    # Pest Infestation: "Destroy up to X target artifacts and/or enchantments."
    two = cast("Pest Infestation", ["a1", "a2"], x=2)
    three = cast("Pest Infestation", ["a1", "a2", "a3"], x=2)

    assert two["legal"] is True
    assert rules_of(three) == ("601.2c",)


def test_601_2c_each_of_x_targets_takes_x_as_announced() -> None:
    # Meteor Blast: "deals 4 damage to each of X targets."
    one = cast("Meteor Blast", ["c1"], x=2)
    two = cast("Meteor Blast", ["c1", "opponent"], x=2)

    assert (one["legal"], one["missing"], one["targets_required"]) == (False, ["targets"], 2)
    assert two["legal"] is True


def test_601_2c_one_or_more_targets_takes_one_at_least_and_no_most() -> None:
    # Heaven's Gate: "One or more target creatures become white until end of turn."
    none = cast("Heaven's Gate", [])
    four = cast("Heaven's Gate", ["c1", "c2", "c3", "c4"])

    assert (none["missing"], none["targets_required"]) == (["targets"], 1)
    assert four["legal"] is True


def test_601_2c_up_to_x_the_text_defines_is_checked_in_part() -> None:
    # Reap: "Return up to X target cards from your graveyard …, where X is the number of black
    # permanents target opponent controls": X is no announcement.
    graveyard = [{"id": f"g{i}", "card": "Grizzly Bears"} for i in range(1, 4)]
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Reap", "targets": ["g1", "g2", "g3", "opponent"]},
            "graveyard": graveyard,
            "assume_mana": True,
        }
    )

    assert "target_count" not in codes_of(response)
    assert response["modelled"] is False
