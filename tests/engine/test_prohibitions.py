"""Prohibitions on casting (CR 601.3, 601.3a) from permanents: on values chosen for them
(607.2d: "the chosen name/type/color/number", read from the request's ``chosen``), on the
spell's own qualities, on what the caster did this turn, while a creature attacks; and the
card's own "can't cast this spell if …"."""

from __future__ import annotations

import pytest

import engine
from engine import FieldError, Request, RequestError
from tests.engine.cards import CATALOG, evaluate, rules_of


def cast(name: str, battlefield: list[dict[str, object]], **action: object) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, **action},
            "battlefield": battlefield,
            "assume_mana": True,
        }
    )


def permanent(card: str, controller: str = "opponent", **chosen: object) -> dict[str, object]:
    row: dict[str, object] = {"id": "p1", "card": card, "controller": controller}
    if chosen:
        row["chosen"] = chosen
    return row


BOLT = {"targets": ["opponent"]}


def test_607_2d_spells_with_the_chosen_name_cant_be_cast() -> None:
    mage = [permanent("Meddling Mage", name="Lightning Bolt")]

    bolt = cast("Lightning Bolt", mage, **BOLT)
    bears = cast("Grizzly Bears", mage)

    assert (rules_of(bolt), bolt["modelled"]) == (("601.3",), True)
    assert bears["legal"] is True
    assert "Meddling Mage" in bolt["violations"][0]["message"]  # type: ignore[index]


def test_607_2d_the_chosen_name_is_read_in_french_and_written_in_english() -> None:
    data = {
        "action": {"kind": "cast", "card": "Grizzly Bears"},
        "battlefield": [permanent("Meddling Mage", name="Ingérence du mage")],
    }

    written = Request.from_dict(data, CATALOG).to_dict()

    assert written["battlefield"][0]["chosen"] == {"name": "Meddling Mage"}


def test_601_3_a_prohibition_whose_chosen_value_is_not_given_is_not_modelled() -> None:
    response = cast("Lightning Bolt", [permanent("Meddling Mage")], **BOLT)

    assert (response["legal"], response["modelled"]) == (True, False)
    assert any("Meddling Mage" in text for text in response["not_understood"])  # type: ignore[union-attr]


def test_601_3_your_opponents_cant_cast_spells_of_the_chosen_color() -> None:
    theirs = [permanent("Iona, Shield of Emeria", color="R")]
    yours = [permanent("Iona, Shield of Emeria", controller="you", color="R")]

    assert rules_of(cast("Lightning Bolt", theirs, **BOLT)) == ("601.3",)
    assert cast("Lightning Bolt", yours, **BOLT)["legal"] is True
    assert cast("Grizzly Bears", theirs)["legal"] is True


def test_601_3_players_cant_cast_spells_of_the_chosen_card_type() -> None:
    archon = [permanent("Archon of Valor's Reach", controller="you", type="instant")]

    assert rules_of(cast("Lightning Bolt", archon, **BOLT)) == ("601.3",)
    assert cast("Grizzly Bears", archon)["legal"] is True


def test_601_3_noncreature_spells_with_mana_value_equal_to_the_chosen_number() -> None:
    one = [permanent("Sanctum Prelate", number=1)]
    two = [permanent("Sanctum Prelate", number=2)]

    assert rules_of(cast("Lightning Bolt", one, **BOLT)) == ("601.3",)
    assert cast("Lightning Bolt", two, **BOLT)["legal"] is True
    assert cast("Grizzly Bears", two)["legal"] is True  # a creature spell


def test_601_3a_even_mana_values_count_the_announced_x() -> None:
    winnower = [permanent("Void Winnower")]

    odd = cast("Rolling Thunder", winnower, x=1, targets=["opponent"])
    even = cast("Rolling Thunder", winnower, x=2, targets=["opponent"])

    assert (odd["legal"], rules_of(even)) == (True, ("601.3",))
    assert rules_of(cast("Grizzly Bears", winnower)) == ("601.3",)


def test_601_3_noncreature_spells_with_x_in_their_mana_costs_cant_be_cast() -> None:
    teeg = [permanent("Gaddock Teeg")]

    assert rules_of(cast("Rolling Thunder", teeg, x=1, targets=["opponent"])) == ("601.3",)
    assert cast("Lightning Bolt", teeg, **BOLT)["legal"] is True


def test_request_chosen_values_are_checked_with_their_path() -> None:
    data = {
        "action": {"kind": "cast", "card": "Grizzly Bears"},
        "battlefield": [permanent("Iona, Shield of Emeria", color="purple", name="No Such Card")],
    }

    with pytest.raises(RequestError) as caught:
        engine.evaluate(data, CATALOG)

    fields = {error.field for error in caught.value.errors}
    assert fields == {"battlefield[0].chosen.name", "battlefield[0].chosen.color"}
    assert isinstance(caught.value.errors[0], FieldError)


