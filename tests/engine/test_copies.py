"""Copies (CR 707.2, 707.10) and kicked status."""

from __future__ import annotations

from engine import Permanent, Player, StackObject, has_split_second, was_kicked
from tests.engine.cards import card, evaluate, rules_of


def test_707_10_twincast_copy_of_kicked_burst_lightning_is_kicked() -> None:
    stack = [{"id": "s1", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]}]

    response = evaluate(
        {"action": {"kind": "copy_spell", "card": "Twincast", "copy_of": "s1"}, "stack": stack}
    )

    assert (response["legal"], response["kicked"], response["total_cost"]) == (True, True, None)
    assert response["result"]["damage"] == 4  # type: ignore[index]
    assert response["payment"] is None


def test_707_10_copy_keeps_x() -> None:
    stack = [{"id": "s1", "card": "Comet Storm", "kicker": [1], "x": 5}]

    response = evaluate(
        {"action": {"kind": "copy_spell", "card": "Reverberate", "copy_of": "s1"}, "stack": stack}
    )

    assert (response["mana_value"], response["kick_count"], response["result"]["damage"]) == (  # type: ignore[index]
        7,
        1,
        5,
    )


def test_707_10f_copy_of_kicked_gnarlid_colony_spell_becomes_kicked_token() -> None:
    stack = [{"id": "s1", "card": "Gnarlid Colony", "kicker": [1]}]

    response = evaluate(
        {"action": {"kind": "copy_spell", "card": "Double Major", "copy_of": "s1"}, "stack": stack}
    )

    assert response["result"] == {
        "kind": "token",
        "kicked": True,
        "counters": {"+1/+1": 2},
        "damage": None,
        "copy_of": "s1",
        "copies": 0,
    }


def test_707_10_twincast_cannot_copy_a_creature_spell() -> None:
    stack = [{"id": "s1", "card": "Gnarlid Colony", "kicker": [1]}]

    response = evaluate(
        {"action": {"kind": "copy_spell", "card": "Twincast", "copy_of": "s1"}, "stack": stack}
    )

    assert rules_of(response) == ("601.2c",)


def test_707_10_copy_of_kicked_molten_disaster_has_split_second() -> None:
    stack = [{"id": "s1", "card": "Molten Disaster", "kicker": [1], "x": 2}]

    response = evaluate(
        {"action": {"kind": "copy_spell", "card": "Fork", "copy_of": "s1"}, "stack": stack}
    )

    assert (response["split_second"], response["kicked"]) == (True, True)


def test_707_2_clone_copying_kicked_gnarlid_colony_is_not_kicked() -> None:
    battlefield = [{"id": "c1", "card": "Gnarlid Colony", "kicker": [1], "counters": {"+1/+1": 2}}]

    response = evaluate(
        {
            "action": {"kind": "enter_as_copy", "card": "Clone", "copy_of": "c1"},
            "battlefield": battlefield,
        }
    )

    assert (response["legal"], response["kicked"]) == (True, False)
    assert response["result"]["counters"] == {}  # type: ignore[index]


def test_707_2_phantasmal_image_copying_kicked_kavu_primarch_gets_no_counters() -> None:
    battlefield = [{"id": "c1", "card": "Kavu Primarch", "kicker": [1], "counters": {"+1/+1": 4}}]

    response = evaluate(
        {
            "action": {"kind": "enter_as_copy", "card": "Phantasmal Image", "copy_of": "c1"},
            "battlefield": battlefield,
        }
    )

    assert (response["kicked"], response["result"]["counters"]) == (False, {})  # type: ignore[index]


def test_702_33d_permanent_put_onto_battlefield_is_not_kicked() -> None:
    response = evaluate({"action": {"kind": "put_onto_battlefield", "card": "Gnarlid Colony"}})

    assert (response["legal"], response["kicked"], response["result"]["counters"]) == (  # type: ignore[index]
        True,
        False,
        {},
    )


def test_702_33d_permanent_put_onto_battlefield_with_kicker_is_a_violation() -> None:
    response = evaluate(
        {"action": {"kind": "put_onto_battlefield", "card": "Gnarlid Colony", "kicker": [1]}}
    )

    assert (rules_of(response), response["kicked"]) == (("702.33d",), False)
    assert "without casting it, you can't kick it" in response["violations"][0]["message"]  # type: ignore[index]


