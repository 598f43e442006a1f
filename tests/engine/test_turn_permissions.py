"""Permissions to cast from a zone that are limited (CR 601.3): used once each turn ("Once
during each of your turns, you may cast an instant or sorcery spell from your graveyard",
"During each of your turns, you may cast a creature spell from your graveyard", "You can't
cast more than one spell this way each turn": ``this_turn.permissions_used`` names the
permanents whose permission was used), only during your turns, only for spells sharing a card
type with a card exiled with the permanent (607.2a), for spells with a cycling ability
(702.29f), of the chosen type (607.2d), and a card's own "from your graveyard, but not from
anywhere else"."""

from __future__ import annotations

from typing import Any

import pytest

from engine import FieldError, RequestError
from tests.engine.cards import card, evaluate, rules_of


def cast(board: dict[str, Any], **action: Any) -> dict[str, Any]:
    return evaluate({**board, "action": {"kind": "cast", **action}, "assume_mana": True})


def codes(response: dict[str, Any]) -> list[str]:
    return [step["code"] for step in response["trace"]]


def violation_codes(response: dict[str, Any]) -> list[str]:
    return [violation["code"] for violation in response["violations"]]


def from_graveyard(permanent: str, spell: str, **board: Any) -> dict[str, Any]:
    request = {
        "battlefield": [{"id": "p1", "card": permanent}],
        "graveyard": [{"id": "g1", "card": spell}],
        **board,
    }
    targets = ["opponent"] if spell == "Shock" else []
    return cast(request, card_id="g1", targets=targets, **{"from": "graveyard"})


def test_601_3_once_during_each_of_your_turns_a_spell_may_be_cast_from_your_graveyard() -> None:
    response = from_graveyard("Kess, Dissident Mage", "Shock")

    assert response["legal"] is True
    assert "permission_from" in codes(response)
    assert "permission_once" in codes(response)


def test_601_3_a_once_each_turn_permission_used_this_turn_allows_no_other_spell() -> None:
    response = from_graveyard(
        "Kess, Dissident Mage", "Shock", this_turn={"permissions_used": ["p1"]}
    )

    assert response["legal"] is False
    assert rules_of(response) == ("601.3",)
    assert violation_codes(response) == ["permission_used"]


def test_601_3_a_permission_during_each_of_your_turns_holds_only_on_your_turn() -> None:
    response = from_graveyard(
        "Kess, Dissident Mage", "Shock", turn={"active_player": "opponent", "phase": "main1"}
    )

    assert response["legal"] is False
    assert violation_codes(response) == ["permission_your_turns"]


def test_601_3_another_permission_still_allows_the_cast_when_one_was_used() -> None:
    # Yawgmoth's Agenda: "You may play lands and cast spells from your graveyard."
    board = {
        "battlefield": [
            {"id": "p1", "card": "Kess, Dissident Mage"},
            {"id": "p2", "card": "Yawgmoth's Agenda"},
        ],
        "graveyard": [{"id": "g1", "card": "Shock"}],
        "this_turn": {"permissions_used": ["p1"]},
    }

    response = cast(board, card_id="g1", targets=["opponent"], **{"from": "graveyard"})

    assert response["legal"] is True
    assert "permission_once" not in codes(response)


def test_601_3_a_creature_spell_during_each_of_your_turns_is_one_each_turn() -> None:
    first = from_graveyard("Karador, Ghost Chieftain", "Grizzly Bears")
    second = from_graveyard(
        "Karador, Ghost Chieftain", "Grizzly Bears", this_turn={"permissions_used": ["p1"]}
    )

    assert first["legal"] is True
    assert violation_codes(second) == ["permission_used"]


def test_601_3_the_permission_covers_only_the_spells_it_names() -> None:
    zombie = from_graveyard("Gisa and Geralf", "Twisted Abomination")
    bear = from_graveyard("Gisa and Geralf", "Grizzly Bears")
    small = from_graveyard("Lurrus of the Dream-Den", "Grizzly Bears")
    large = from_graveyard("Lurrus of the Dream-Den", "Twisted Abomination")
    sorcery = from_graveyard("Lurrus of the Dream-Den", "Shock")

    assert zombie["legal"] is True
    assert violation_codes(bear) == ["no_permission_graveyard"]
    assert small["legal"] is True
    assert violation_codes(large) == ["no_permission_graveyard"]
    assert violation_codes(sorcery) == ["no_permission_graveyard"]


