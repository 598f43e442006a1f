"""Modal spells (CR 700.2): the modes are announced in 601.2b ("modes", 0-based in printed
order), their number is the card's ("Choose two —", "Choose one or more —"), a mode is chosen
once (700.2d), the targets are those of the modes chosen (700.2c), and a mode without a legal
target can't be chosen (700.2a)."""

from __future__ import annotations

import pytest

from engine import FieldError, RequestError
from tests.engine.cards import card, evaluate, rules_of

FOE = {"id": "c1", "card": "Serra Angel", "controller": "opponent"}
SPELL = {"id": "s1", "card": "Shock", "controller": "opponent"}


def cryptic(**action: object) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": "Cryptic Command", **action},
            "battlefield": [FOE],
            "stack": [SPELL],
            "assume_mana": True,
        }
    )


def test_700_2_cryptic_command_reads_its_four_modes_and_choose_two() -> None:
    definition = card("Cryptic Command")

    assert (len(definition.modes), definition.mode_count) == (4, (2, 2))


def test_601_2b_modes_must_be_announced() -> None:
    response = cryptic()

    assert (response["missing"], rules_of(response)) == (["modes"], ("601.2b",))


def test_700_2c_targets_follow_the_modes_chosen() -> None:
    bounce_and_draw = cryptic(modes=[1, 3])
    counter_and_bounce = cryptic(modes=[0, 1], targets=["s1", "c1"])

    assert (bounce_and_draw["missing"], bounce_and_draw["targets_required"]) == (["targets"], 1)
    assert (counter_and_bounce["legal"], counter_and_bounce["targets_required"]) == (True, 2)


def test_700_2_tap_and_draw_have_no_targets() -> None:
    assert cryptic(modes=[2, 3])["legal"] is True


def test_700_2_choose_two_means_two() -> None:
    response = cryptic(modes=[1, 2, 3], targets=["c1"])

    assert rules_of(response) == ("700.2",)


def test_700_2d_a_mode_is_chosen_once() -> None:
    response = cryptic(modes=[3, 3])

    assert "700.2d" in rules_of(response)


def test_700_2a_a_mode_without_a_legal_target_cant_be_chosen() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Cryptic Command", "modes": [0, 3]},
            "assume_mana": True,
        }
    )

    assert rules_of(response) == ("601.2c",)  # nothing on the stack to counter


def test_700_2_the_clauses_of_modes_not_chosen_do_not_apply() -> None:
    response = cryptic(modes=[2, 3])

    applies = {c["text"]: c["applies"] for c in response["clauses"] if c["mode"] is not None}  # type: ignore[union-attr]
    assert applies == {
        "Counter target spell.": False,
        "Return target permanent to its owner's hand.": False,
        "Tap all creatures your opponents control.": True,
        "Draw a card.": True,
    }


def test_700_2_a_mode_number_out_of_range_is_a_request_error() -> None:
    with pytest.raises(RequestError) as caught:
        cryptic(modes=[0, 4])

    assert caught.value.errors == (
        FieldError("action.modes[1]", "Cryptic Command has modes 0 to 3; 4 is not one of them"),
    )


def test_700_2_choose_two_of_austere_command() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Austere Command", "modes": [0, 1]},
            "assume_mana": True,
        }
    )

    assert (response["legal"], response["mana_value"]) == (True, 6)


def test_700_2g_a_copy_of_a_modal_spell_keeps_its_modes() -> None:
    stack = [{"id": "s1", "card": "Cryptic Command", "modes": [2, 3], "controller": "opponent"}]

    response = evaluate({"action": {"kind": "copy_spell", "copy_of": "s1"}, "stack": stack})

    applies = [c["applies"] for c in response["clauses"] if c["mode"] is not None]  # type: ignore[union-attr]
    assert applies == [False, False, True, True]


def test_700_2_the_trace_names_the_chosen_modes_in_their_words() -> None:
    response = cryptic(modes=[2, 3])

    chosen = [s["text"] for s in response["trace"] if s["code"] == "modes"]  # type: ignore[union-attr]
    assert chosen == ["Modes chosen: “Tap all creatures your opponents control”, “Draw a card”."]
