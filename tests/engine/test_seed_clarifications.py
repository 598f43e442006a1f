"""Every official clarification in the seed pages, one test each, named after the ruling.

Seeds: 000 (French kicker page with Burst Lightning and Gnarlid Colony; it cites kicker as
702.30, the number of older rules editions, now 702.33), 001 (Kavu Primarch: kicker and
convoke rulings), 004 (Molten Disaster: kicker and split second rulings).
"""

from __future__ import annotations

import pytest

from engine import FieldError, RequestError
from tests.engine.cards import card, evaluate, rules_of

DISASTER = {"id": "s1", "card": "Molten Disaster", "controller": "opponent", "kicker": [1], "x": 2}


def cast(
    name: str,
    *,
    battlefield: list[dict[str, object]] | None = None,
    stack: list[dict[str, object]] | None = None,
    assume: bool = True,
    **action: object,
) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, **action},
            "battlefield": battlefield or [],
            "stack": stack or [],
            "assume_mana": assume,
        }
    )


# Kicker (seeds 000, 001, 004; dated 2024-11-08)


def test_ruling_if_a_spells_kicker_cost_was_paid_the_spell_is_kicked() -> None:
    assert (
        cast("Burst Lightning", kicker=[1])["kicked"],
        cast("Burst Lightning", kicker=[0])["kicked"],
    ) == (True, False)


def test_ruling_total_cost_starts_with_mana_cost_adds_increases_then_reductions() -> None:
    battlefield = [
        {"id": "e1", "card": "Goblin Electromancer"},
        {"id": "t1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"},
    ]

    response = cast("Burst Lightning", kicker=[1], battlefield=battlefield)

    assert [s["cost"] for s in response["cost_steps"]] == [  # type: ignore[union-attr]
        "{R}",
        "{4}{R}",
        "{5}{R}",
        "{4}{R}",
        "{4}{R}",
    ]


def test_ruling_total_cost_may_start_with_an_alternative_cost() -> None:
    response = cast("Kavu Primarch", kicker=[1], alternative_cost="{0}")

    assert response["total_cost"] == "{4}"


def test_ruling_mana_value_remains_unchanged_whatever_the_total_cost() -> None:
    thalia = [{"id": "t1", "card": "Thalia, Guardian of Thraben"}]

    values = {
        cast("Burst Lightning", kicker=k, battlefield=b)["mana_value"]
        for k in ([0], [1])
        for b in ([], thalia)
    }

    assert values == {1}


def test_ruling_copy_of_a_kicked_spell_is_also_kicked() -> None:
    response = evaluate(
        {
            "action": {"kind": "copy_spell", "card": "Twincast", "copy_of": "s1"},
            "stack": [{"id": "s1", "card": "Burst Lightning", "kicker": [1]}],
        }
    )

    assert (response["kicked"], response["result"]["damage"]) == (True, 4)  # type: ignore[index]


def test_ruling_token_from_copied_kicked_permanent_spell_is_also_kicked() -> None:
    response = evaluate(
        {
            "action": {"kind": "copy_spell", "copy_of": "s1"},
            "stack": [{"id": "s1", "card": "Gnarlid Colony", "kicker": [1]}],
        }
    )

    assert response["result"] == {
        "kind": "token",
        "kicked": True,
        "counters": {"+1/+1": 2},
        "damage": None,
        "copy_of": "s1",
        "copies": 0,
    }


def test_ruling_permanent_put_onto_battlefield_without_casting_cant_be_kicked() -> None:
    response = evaluate(
        {"action": {"kind": "put_onto_battlefield", "card": "Kavu Primarch", "kicker": [1]}}
    )

    assert (rules_of(response), response["result"]["kicked"]) == (("702.33d",), False)  # type: ignore[index]


def test_ruling_card_entering_as_copy_of_kicked_permanent_isnt_kicked() -> None:
    response = evaluate(
        {
            "action": {"kind": "enter_as_copy", "card": "Clone", "copy_of": "c1"},
            "battlefield": [{"id": "c1", "card": "Gnarlid Colony", "kicker": [1]}],
        }
    )

    assert (response["kicked"], response["result"]["counters"]) == (False, {})  # type: ignore[index]


def test_ruling_kicker_ability_doesnt_let_you_pay_a_kicker_cost_more_than_once() -> None:
    with pytest.raises(RequestError) as caught:
        cast("Gnarlid Colony", kicker=[2])

    assert caught.value.errors == (
        FieldError(
            "action.kicker[0]",
            "Gnarlid Colony's kicker {2}{G} can be paid at most once (the kicker ability doesn't "
            "let you pay a kicker cost more than once)",
        ),
    )