def test_601_3_one_spell_this_way_each_turn_limits_the_permission_before_it() -> None:
    board = {
        "battlefield": [{"id": "p1", "card": "Hedonist's Trove"}],
        "exile": [{"id": "e1", "card": "Shock", "owner": "opponent", "exiled_with": "p1"}],
    }

    first = cast(board, card_id="e1", targets=["opponent"], **{"from": "exile"})
    second = cast(
        {**board, "this_turn": {"permissions_used": ["p1"]}},
        card_id="e1",
        targets=["opponent"],
        **{"from": "exile"},
    )

    assert first["legal"] is True
    assert "permission_once" in codes(first)
    assert violation_codes(second) == ["permission_used"]


def test_607_2a_a_spell_sharing_a_card_type_with_a_card_exiled_with_the_permanent() -> None:
    def top_bears(exiled: str) -> dict[str, Any]:
        board = {
            "battlefield": [{"id": "p1", "card": "Cemetery Illuminator"}],
            "library": [{"id": "t1", "card": "Grizzly Bears"}],
            "exile": [{"id": "e1", "card": exiled, "owner": "opponent", "exiled_with": "p1"}],
        }
        return cast(board, card_id="t1", **{"from": "library"})

    shares = top_bears("Llanowar Elves")
    shares_none = top_bears("Shock")

    assert shares["legal"] is True
    assert "permission_once" in codes(shares)
    assert violation_codes(shares_none) == ["permission_no_shared_type"]


def test_702_29f_spells_that_have_a_cycling_ability_include_typecycling() -> None:
    cycling = from_graveyard("Abandoned Sarcophagus", "Hieroglyphic Illumination")
    swampcycling = from_graveyard("Abandoned Sarcophagus", "Twisted Abomination")
    no_cycling = from_graveyard("Abandoned Sarcophagus", "Grizzly Bears")

    assert cycling["legal"] is True
    assert swampcycling["legal"] is True
    assert violation_codes(no_cycling) == ["no_permission_graveyard"]


def test_607_2d_creature_spells_of_the_chosen_type_from_the_top_of_your_library() -> None:
    def top_bears(chosen: dict[str, Any]) -> dict[str, Any]:
        board = {
            "battlefield": [{"id": "p1", "card": "Realmwalker", "chosen": chosen}],
            "library": [{"id": "t1", "card": "Grizzly Bears"}],
        }
        return cast(board, card_id="t1", **{"from": "library"})

    assert top_bears({"type": "Bear"})["legal"] is True
    assert violation_codes(top_bears({"type": "Elf"})) == ["no_permission_library"]
    assert violation_codes(top_bears({})) == ["no_permission_library"]


def test_601_3_a_card_cast_from_its_graveyard_but_not_from_anywhere_else() -> None:
    graveyard = cast(
        {"graveyard": [{"id": "g1", "card": "Haakon, Stromgald Scourge"}]},
        card_id="g1",
        **{"from": "graveyard"},
    )
    hand = cast({}, card="Haakon, Stromgald Scourge")

    assert graveyard["legal"] is True
    assert "permission" in codes(graveyard)
    assert rules_of(hand) == ("601.3",)
    assert violation_codes(hand) == ["restriction_unmet"]


def test_601_3_permissions_used_are_battlefield_ids() -> None:
    with pytest.raises(RequestError) as caught:
        evaluate(
            {
                "action": {"kind": "cast", "card": "Shock"},
                "battlefield": [{"id": "p1", "card": "Kess, Dissident Mage"}],
                "this_turn": {"permissions_used": ["p1", "g9"]},
            }
        )

    errors: tuple[FieldError, ...] = caught.value.errors
    assert [e.field for e in errors] == ["this_turn.permissions_used[1]"]
    assert "battlefield id" in errors[0].message


@pytest.mark.parametrize(
    "name",
    [
        "Kess, Dissident Mage",
        "Karador, Ghost Chieftain",
        "Gisa and Geralf",
        "Lurrus of the Dream-Den",
        "Hedonist's Trove",
        "Cemetery Illuminator",
        "Abandoned Sarcophagus",
        "Realmwalker",
        "Haakon, Stromgald Scourge",
        "Risen Executioner",
        "Augur of Autumn",
        "Graveyard Shift",
        "Theater of Horrors",
        "Windriddle Palaces",
        "Qasali Ambusher",
        "Bolas's Citadel",
        "The Reality Chip",
        "Maestros Ascendancy",
        "Hauken's Insight",
    ],
)
def test_601_3_limited_permissions_are_casting_text_the_engine_models(name: str) -> None:
    assert not card(name).unmodelled


