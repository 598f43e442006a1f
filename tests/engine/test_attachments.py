"""Permanents attached to a permanent or a player (``battlefield[].attached_to``; CR 301.5,
303.4): taxes and prohibitions on the player an Aura enchants or on its enchanted creature's
controller, a prohibition while an Equipment is attached to a creature, modified creatures
(700.9), and the request's checks of what is attached to what."""

from __future__ import annotations

import pytest

import engine
from engine import FieldError, Request, RequestError
from tests.engine.cards import CATALOG, evaluate, rules_of


def cast(
    name: str,
    battlefield: list[dict[str, object]],
    *,
    player: str = "opponent",
    **extra: object,
) -> dict[str, object]:
    action = {"kind": "cast", "card": name, "player": player, **extra.pop("action", {})}  # type: ignore[dict-item]
    return evaluate(
        {
            "action": action,
            "battlefield": battlefield,
            "turn": {"active_player": extra.pop("active", player), "phase": "main1"},
            "assume_mana": True,
            **extra,
        }
    )


def aura(card: str, attached_to: str, controller: str = "you", **more: object) -> dict[str, object]:
    return {"id": "a1", "card": card, "controller": controller, "attached_to": attached_to, **more}


BEARS = {"id": "b1", "card": "Grizzly Bears", "controller": "opponent"}


def test_303_4_spells_you_cast_that_target_enchanted_player_cost_less() -> None:
    curse = aura("Infectious Curse", "opponent")

    at_them = cast("Shock", [curse], player="you", action={"targets": ["opponent"]})
    at_me = cast("Shock", [curse], player="you", action={"targets": ["you"]})

    assert (at_them["total_cost"], at_them["modelled"]) == ("{R}", True)
    assert at_them["cost_steps"][1]["label"] == "− {1} (Infectious Curse)"  # type: ignore[index]
    assert at_me["cost_steps"][1]["label"] == "Total cost {R} locked in"  # type: ignore[index]


def test_303_4_spells_with_the_chosen_name_enchanted_player_casts_cost_more() -> None:
    curse = aura("Curse of Silence", "opponent", chosen={"name": "Shock"})

    named = cast("Shock", [curse], action={"targets": ["you"]})
    other = cast("Lightning Bolt", [curse], action={"targets": ["you"]})
    by_me = cast("Shock", [curse], player="you", action={"targets": ["opponent"]})

    assert (named["total_cost"], named["modelled"]) == ("{2}{R}", True)
    assert other["total_cost"] == "{R}"
    assert by_me["total_cost"] == "{R}"


def test_601_3_enchanted_player_cant_cast_more_than_one_spell_each_turn() -> None:
    curse = aura("Curse of Exhaustion", "opponent")
    second = {"spells_cast": {"opponent": 1}}

    first = cast("Shock", [curse], action={"targets": ["you"]})
    again = cast("Shock", [curse], action={"targets": ["you"]}, this_turn=second)
    mine = cast("Shock", [curse], player="you", action={"targets": ["opponent"]}, this_turn={
        "spells_cast": {"you": 1}})  # fmt: skip

    assert first["legal"] is True
    assert (again["legal"], rules_of(again)) == (False, ("601.3",))
    assert mine["legal"] is True


def test_601_3_enchanted_creatures_controller_cant_cast_creature_spells() -> None:
    brand = aura("Brand of Ill Omen", "b1")

    creature = cast("Grizzly Bears", [BEARS, brand])
    instant = cast("Shock", [BEARS, brand], action={"targets": ["you"]})
    loose = cast("Grizzly Bears", [BEARS, {"id": "a1", "card": "Brand of Ill Omen"}])

    assert (creature["legal"], rules_of(creature), creature["modelled"]) == (
        False,
        ("601.3",),
        True,
    )
    assert instant["legal"] is True
    assert loose["legal"] is True  # attached to nothing, it enchants no creature


def test_601_3_while_attached_to_a_creature_opponents_cant_cast_spells_during_your_turn() -> None:
    mine = {"id": "m1", "card": "Grizzly Bears", "controller": "you"}
    flail = aura("Conqueror's Flail", "m1")
    unattached = {"id": "a1", "card": "Conqueror's Flail", "controller": "you"}

    equipped = cast("Shock", [mine, flail], action={"targets": ["you"]}, active="you")
    their_turn = cast("Shock", [mine, flail], action={"targets": ["you"]})
    bare = cast("Shock", [mine, unattached], action={"targets": ["you"]}, active="you")

    assert (equipped["legal"], rules_of(equipped)) == (False, ("601.3",))
    assert their_turn["legal"] is True
    assert bare["legal"] is True


def test_700_9_this_spell_costs_1_less_for_each_modified_creature_you_control() -> None:
    board = [
        {"id": "m1", "card": "Grizzly Bears", "controller": "you", "counters": {"+1/+1": 1}},
        {"id": "m2", "card": "Savannah Lions", "controller": "you"},
        aura("Conqueror's Flail", "m2"),
        {"id": "m3", "card": "Grizzly Bears", "controller": "you"},
        {"id": "a2", "card": "Pacifism", "controller": "opponent", "attached_to": "m3"},
        {"id": "m4", "card": "Serra Angel", "controller": "you"},
        {"id": "a3", "card": "Pacifism", "controller": "you", "attached_to": "m4"},
    ]

    response = cast("Walking Skyscraper", board, player="you")

    # Counters, an Equipment and an Aura you control modify; an opponent's Aura doesn't.
    assert (response["total_cost"], response["modelled"]) == ("{5}", True)


@pytest.mark.parametrize(
    ("attached_to", "reason"),
    [("a1", "attached to itself"), ("zz", "'zz' is not a battlefield id or a player")],
)
def test_request_attached_to_names_another_permanent_or_a_player(
    attached_to: str, reason: str
) -> None:
    data = {
        "action": {"kind": "cast", "card": "Grizzly Bears"},
        "battlefield": [aura("Pacifism", attached_to)],
    }

    with pytest.raises(RequestError) as raised:
        engine.evaluate(data, CATALOG)

    error = raised.value.errors[0]
    assert isinstance(error, FieldError)
    assert (error.path, reason in error.message) == (("battlefield", 0, "attached_to"), True)


def test_request_attached_to_round_trips() -> None:
    data = {
        "action": {"kind": "cast", "card": "Grizzly Bears"},
        "battlefield": [BEARS, aura("Pacifism", "b1"), aura("Infectious Curse", "opponent") | {
            "id": "a2"}],
    }  # fmt: skip

    written = Request.from_dict(data, CATALOG).to_dict()

    assert [p.get("attached_to") for p in written["battlefield"]] == [None, "b1", "opponent"]
