"""Zones (CR 400.1, 601.2a, 601.3): hands, graveyards and exile are part of the board, a cast
card comes from a zone, and casting from a zone needs a permission. Bad references are request
errors with their field."""

from __future__ import annotations

import pytest

from engine import FieldError, RequestError
from tests.engine.cards import evaluate, rules_of

BEARS = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}


def cast(board: dict[str, object], **action: object) -> dict[str, object]:
    return evaluate({**board, "action": {"kind": "cast", **action}, "assume_mana": True})


def errors_of(request: dict[str, object]) -> tuple[FieldError, ...]:
    with pytest.raises(RequestError) as caught:
        evaluate(request)
    return caught.value.errors


def test_601_3_a_card_in_a_graveyard_cant_be_cast_without_a_permission() -> None:
    board = {"graveyard": [{"id": "g1", "card": "Shock"}]}

    response = cast(
        board, card="Shock", targets=["opponent"], **{"from": "graveyard"}, card_id="g1"
    )

    assert rules_of(response) == ("601.3",)
    assert response["violations"][0]["code"] == "no_permission_graveyard"  # type: ignore[index]


def test_601_3_a_card_in_exile_cant_be_cast_without_a_permission() -> None:
    board = {"exile": [{"id": "e1", "card": "Shock"}]}

    response = cast(board, card_id="e1", targets=["opponent"], **{"from": "exile"})

    assert (response["card"], rules_of(response)) == ("Shock", ("601.3",))


def test_601_3_a_card_that_says_it_may_be_cast_from_exile_can_be() -> None:
    # Misthollow Griffin: "You may cast Misthollow Griffin from exile."
    board = {"exile": [{"id": "e1", "card": "Misthollow Griffin"}]}

    assert cast(board, card_id="e1", **{"from": "exile"})["legal"] is True


def test_702_127a_aftermath_half_is_cast_only_from_a_graveyard() -> None:
    board = {"graveyard": [{"id": "g1", "card": "Ribbons"}]}

    from_hand = cast({}, card="Ribbons", x=1)
    from_graveyard = cast(board, card_id="g1", x=1, **{"from": "graveyard"})

    assert (rules_of(from_hand), from_graveyard["legal"]) == (("702.127a",), True)


def test_601_3_another_players_card_cant_be_cast_from_their_graveyard() -> None:
    board = {"graveyard": [{"id": "g1", "card": "Ribbons", "owner": "opponent"}]}

    response = cast(board, card_id="g1", x=1, **{"from": "graveyard"})

    assert rules_of(response) == ("601.3",)
    assert response["violations"][0]["code"] == "not_your_card"  # type: ignore[index]


def test_601_3_grafdiggers_cage_forbids_casting_from_graveyards() -> None:
    board = {
        "graveyard": [{"id": "g1", "card": "Ribbons"}],
        "battlefield": [{"id": "k", "card": "Grafdigger's Cage", "controller": "opponent"}],
    }

    response = cast(board, card_id="g1", x=1, **{"from": "graveyard"})

    assert rules_of(response) == ("601.3",)


def test_400_1_card_id_must_be_in_the_zone_it_is_cast_from() -> None:
    request = {
        "hand": [{"id": "h1", "card": "Shock"}],
        "action": {"kind": "cast", "card_id": "h1", "from": "graveyard"},
    }

    assert errors_of(request) == (
        FieldError("action.card_id", "'h1' is not a card in the graveyard"),
    )


def test_400_1_card_id_must_be_the_card_cast() -> None:
    request = {
        "hand": [{"id": "h1", "card": "Shock"}],
        "action": {"kind": "cast", "card": "Lightning Bolt", "card_id": "h1"},
    }

    assert errors_of(request) == (
        FieldError("action.card_id", "'h1' is Shock, not Lightning Bolt"),
    )


def test_400_1_cost_choices_name_objects_of_the_right_zone() -> None:
    request = {
        "battlefield": [{"id": "c1", "card": "Grizzly Bears"}],
        "hand": [{"id": "h1", "card": "Shock"}],
        "action": {"kind": "cast", "card": "Thrill of Possibility", "discard": ["c1"]},
    }

    assert errors_of(request) == (FieldError("action.discard[0]", "'c1' is not a hand id"),)


def test_400_1_ids_are_unique_across_every_zone() -> None:
    request = {
        "battlefield": [{"id": "x", "card": "Grizzly Bears"}],
        "graveyard": [{"id": "x", "card": "Shock"}],
        "action": {"kind": "put_trigger_on_stack"},
    }

    assert errors_of(request) == (FieldError("graveyard[0].id", "duplicate id 'x'"),)


def test_119_1_life_totals_default_to_20_and_are_part_of_the_board() -> None:
    response = cast({"life": {"you": 3}}, card="Toxic Deluge", x=4)

    assert rules_of(response) == ("119.4",)
    assert cast({}, card="Toxic Deluge", x=4)["legal"] is True


def test_601_2a_the_cast_card_is_on_the_stack_and_cant_pay_its_own_cost() -> None:
    board = {"hand": [{"id": "h1", "card": "Force of Will"}], "stack": [BEARS | {"id": "s1"}]}

    response = cast(board, card_id="h1", alternative_cost="printed", exile=["h1"], targets=["s1"])

    assert "cast_card_pays" in [v["code"] for v in response["violations"]]  # type: ignore[union-attr]


def test_601_3_gravecrawler_from_the_graveyard_as_long_as_you_control_a_zombie() -> None:
    def cast_from_graveyard(battlefield: list[dict[str, str]]) -> dict[str, object]:
        return evaluate(
            {
                "action": {"kind": "cast", "from": "graveyard", "card_id": "g1"},
                "graveyard": [{"id": "g1", "card": "Gravecrawler"}],
                "battlefield": battlefield,
                "assume_mana": True,
            }
        )

    with_zombie = cast_from_graveyard([{"id": "z1", "card": "Gravecrawler"}])
    without = cast_from_graveyard([])

    assert (with_zombie["legal"], with_zombie["modelled"]) == (True, True)
    assert without["legal"] is False