def test_601_3_defending_player_cant_cast_spells_while_it_is_attacking() -> None:
    combat = {"active_player": "opponent", "phase": "combat", "step": "declare_blockers"}
    dragon = {"id": "p1", "card": "Wardscale Dragon", "controller": "opponent"}

    def during(permanent: dict[str, object]) -> dict[str, object]:
        return evaluate(
            {
                "action": {"kind": "cast", "card": "Lightning Bolt", "targets": ["opponent"]},
                "battlefield": [permanent],
                "turn": combat,
                "assume_mana": True,
            }
        )

    assert rules_of(during({**dragon, "attacking": True})) == ("601.3",)
    assert during(dragon)["legal"] is True


def test_601_3_spells_with_the_same_name_as_a_nontoken_permanent() -> None:
    market = permanent("Cornered Market")
    bears = {"id": "c1", "card": "Grizzly Bears"}

    on_board = cast("Grizzly Bears", [market, bears])
    a_token = cast("Grizzly Bears", [market, {**bears, "token": True}])

    assert rules_of(on_board) == ("601.3",)
    assert a_token["legal"] is True


def test_118_9_if_you_control_a_commander_cast_it_without_paying_its_mana_cost() -> None:
    ruhan = {"id": "p1", "card": "Ruhan of the Fomori", "controller": "you"}
    spell = [{"id": "s1", "card": "Lightning Bolt", "controller": "opponent"}]

    def guard(permanent: dict[str, object]) -> dict[str, object]:
        return evaluate(
            {
                "action": {
                    "kind": "cast",
                    "card": "Fierce Guardianship",
                    "alternative_cost": "printed",
                    "targets": ["s1"],
                },
                "battlefield": [permanent],
                "stack": spell,
            }
        )

    commander = guard({**ruhan, "commander": True})

    assert (commander["legal"], commander["total_cost"]) == (True, "{0}")
    assert rules_of(guard(ruhan)) == ("118.9",)


def in_turn(name: str, this_turn: dict[str, object], board: list[dict[str, object]],
            **action: object) -> dict[str, object]:  # fmt: skip
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, **action},
            "battlefield": board,
            "this_turn": this_turn,
            "assume_mana": True,
        }
    )


def test_601_3_you_cant_cast_this_spell_if_you_played_a_land_this_turn() -> None:
    played = in_turn("Rock Jockey", {"lands_played": {"you": 1}}, [])
    not_played = in_turn("Rock Jockey", {"lands_played": {"opponent": 1}}, [])

    assert (rules_of(played), not_played["legal"]) == (("601.3",), True)


def test_601_3_each_opponent_who_attacked_with_a_creature_this_turn_cant_cast_spells() -> None:
    arbiter = [permanent("Angelic Arbiter")]

    attacked = in_turn("Grizzly Bears", {"attacked_with": {"you": 2}}, arbiter)
    did_not = in_turn("Grizzly Bears", {"attacked_with": {"opponent": 2}}, arbiter)

    assert (rules_of(attacked), did_not["legal"]) == (("601.3",), True)


def test_601_3_no_more_than_one_noncreature_spell_each_turn() -> None:
    silence = [permanent("Deafening Silence")]
    one_cast = {"spells": [{"card": "Lightning Bolt", "caster": "you"}]}

    second = in_turn("Lightning Bolt", one_cast, silence, **BOLT)
    creature = in_turn("Grizzly Bears", one_cast, silence)
    first = in_turn("Lightning Bolt", {}, silence, **BOLT)

    assert rules_of(second) == ("601.3",)
    assert (creature["legal"], first["legal"]) == (True, True)


def test_601_3_no_additional_nonartifact_spell_after_one_this_turn() -> None:
    canonist = [permanent("Ethersworn Canonist")]
    one_cast = {"spells": [{"card": "Grizzly Bears", "caster": "you"}]}

    assert rules_of(in_turn("Lightning Bolt", one_cast, canonist, **BOLT)) == ("601.3",)
    assert in_turn("Ornithopter", one_cast, canonist)["legal"] is True


def test_607_2a_spells_with_the_same_name_as_the_exiled_card_cant_be_cast() -> None:
    binding = permanent("Ixalan's Binding")
    exiled = {"id": "e1", "card": "Grizzly Bears", "owner": "you", "exiled_with": "p1"}

    def bears(exile: list[dict[str, object]]) -> dict[str, object]:
        return evaluate(
            {
                "action": {"kind": "cast", "card": "Grizzly Bears"},
                "battlefield": [binding],
                "exile": exile,
                "assume_mana": True,
            }
        )

    assert rules_of(bears([exiled])) == ("601.3",)
    assert bears([{k: v for k, v in exiled.items() if k != "exiled_with"}])["legal"] is True


def test_601_3_cast_this_spell_only_if_no_permanents_named_alike_are_on_the_battlefield() -> None:
    influence = {"id": "p1", "card": "Tidal Influence", "controller": "opponent"}

    another = cast("Tidal Influence", [influence])
    first = cast("Tidal Influence", [{**influence, "face_down": True}])

    assert (rules_of(another), first["legal"]) == (("601.3",), True)