# Kicker rules quoted in seed 000 (702.30a–g then, 702.33a–g now)


def test_702_33b_and_or_means_two_kicker_costs() -> None:
    assert [str(c) for c in card("Sunscape Battlemage").kicker_costs] == ["{1}{G}", "{2}{U}"]


def test_702_33c_multikicker_is_a_kicker_cost_paid_any_number_of_times() -> None:
    assert cast("Joraga Warcaller", kicker=[5])["total_cost"] == "{5}{G}{G}{G}{G}{G}{G}"


def test_702_33f_kicked_with_its_a_and_b_kicker_are_linked_to_each_cost() -> None:
    response = cast("Thornscape Battlemage", kicker=[1, 0])

    assert [(c["condition"], c["applies"]) for c in response["clauses"]] == [  # type: ignore[union-attr]
        ("always", True),
        ("kicked_a", True),
        ("kicked_b", False),
    ]


def test_702_33g_kicked_only_targets_are_chosen_only_if_kicked() -> None:
    assert (cast("Jilt")["targets_required"], cast("Jilt", kicker=[1])["targets_required"]) == (
        1,
        2,
    )


def test_seed_000_burst_lightning_kicked_deals_4_instead_of_2() -> None:
    assert (
        cast("Burst Lightning")["result"]["damage"],  # type: ignore[index]
        cast("Burst Lightning", kicker=[1])["result"]["damage"],
    ) == (2, 4)  # type: ignore[index]


def test_seed_000_gnarlid_colony_kicked_enters_with_two_counters() -> None:
    assert cast("Gnarlid Colony", kicker=[1])["result"]["counters"] == {"+1/+1": 2}  # type: ignore[index]


# Convoke (seed 001; dated 2024-01-12)


def test_ruling_convoke_isnt_an_alternative_cost_so_it_combines_with_one() -> None:
    battlefield = [{"id": f"c{i}", "card": "Grizzly Bears"} for i in range(4)]

    response = cast(
        "Kavu Primarch",
        kicker=[1],
        alternative_cost="{0}",
        battlefield=battlefield,
        convoke=["c0", "c1", "c2", "c3"],
        assume=False,
    )

    assert (response["legal"], response["total_cost"]) == (True, "{4}")


def test_ruling_any_untapped_creature_you_control_can_convoke_even_a_new_one() -> None:
    battlefield = [
        {"id": "c0", "card": "Savannah Lions", "summoning_sick": True},
        {"id": "c1", "card": "Savannah Lions", "summoning_sick": True},
    ]

    response = cast(
        "Ephemeral Shields",
        battlefield=battlefield,
        convoke=["c0", "c1"],
        targets=["c0"],
        assume=False,
    )

    assert response["legal"] is True


def test_ruling_multicolored_creature_convokes_for_1_or_either_of_its_colors() -> None:
    battlefield = [
        {"id": "q", "card": "Qasali Pridemage"},
        {"id": "b", "card": "Grizzly Bears"},
        {"id": "l", "card": "Savannah Lions"},
    ]

    white = cast("Ephemeral Shields", battlefield=battlefield, convoke=["q", "b"], assume=False)
    green = cast("Sprout Swarm", battlefield=battlefield, convoke=["q", "l"], assume=False)

    assert white["payment"]["convoke"] == [
        {"id": "q", "pays": "{W}"},  # type: ignore[index]
        {"id": "b", "pays": "{1}"},
    ]
    assert green["payment"]["convoke"] == [
        {"id": "q", "pays": "{G}"},  # type: ignore[index]
        {"id": "l", "pays": "{1}"},
    ]


def test_ruling_convoke_applies_after_total_cost_and_doesnt_change_mana_value() -> None:
    battlefield = [
        {"id": "h", "card": "Heartless Summoning"},
        {"id": "c0", "card": "Grizzly Bears"},
        {"id": "c1", "card": "Llanowar Elves"},
    ]

    response = cast("Siege Wurm", battlefield=battlefield, convoke=["c0", "c1"])

    assert (response["total_cost"], response["mana_value"], response["payment"]["mana"]) == (  # type: ignore[index]
        "{3}{G}{G}",
        7,
        "{3}",
    )


