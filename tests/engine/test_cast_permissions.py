"""Permissions to cast from a zone that are not the card's own (CR 601.3): a permanent's "You
may cast … from the top of your library" (the library's top card, 401.5) or "from your
graveyard", "… from among cards exiled with ~" (linked abilities, 406.6, 607.2a: only the cards
that permanent exiled, whoever owns them), and an effect's "You may play that card this turn",
marked on the exiled card (``may_play``)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import FieldError, RequestError
from tests.engine.cards import card, evaluate, rules_of


def cast(board: dict[str, Any], **action: Any) -> dict[str, Any]:
    return evaluate({**board, "action": {"kind": "cast", **action}, "assume_mana": True})


def errors_of(request: dict[str, Any]) -> tuple[FieldError, ...]:
    with pytest.raises(RequestError) as caught:
        evaluate(request)
    return caught.value.errors


def codes(response: dict[str, Any]) -> list[str]:
    return [step["code"] for step in response["trace"]]


def permanent(name: str, ident: str = "p1", **extra: Any) -> dict[str, Any]:
    return {"id": ident, "card": name, **extra}


TOP_BEARS = {"library": [{"id": "t1", "card": "Grizzly Bears"}]}


def test_601_3_a_permanent_lets_its_controller_cast_spells_from_the_top_of_their_library() -> None:
    response = cast(
        {**TOP_BEARS, "battlefield": [permanent("Future Sight")]},
        card_id="t1",
        **{"from": "library"},
    )

    assert response["legal"] is True
    assert "cast_from_library" in codes(response)
    assert "permission_from" in codes(response)


def test_601_3_the_top_of_a_library_needs_a_permission() -> None:
    response = cast(TOP_BEARS, card_id="t1", **{"from": "library"})

    assert rules_of(response) == ("601.3",)
    assert response["violations"][0]["code"] == "no_permission_library"


def test_601_3_the_permission_covers_only_the_spells_it_names() -> None:
    # Vizier of the Menagerie: "You may cast creature spells from the top of your library."
    board = {"battlefield": [permanent("Vizier of the Menagerie")]}
    bears = cast({**board, **TOP_BEARS}, card_id="t1", **{"from": "library"})
    shock = cast(
        {**board, "library": [{"id": "t1", "card": "Shock"}]},
        card_id="t1",
        targets=["opponent"],
        **{"from": "library"},
    )

    assert bears["legal"] is True
    assert rules_of(shock) == ("601.3",)


def test_601_3_an_opponent_s_permanent_gives_you_no_permission() -> None:
    board = {**TOP_BEARS, "battlefield": [permanent("Future Sight", controller="opponent")]}

    response = cast(board, card_id="t1", **{"from": "library"})

    assert rules_of(response) == ("601.3",)


def test_601_3_the_top_of_your_library_is_not_an_opponent_s() -> None:
    board = {
        "library": [{"id": "t1", "card": "Grizzly Bears", "owner": "opponent"}],
        "battlefield": [permanent("Future Sight")],
    }

    response = cast(board, card_id="t1", **{"from": "library"})

    assert response["legal"] is False
    assert response["violations"][0]["code"] == "not_your_card"


def test_401_2_a_library_lists_one_top_card_per_player() -> None:
    errors = errors_of(
        {
            "action": {"kind": "cast", "card": "Shock"},
            "library": [{"id": "t1", "card": "Shock"}, {"id": "t2", "card": "Shock"}],
        }
    )

    assert [e.field for e in errors] == ["library[1].owner"]


def test_601_3_a_permanent_lets_you_cast_spells_from_your_graveyard() -> None:
    board = {
        "graveyard": [{"id": "g1", "card": "Shock"}],
        "battlefield": [permanent("Yawgmoth's Agenda")],
    }

    response = cast(board, card_id="g1", targets=["opponent"], **{"from": "graveyard"})

    assert response["legal"] is True
    assert "permission_from" in codes(response)


def test_406_6_cards_exiled_with_a_permanent_may_be_cast_whoever_owns_them() -> None:
    # Kheru Mind-Eater: "… you may play lands and cast spells from among those cards."
    board = {
        "battlefield": [permanent("Kheru Mind-Eater", "k1")],
        "exile": [{"id": "e1", "card": "Shock", "owner": "opponent", "exiled_with": "k1"}],
    }

    response = cast(board, card_id="e1", targets=["opponent"], **{"from": "exile"})

    assert response["legal"] is True
    assert "permission_from" in codes(response)


def test_406_6_a_card_another_permanent_exiled_is_not_among_those_cards() -> None:
    board = {
        "battlefield": [
            permanent("Kheru Mind-Eater", "k1"),
            permanent("Nightveil Specter", "k2"),
        ],
        "exile": [{"id": "e1", "card": "Shock", "exiled_with": "k2", "owner": "opponent"}],
    }
    unlinked = {**board, "exile": [{"id": "e1", "card": "Shock", "owner": "opponent"}]}

    linked_elsewhere = cast(board, card_id="e1", targets=["opponent"], **{"from": "exile"})
    not_linked = cast(unlinked, card_id="e1", targets=["opponent"], **{"from": "exile"})

    assert linked_elsewhere["legal"] is True  # Nightveil Specter's own card
    assert not_linked["legal"] is False
    assert "not_your_card" in [v["code"] for v in not_linked["violations"]]


def test_601_3_an_exiled_card_an_effect_lets_you_play_may_be_cast() -> None:
    board = {"exile": [{"id": "e1", "card": "Shock", "may_play": True}]}

    response = cast(board, card_id="e1", targets=["opponent"], **{"from": "exile"})

    assert response["legal"] is True
    assert "may_play" in codes(response)


def test_601_3_exiled_with_and_may_play_are_only_for_cards_in_exile() -> None:
    errors = errors_of(
        {
            "action": {"kind": "cast", "card": "Shock"},
            "battlefield": [permanent("Kheru Mind-Eater", "k1")],
            "hand": [{"id": "h1", "card": "Shock", "exiled_with": "k1"}],
            "graveyard": [{"id": "g1", "card": "Shock", "may_play": True}],
            "exile": [{"id": "e1", "card": "Shock", "exiled_with": "s9"}],
        }
    )

    assert sorted(e.field for e in errors) == [
        "exile[0].exiled_with",
        "graveyard[0].may_play",
        "hand[0].exiled_with",
    ]
    assert "battlefield id" in next(e.message for e in errors if e.field.startswith("exile"))


def test_118_8_a_permission_from_the_graveyard_with_a_cost_added_to_the_others() -> None:
    # Demilich: "… by exiling four instant and/or sorcery cards from your graveyard in
    # addition to paying its other costs."
    graveyard = [
        {"id": "g1", "card": "Demilich"},
        *({"id": f"g{i}", "card": "Shock"} for i in range(2, 6)),
    ]

    response = cast(
        {"graveyard": graveyard},
        card_id="g1",
        alternative_cost="printed",
        exile=["g2", "g3", "g4", "g5"],
        **{"from": "graveyard"},
    )

    assert response["legal"] is True
    assert response["total_cost"] == "{U}{U}{U}{U}"
    assert response["payment"]["exile"] == ["g2", "g3", "g4", "g5"]
    assert "adds_to_cost" in codes(response)


def test_601_3_a_card_that_may_be_cast_from_its_graveyard_or_from_exile() -> None:
    for zone, ident in (("graveyard", "g1"), ("exile", "e1")):
        board = {zone: [{"id": ident, "card": "Squee, the Immortal"}]}

        assert cast(board, card_id=ident, **{"from": zone})["legal"] is True


def test_601_3_permissions_granted_by_effects_are_casting_text_the_engine_models() -> None:
    for name in ("Outpost Siege", "Chaos Channeler", "Tuskeri Firewalker", "Future Sight",
                 "Kheru Mind-Eater", "Nightveil Specter", "Galea, Kindler of Hope"):  # fmt: skip
        assert not card(name).unmodelled, name
