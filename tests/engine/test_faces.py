"""Cards with several faces: a split card casts one half (709.3), an adventurer its creature
or its Adventure (715.3), a double-faced card its front face or a modal card's back face
(712.11b); each with only that face's characteristics. On the battlefield a modal card has
a permanent face up (712.8f)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import CardDefinition, DictCatalog, FieldError, Request, RequestError
from tests.engine.cards import CATALOG, evaluate, rules_of
from tests.engine.cards_faces import SHARED_NAMES


def cast(card: str, **action: Any) -> dict[str, Any]:
    board = action.pop("board", {})
    assume = {"assume_mana": True} if action.pop("assume_mana", False) else {}
    return evaluate({"action": {"kind": "cast", "card": card, **action}, **board, **assume})


def lands(name: str, count: int) -> list[dict[str, str]]:
    return [{"id": f"l{i}", "card": name} for i in range(count)]


def trace_rules(response: dict[str, Any]) -> list[str]:
    return [step["rule"] for step in response["trace"]]


def test_709_3_a_split_card_casts_its_first_half_unless_another_is_chosen() -> None:
    board = {"battlefield": lands("Mountain", 2)}

    fire = cast("Fire // Ice", targets=["opponent"], board=board)

    assert (fire["legal"], fire["card"], fire["total_cost"]) == (True, "Fire", "{1}{R}")
    assert "709.3" in trace_rules(fire)


def test_709_3b_the_half_cast_has_only_its_own_cost_and_targets() -> None:
    board = {"battlefield": lands("Island", 2)}

    ice = cast("Fire // Ice", face=1, targets=["l0"], board=board)

    assert (ice["legal"], ice["card"], ice["total_cost"], ice["mana_value"]) == (
        True,
        "Ice",
        "{1}{U}",
        2,
    )
    assert ice["targets_required"] == 1


def test_715_3_an_adventurer_is_cast_as_its_adventure_or_as_the_creature() -> None:
    opponents_turn = {"turn": {"active_player": "opponent", "phase": "main1"}}

    stomp = cast("Bonecrusher Giant // Stomp", face=1, targets=["opponent"], assume_mana=True,
                 board=opponents_turn)  # fmt: skip
    giant = cast("Bonecrusher Giant // Stomp", assume_mana=True, board=opponents_turn)

    assert (stomp["legal"], stomp["card"], stomp["total_cost"]) == (True, "Stomp", "{1}{R}")
    assert "715.3" in trace_rules(stomp)
    assert (giant["legal"], giant["card"], rules_of(giant)) == (False, "Bonecrusher Giant",
                                                                ("302.1",))  # fmt: skip


def test_712_11_a_modal_double_faced_card_casts_its_spell_face() -> None:
    # "Sorcery // Land": the sorcery is cast; the land face is played, never cast.
    response = cast("Agadeem's Awakening // Agadeem, the Undercrypt", x=1, assume_mana=True)

    assert (response["legal"], response["total_cost"]) == (True, "{1}{B}{B}{B}")


def test_712_8f_a_modal_double_faced_land_on_the_battlefield_has_its_land_face_up() -> None:
    agadeem = {"id": "a1", "card": "Agadeem's Awakening // Agadeem, the Undercrypt"}

    request = Request.from_dict(
        {"action": {"kind": "put_trigger_on_stack"}, "battlefield": [agadeem]}, CATALOG
    )
    bolt = cast("Lightning Bolt", targets=["opponent"], board={"battlefield": [agadeem]})

    land = request.board.battlefield[0].card
    assert (land.name, sorted(land.card_types)) == ("Agadeem, the Undercrypt", ["land"])
    assert rules_of(bolt) == ("601.2h",)  # it taps for {B}, not {R}


def test_712_11_a_transforming_cards_back_face_cant_be_cast() -> None:
    with pytest.raises(RequestError) as caught:
        cast("Delver of Secrets // Insectile Aberration", face=1)

    assert caught.value.errors == (
        FieldError(
            "action.face",
            "is not a face Delver of Secrets // Insectile Aberration casts: 0 (Delver of Secrets)",
        ),
    )


def test_702_127a_an_aftermath_half_is_cast_only_from_a_graveyard() -> None:
    graveyard = {"graveyard": [{"id": "g1", "card": "Commit // Memory"}]}

    from_graveyard = cast("Commit // Memory", face=1, card_id="g1", assume_mana=True,
                          board=graveyard, **{"from": "graveyard"})  # fmt: skip
    from_hand = cast("Commit // Memory", face=1, assume_mana=True)
    commit_from_graveyard = cast("Commit // Memory", card_id="g1", assume_mana=True,
                                 targets=["opponent"], board=graveyard,
                                 **{"from": "graveyard"})  # fmt: skip

    assert (from_graveyard["legal"], from_graveyard["card"]) == (True, "Memory")
    assert rules_of(from_hand) == ("702.127a",)
    assert commit_from_graveyard["legal"] is False


def test_request_a_face_round_trips_under_the_whole_cards_name() -> None:
    data = {"action": {"kind": "cast", "card": "Feu // Glace", "face": 1}}

    request = Request.from_dict(data, CATALOG)

    assert request.action.card is not None
    assert request.action.card.name == "Ice"
    assert request.to_dict() == {"action": {"kind": "cast", "card": "Fire // Ice", "face": 1}}


def test_request_a_face_of_a_card_with_one_is_refused() -> None:
    with pytest.raises(RequestError) as caught:
        cast("Lightning Bolt", face=1)

    assert caught.value.errors == (FieldError("action.face", "Lightning Bolt has one face"),)


def test_709_3_a_split_card_is_named_by_either_half() -> None:
    board = {"battlefield": lands("Island", 2)}

    ice = cast("Ice", targets=["l0"], board=board)
    glace = cast("glace", targets=["l0"], board=board)
    fire = cast("Fire", targets=["opponent"], assume_mana=True)

    assert (ice["legal"], ice["card"], ice["total_cost"]) == (True, "Ice", "{1}{U}")
    assert (glace["card"], fire["card"]) == ("Ice", "Fire")


def test_715_3_an_adventure_is_cast_when_named_by_its_own_name() -> None:
    opponents_turn = {"turn": {"active_player": "opponent", "phase": "main1"}}

    stomp = cast("Stomp", targets=["opponent"], assume_mana=True, board=opponents_turn)
    giant = cast("Bonecrusher Giant", assume_mana=True)

    assert (stomp["legal"], stomp["card"], stomp["total_cost"]) == (True, "Stomp", "{1}{R}")
    assert (giant["legal"], giant["card"], giant["total_cost"]) == (
        True,
        "Bonecrusher Giant",
        "{2}{R}",
    )


def test_715_3_a_face_given_wins_over_the_face_named() -> None:
    giant = cast("Stomp", face=0, assume_mana=True)

    assert (giant["card"], giant["total_cost"]) == ("Bonecrusher Giant", "{2}{R}")


def test_request_a_face_named_by_its_own_name_round_trips_as_the_whole_card_and_its_face() -> None:
    request = Request.from_dict({"action": {"kind": "cast", "card": "Piétineur"}}, CATALOG)

    assert request.to_dict() == {
        "action": {"kind": "cast", "card": "Bonecrusher Giant // Stomp", "face": 1}
    }


def test_712_11_a_transforming_cards_back_face_named_is_refused_at_the_card() -> None:
    with pytest.raises(RequestError) as caught:
        cast("Insectile Aberration")

    assert caught.value.errors == (
        FieldError(
            "action.card",
            "names Insectile Aberration, which is not a face Delver of Secrets // Insectile "
            "Aberration casts: 0 (Delver of Secrets)",
        ),
    )


def test_712_11_a_card_put_onto_the_battlefield_by_a_face_name_enters_as_the_card() -> None:
    request = Request.from_dict(
        {"action": {"kind": "put_onto_battlefield", "card": "Stomp"}}, CATALOG
    )

    assert request.action.card is not None
    assert (request.action.card.name, request.action.face) == ("Bonecrusher Giant", None)


def found_in_either_order(first: str, second: str, name: str) -> list[CardDefinition | None]:
    cards = [CardDefinition.parse(**SHARED_NAMES[n]) for n in (first, second)]  # type: ignore[arg-type]
    return [DictCatalog(order).get(name) for order in (cards, cards[::-1])]


def test_709_3_a_cards_own_name_is_found_before_a_face_of_the_same_name() -> None:
    found = found_in_either_order("Intervene", "Integrity // Intervention", "Intervention")
    face = found_in_either_order("Intervene", "Integrity // Intervention", "Interposition")

    assert [card.name if card else None for card in found] == ["Intervene", "Intervene"]
    assert [card.whole_name if card else None for card in face] == [
        "Integrity // Intervention",
        "Integrity // Intervention",
    ]


def test_catalog_an_english_name_is_found_before_another_cards_french_name() -> None:
    found = found_in_either_order("Badlands", "Desolation", "desolation")

    assert [card.name if card else None for card in found] == ["Desolation", "Desolation"]


@pytest.mark.parametrize(
    ("asked", "name"),
    [("Désolation", "Badlands"), ("DÉSOLATION", "Badlands"), ("Desolation", "Desolation")],
)
def test_catalog_a_name_spelled_with_its_accents_is_found_before_one_that_only_folds_alike(
    asked: str, name: str
) -> None:
    found = found_in_either_order("Badlands", "Desolation", asked)

    assert [card.name if card else None for card in found] == [name, name]


def test_catalog_a_french_name_two_cards_share_finds_the_one_whose_english_name_folds_alike() -> (
    None
):
    shared = found_in_either_order("Censor", "Reprobation", "Réprobation")
    english = found_in_either_order("Censor", "Reprobation", "censor")

    assert [card.name if card else None for card in shared] == ["Reprobation", "Reprobation"]
    assert [card.name if card else None for card in english] == ["Censor", "Censor"]


BEARS_OPPOSITE = {"battlefield": [{"id": "b1", "card": "Grizzly Bears", "controller": "opponent"}]}


def test_702_102a_a_split_card_with_fuse_is_cast_with_both_halves() -> None:
    fused = cast("Turn // Burn", fuse=True, targets=["b1", "opponent"], assume_mana=True,
                 board=BEARS_OPPOSITE)  # fmt: skip

    assert (fused["legal"], fused["card"], fused["targets_required"]) == (True, "Turn // Burn", 2)
    assert "702.102b" in trace_rules(fused)


def test_702_102c_a_fused_spells_total_cost_includes_the_mana_cost_of_each_half() -> None:
    fused = cast("Far // Away", fuse=True, targets=["b1", "opponent"], assume_mana=True,
                 board=BEARS_OPPOSITE)  # fmt: skip

    assert (fused["total_cost"], fused["mana_value"]) == ("{3}{U}{B}", 5)


def test_702_102a_a_fused_cast_only_from_a_hand() -> None:
    graveyard = {"graveyard": [{"id": "g1", "card": "Far // Away"}]}

    fused = cast("Far // Away", fuse=True, card_id="g1", assume_mana=True, board=graveyard,
                 **{"from": "graveyard"})  # fmt: skip

    assert fused["legal"] is False
    assert "702.102a" in rules_of(fused)


def test_702_102a_fuse_is_refused_for_a_split_card_without_it_and_with_a_face() -> None:
    errors = []
    for action in ({"card": "Fire // Ice", "fuse": True}, {"card": "Far // Away", "fuse": True,
                                                            "face": 1}):  # fmt: skip
        with pytest.raises(RequestError) as caught:
            Request.from_dict({"action": {"kind": "cast", **action}}, CATALOG)
        errors.extend(caught.value.errors)

    assert errors == [
        FieldError("action.fuse", "Fire // Ice has no fuse"),
        FieldError("action.face", "is omitted when both halves are cast fused"),
    ]


def test_request_a_fused_cast_round_trips() -> None:
    data = {"action": {"kind": "cast", "card": "Far // Away", "fuse": True}}

    assert Request.from_dict(data, CATALOG).to_dict() == data


def on_adventure(owner: str = "you") -> dict[str, Any]:
    return {"exile": [{"id": "e1", "card": "Bonecrusher Giant // Stomp", "owner": owner,
                       "on_adventure": True}]}  # fmt: skip


def test_715_3d_the_owner_of_a_card_on_an_adventure_may_cast_the_creature_from_exile() -> None:
    giant = cast("Bonecrusher Giant // Stomp", card_id="e1", assume_mana=True,
                 board=on_adventure(), **{"from": "exile"})  # fmt: skip
    without = cast("Bonecrusher Giant // Stomp", card_id="e1", assume_mana=True,
                   board={"exile": [{"id": "e1", "card": "Bonecrusher Giant // Stomp"}]},
                   **{"from": "exile"})  # fmt: skip

    assert (giant["legal"], giant["card"], giant["total_cost"]) == (True, "Bonecrusher Giant",
                                                                    "{2}{R}")  # fmt: skip
    assert "715.3d" in trace_rules(giant)
    assert rules_of(without) == ("601.3",)


def test_715_3d_a_card_on_an_adventure_cant_be_cast_as_the_adventure_again() -> None:
    stomp = cast("Bonecrusher Giant // Stomp", card_id="e1", face=1, targets=["opponent"],
                 assume_mana=True, board=on_adventure(), **{"from": "exile"})  # fmt: skip

    assert stomp["legal"] is False
    assert rules_of(stomp) == ("715.3d",)
    assert stomp["violations"][0]["code"] == "adventure_not_again"


def test_715_3d_only_the_cards_owner_may_cast_it_from_its_adventure() -> None:
    giant = cast("Bonecrusher Giant // Stomp", card_id="e1", assume_mana=True,
                 board=on_adventure("opponent"), **{"from": "exile"})  # fmt: skip

    assert giant["legal"] is False
    assert "not_your_card" in [v["code"] for v in giant["violations"]]


def test_715_3d_only_an_adventurer_card_goes_on_an_adventure() -> None:
    with pytest.raises(RequestError) as caught:
        cast("Shock", card_id="e1", board={"exile": [{"id": "e1", "card": "Shock",
                                                       "on_adventure": True}]},
             **{"from": "exile"})  # fmt: skip

    assert [e.field for e in caught.value.errors] == ["exile[0].on_adventure"]
    assert "has no Adventure" in caught.value.errors[0].message