def test_601_2f_a_graveyard_permission_that_costs_more_for_each_other_creature_card() -> None:
    # Risen Executioner: "{1} more to cast it for each other creature card in your graveyard."
    board = {
        "graveyard": [
            {"id": "g1", "card": "Risen Executioner"},
            {"id": "g2", "card": "Grizzly Bears"},
            {"id": "g3", "card": "Llanowar Elves"},
            {"id": "g4", "card": "Shock"},
        ]
    }

    from_graveyard_cast = cast(board, card_id="g1", **{"from": "graveyard"})
    from_hand = cast(board, card="Risen Executioner")

    assert from_graveyard_cast["legal"] is True
    assert from_graveyard_cast["total_cost"] == "{4}{B}{B}"
    assert from_hand["total_cost"] == "{2}{B}{B}"


def test_601_3_coven_a_permission_while_you_control_three_creatures_with_different_powers() -> None:
    def top_bears(creatures: list[str]) -> dict[str, Any]:
        battlefield = [{"id": "p1", "card": "Augur of Autumn"}]
        battlefield += [{"id": f"c{i}", "card": name} for i, name in enumerate(creatures)]
        board = {"battlefield": battlefield, "library": [{"id": "t1", "card": "Grizzly Bears"}]}
        return cast(board, card_id="t1", **{"from": "library"})

    # Augur of Autumn is a 2/3: with a 1/1 and a 3/3, three different powers.
    coven = top_bears(["Llanowar Elves", "Centaur Courser"])
    same_powers = top_bears(["Grizzly Bears", "Llanowar Elves"])

    assert coven["legal"] is True
    assert violation_codes(same_powers) == ["no_permission_library"]


def test_601_3d_flash_as_long_as_five_or_more_mana_values_among_cards_in_your_graveyard() -> None:
    graveyard = [
        {"id": f"g{i}", "card": name}
        for i, name in enumerate(
            ["Ornithopter", "Shock", "Grizzly Bears", "Centaur Courser", "Hill Giant"]
        )
    ]
    opponents_turn = {"turn": {"active_player": "opponent", "phase": "main1"}}

    five = cast({"graveyard": graveyard, **opponents_turn}, card="Graveyard Shift", targets=["g2"])
    four = cast(
        {"graveyard": graveyard[1:], **opponents_turn}, card="Graveyard Shift", targets=["g2"]
    )

    assert five["legal"] is True
    assert "own_flash" in codes(five)
    assert four["legal"] is False
    assert rules_of(four) == ("307.1",)


def test_601_3_during_your_turn_if_an_opponent_lost_life_this_turn_cards_exiled_with_it() -> None:
    board = {
        "battlefield": [{"id": "p1", "card": "Theater of Horrors"}],
        "exile": [{"id": "e1", "card": "Shock", "owner": "opponent", "exiled_with": "p1"}],
    }

    lost = cast(
        {**board, "this_turn": {"life_lost": {"opponent": 2}}},
        card_id="e1",
        targets=["opponent"],
        **{"from": "exile"},
    )
    not_lost = cast(board, card_id="e1", targets=["opponent"], **{"from": "exile"})
    opponents_turn = cast(
        {
            **board,
            "this_turn": {"life_lost": {"opponent": 2}},
            "turn": {"active_player": "opponent", "phase": "main1"},
        },
        card_id="e1",
        targets=["opponent"],
        **{"from": "exile"},
    )

    assert lost["legal"] is True
    assert not_lost["legal"] is False
    assert violation_codes(opponents_turn) == ["permission_your_turns"]


def test_401_5_spells_from_the_top_of_any_player_s_library() -> None:
    # A plane's abilities work from the command zone (311.4): the board lists it as a row.
    board = {
        "battlefield": [{"id": "p1", "card": "Windriddle Palaces"}],
        "library": [{"id": "t1", "card": "Grizzly Bears", "owner": "opponent"}],
    }

    response = cast(board, card_id="t1", **{"from": "library"})

    assert response["legal"] is True
    assert "permission_from" in codes(response)