@pytest.mark.parametrize(
    ("flag", "active_player"), [("attacking", "you"), ("blocking", "opponent")]
)
def test_702_51a_ruling_an_attacking_or_blocking_creature_can_convoke(
    flag: str, active_player: str
) -> None:
    response = evaluate(
        {
            "action": {
                "kind": "cast",
                "card": "Ephemeral Shields",
                "convoke": ["a", "b"],
                "targets": ["a"],
            },
            "battlefield": [
                {"id": "a", "card": "Grizzly Bears", flag: True},
                {"id": "b", "card": "Savannah Lions", flag: True},
            ],
            "turn": {"active_player": active_player, "phase": "combat"},
        }
    )

    assert response["legal"] is True


def test_ruling_creature_tapped_for_its_mana_ability_cant_also_convoke() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Siege Wurm", "convoke": ["e1"]},
            "battlefield": [{"id": "e1", "card": "Llanowar Elves", "tapped": True}],
            "mana_pool": "{G}",
            "assume_mana": True,
        }
    )

    assert rules_of(response) == ("702.51a",)


def test_ruling_creature_chosen_to_convoke_is_not_tapped_for_mana_too() -> None:
    battlefield = [
        {"id": "e1", "card": "Llanowar Elves"},
        {"id": "m1", "card": "Mountain"},
        {"id": "m2", "card": "Mountain"},
    ]

    response = cast(
        "Stoke the Flames",
        battlefield=battlefield,
        convoke=["e1"],
        targets=["opponent"],
        assume=False,
    )

    assert rules_of(response) == ("601.2h",)


# Split second (seed 004; dated 2021-03-19 and 2007-05-01)


def test_ruling_split_second_doesnt_stop_triggered_abilities() -> None:
    response = evaluate(
        {
            "action": {"kind": "put_trigger_on_stack", "source": "c1"},
            "battlefield": [{"id": "c1", "card": "Chalice of the Void", "counters": {"charge": 4}}],
            "stack": [DISASTER],
        }
    )

    assert response["legal"] is True


def test_ruling_spell_cast_while_a_trigger_resolves_cant_be_cast_under_split_second() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast_from_trigger", "card": "Lightning Bolt", "targets": ["you"]},
            "stack": [DISASTER],
            "assume_mana": True,
        }
    )

    assert rules_of(response) == ("702.61a",)
    assert "triggered ability" in response["violations"][0]["message"]  # type: ignore[index]


def test_ruling_casting_split_second_doesnt_affect_spells_already_on_the_stack() -> None:
    stack = [{"id": "s0", "card": "Shock", "controller": "you"}]
    battlefield = [{"id": "a1", "card": "Trinisphere", "controller": "opponent"}]

    response = cast("Krosan Grip", stack=stack, battlefield=battlefield, targets=["a1"])

    assert (response["legal"], response["split_second"]) == (True, True)


def test_ruling_after_split_second_spell_leaves_stack_players_may_cast_again() -> None:
    below = [{"id": "s0", "card": "Shock", "controller": "opponent"}]

    bolt = {"targets": ["opponent"]}
    assert rules_of(cast("Lightning Bolt", stack=[*below, DISASTER], **bolt)) == ("702.61a",)
    assert cast("Lightning Bolt", stack=below, **bolt)["legal"] is True


def test_ruling_players_may_turn_face_down_creatures_face_up_under_split_second() -> None:
    response = evaluate(
        {
            "action": {"kind": "turn_face_up", "source": "m1"},
            "battlefield": [{"id": "m1", "card": "Exalted Angel", "face_down": True}],
            "stack": [DISASTER],
            "assume_mana": True,
        }
    )

    assert response["legal"] is True


def test_ruling_under_split_second_options_are_mana_abilities_and_special_actions() -> None:
    battlefield = [{"id": "e1", "card": "Llanowar Elves"}, {"id": "p1", "card": "Qasali Pridemage"}]

    mana = evaluate(
        {
            "action": {"kind": "activate_mana_ability", "source": "e1"},
            "battlefield": battlefield,
            "stack": [DISASTER],
        }
    )
    other = evaluate(
        {
            "action": {"kind": "activate_ability", "source": "p1"},
            "battlefield": battlefield,
            "stack": [DISASTER],
        }
    )

    assert (mana["legal"], rules_of(other)) == (True, ("702.61a",))


def test_ruling_kicked_molten_disaster_has_split_second_as_long_as_its_on_the_stack() -> None:
    unkicked = {**DISASTER, "kicker": [0]}

    assert rules_of(cast("Shock", stack=[DISASTER], targets=["you"])) == ("702.61a",)
    assert cast("Shock", stack=[unkicked], targets=["you"])["legal"] is True