def test_702_33d_one_function_answers_kicked_for_spells_and_permanents() -> None:
    colony = card("Gnarlid Colony")
    spell = StackObject(id="s1", card=colony, controller=Player.YOU, kicked_with=(1,))
    resolved = Permanent(id="c1", card=colony, controller=Player.YOU, kicked_with=(1,))
    clone = Permanent(id="c2", card=colony, controller=Player.YOU)

    assert (was_kicked(spell), was_kicked(resolved), was_kicked(clone)) == (True, True, False)


def test_702_61a_split_second_is_read_from_the_kicked_spell() -> None:
    disaster = card("Molten Disaster")

    kicked = StackObject(id="s1", card=disaster, controller=Player.YOU, kicked_with=(1,))
    unkicked = StackObject(id="s2", card=disaster, controller=Player.YOU, kicked_with=(0,))

    assert (has_split_second(kicked), has_split_second(unkicked)) == (True, False)


def _copy_steps(response: dict[str, object]) -> list[str]:
    """The texts of the 707.10 steps that say what the copy keeps."""
    trace = response["trace"]
    assert isinstance(trace, list)
    return [step["text"] for step in trace if step["code"].startswith("copy_")]


def test_707_10_copy_of_kicked_spell_says_it_is_kicked_once() -> None:
    # Burst Lightning: "Kicker {4}"; no X, no targets chosen on the stack.
    stack = [{"id": "s1", "card": "Burst Lightning", "controller": "opponent", "kicker": [1]}]

    response = evaluate(
        {"action": {"kind": "copy_spell", "card": "Twincast", "copy_of": "s1"}, "stack": stack}
    )

    steps = _copy_steps(response)
    assert steps[1] == (
        "The copy of Burst Lightning copies its characteristics and every decision made for it. "
        "A copy is not cast, so no cost is paid."
    )
    assert steps[2].startswith("The copy is kicked once. Ruling: If you copy a kicked spell")
    assert not any("[1]" in text or "X =" in text or "X is" in text for text in steps)
    assert not any("targets" in text for text in steps)


def test_707_10_copy_of_multikicked_spell_keeps_kicks_x_and_targets() -> None:
    # Comet Storm: "Multikicker {1}", "Choose any target, then choose another target for each
    # time this spell was kicked. Comet Storm deals X damage to each of them."
    bears = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}
    stack = [
        {"id": "s1", "card": "Comet Storm", "kicker": [3], "x": 5, "targets": ["opponent", "c1"]}
    ]

    response = evaluate(
        {
            "action": {"kind": "copy_spell", "card": "Reverberate", "copy_of": "s1"},
            "stack": stack,
            "battlefield": [bears],
        }
    )

    assert _copy_steps(response)[2:] == [
        "The copy is kicked 3 times. Ruling: If you copy a kicked spell on the stack, the copy "
        "is also kicked. If the copied spell is a permanent spell, the token the copy of that "
        "spell becomes when it enters is also kicked.",
        "The copy's X is 5, as announced for Comet Storm (s1).",
        "The copy has the same targets: opponent, c1.",
    ]


def test_707_10_copy_of_unkicked_spell_is_not_kicked_either() -> None:
    stack = [{"id": "s1", "card": "Burst Lightning", "targets": ["opponent"]}]

    response = evaluate(
        {"action": {"kind": "copy_spell", "card": "Twincast", "copy_of": "s1"}, "stack": stack}
    )

    assert _copy_steps(response)[2:] == [
        "Burst Lightning (s1) was not kicked, so neither is the copy.",
        "The copy has the same targets: opponent.",
    ]


def test_707_10_copy_of_modal_spell_names_its_modes() -> None:
    # Cryptic Command: "Choose two — • Counter target spell. • Return target permanent to its
    # owner's hand. • Tap all creatures your opponents control. • Draw a card."
    stack = [
        {"id": "s1", "card": "Cryptic Command", "modes": [0, 3], "targets": ["s2"]},
        {"id": "s2", "card": "Shock", "controller": "opponent", "targets": ["you"]},
    ]

    response = evaluate(
        {"action": {"kind": "copy_spell", "card": "Twincast", "copy_of": "s1"}, "stack": stack}
    )

    assert _copy_steps(response)[2:] == [
        "The copy has the same modes: “Counter target spell”, “Draw a card”.",
        "The copy has the same targets: s2.",
    ]