def test_601_3c_cast_without_paying_its_mana_cost_and_as_though_it_had_flash() -> None:
    # Qasali Ambusher: "If a creature is attacking you and you control a Forest and a Plains,
    # you may cast Qasali Ambusher without paying its mana cost and as though it had flash."
    lands = [{"id": "l1", "card": "Forest"}, {"id": "l2", "card": "Plains"}]
    attacker = {"id": "a1", "card": "Grizzly Bears", "controller": "opponent", "attacking": True}
    combat = {"active_player": "opponent", "phase": "combat", "step": "declare_attackers"}

    attacked = cast(
        {"battlefield": [*lands, attacker], "turn": combat},
        card="Qasali Ambusher",
        alternative_cost="printed",
    )
    not_attacked = cast(
        {"battlefield": lands, "turn": combat}, card="Qasali Ambusher", alternative_cost="printed"
    )

    assert attacked["legal"] is True
    assert attacked["total_cost"] == "{0}"
    assert "601.3c" in [step["rule"] for step in attacked["trace"]]
    assert not_attacked["legal"] is False
    assert rules_of(not_attacked) == ("118.9",)


def test_118_9b_a_permission_that_requires_paying_life_equal_to_the_mana_value() -> None:
    # Bolas's Citadel: "If you cast a spell this way, pay life equal to its mana value rather
    # than pay its mana cost."
    board = {
        "battlefield": [{"id": "p1", "card": "Bolas's Citadel"}],
        "library": [{"id": "t1", "card": "Grizzly Bears"}],
    }

    paid = evaluate({**board, "action": {"kind": "cast", "card_id": "t1", "from": "library"}})
    too_little = evaluate(
        {
            **board,
            "life": {"you": 1},
            "action": {"kind": "cast", "card_id": "t1", "from": "library"},
        }
    )
    other = cast(board, card_id="t1", alternative_cost="{0}", **{"from": "library"})

    assert paid["legal"] is True
    assert (paid["total_cost"], paid["payment"]["life"]) == ("{0}", 2)
    assert "alternative_required" in codes(paid)
    assert rules_of(too_little) == ("119.4",)
    assert violation_codes(other) == ["alternative_required_only"]
    assert rules_of(other) == ("118.9b",)


def test_301_5_a_permission_as_long_as_its_equipment_is_attached_to_a_creature() -> None:
    def top_shock(attached: bool) -> dict[str, Any]:
        chip = {
            "id": "p1",
            "card": "The Reality Chip",
            **({"attached_to": "c1"} if attached else {}),
        }
        board = {
            "battlefield": [chip, {"id": "c1", "card": "Grizzly Bears"}],
            "library": [{"id": "t1", "card": "Shock"}],
        }
        return cast(board, card_id="t1", targets=["opponent"], **{"from": "library"})

    assert top_shock(True)["legal"] is True
    assert violation_codes(top_shock(False)) == ["no_permission_library"]


def test_118_8_a_permission_with_an_additional_cost_sacrificing_a_creature() -> None:
    board = {
        "battlefield": [
            {"id": "p1", "card": "Maestros Ascendancy"},
            {"id": "c1", "card": "Grizzly Bears"},
        ],
        "graveyard": [{"id": "g1", "card": "Shock"}],
    }

    paid = cast(
        board, card_id="g1", targets=["opponent"], sacrifice=["c1"], **{"from": "graveyard"}
    )
    from_hand = cast(board, card="Shock", targets=["opponent"])
    used = cast(
        {**board, "this_turn": {"permissions_used": ["p1"]}},
        card_id="g1",
        targets=["opponent"],
        **{"from": "graveyard"},
    )

    assert paid["legal"] is True
    assert paid["payment"]["sacrifice"] == ["c1"]
    assert "additional_announced" in codes(paid)
    assert "additional_announced" not in codes(from_hand)
    assert violation_codes(used) == ["permission_used"]


def test_118_9_once_during_each_of_your_turns_a_card_exiled_with_it_without_paying() -> None:
    board = {
        "battlefield": [{"id": "p1", "card": "Hauken's Insight"}],
        "exile": [{"id": "e1", "card": "Shock", "exiled_with": "p1"}],
    }

    free = cast(board, card_id="e1", targets=["opponent"], alternative_cost="{0}",
                **{"from": "exile"})  # fmt: skip
    used = cast(
        {**board, "this_turn": {"permissions_used": ["p1"]}},
        card_id="e1",
        targets=["opponent"],
        alternative_cost="{0}",
        **{"from": "exile"},
    )

    assert free["legal"] is True
    assert free["total_cost"] == "{0}"
    assert "alternative_from_permanent" in codes(free)
    assert violation_codes(used) == ["permission_used"]
