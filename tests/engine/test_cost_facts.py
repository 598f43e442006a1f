"""Cost changes that read a fact of the game the request holds (601.2f): the day/night
designation (730.1), on real Oracle text."""

from __future__ import annotations

from typing import Any

import pytest

from engine import EngineError, Request
from tests.engine.cards import CATALOG, evaluate


def slash(turn: dict[str, Any]) -> dict[str, Any]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": "Moonrager's Slash", "targets": ["opponent"]},
            "turn": turn,
            "assume_mana": True,
        }
    )


def test_730_1_moonragers_slash_costs_2_less_only_at_night() -> None:
    night = slash({"active_player": "you", "phase": "main1", "day_night": "night"})
    day = slash({"active_player": "you", "phase": "main1", "day_night": "day"})

    assert night["modelled"] is True, night["not_understood"]
    assert night["total_cost"] == "{R}"
    assert day["total_cost"] == "{2}{R}"


def test_730_1_a_game_starts_with_neither_day_nor_night() -> None:
    neither = slash({"active_player": "you", "phase": "main1"})

    assert neither["modelled"] is True
    assert neither["total_cost"] == "{2}{R}"


def test_730_1_the_day_night_designation_round_trips_in_the_request() -> None:
    data = {
        "action": {"kind": "cast", "card": "Moonrager's Slash", "targets": ["opponent"]},
        "turn": {"active_player": "you", "phase": "main1", "day_night": "night"},
    }

    assert Request.from_dict(data, CATALOG).to_dict()["turn"]["day_night"] == "night"
    assert "day_night" not in Request.from_dict({**data, "turn": {}}, CATALOG).to_dict().get(
        "turn", {}
    )


def test_730_1_an_unknown_designation_is_refused_with_its_field() -> None:
    data = {
        "action": {"kind": "cast", "card": "Moonrager's Slash"},
        "turn": {"day_night": "dusk"},
    }

    with pytest.raises(EngineError) as refused:
        Request.from_dict(data, CATALOG)

    assert "turn.day_night" in str(refused.value)


def cast_with(name: str, permanent: str, exile: list[dict[str, Any]], **row: Any) -> str:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": name, **row},
            "battlefield": [{"id": "p1", "card": permanent, "controller": "you"}],
            "exile": exile,
            "assume_mana": True,
        }
    )
    assert response["modelled"] is True, response["not_understood"]
    return str(response["total_cost"])


def exiled(ident: str, name: str, exiled_with: str | None = "p1") -> dict[str, Any]:
    card: dict[str, Any] = {"id": ident, "card": name, "owner": "opponent"}
    if exiled_with is not None:
        card["exiled_with"] = exiled_with
    return card


def test_607_2a_cemetery_prowler_reduces_once_for_each_card_type_shared_with_its_cards() -> None:
    bears = [exiled("e1", "Grizzly Bears")]
    bears_and_familiar = [*bears, exiled("e2", "Jhoira's Familiar")]

    assert cast_with("Jhoira's Familiar", "Cemetery Prowler", []) == "{4}"
    assert cast_with("Jhoira's Familiar", "Cemetery Prowler", bears) == "{3}"
    assert cast_with("Jhoira's Familiar", "Cemetery Prowler", bears_and_familiar) == "{2}"
    shock = {"targets": ["opponent"]}
    assert cast_with("Moonrager's Slash", "Cemetery Prowler", bears, **shock) == "{2}{R}"


def test_406_6_cemetery_prowler_counts_only_the_cards_it_exiled() -> None:
    elsewhere = [exiled("e1", "Grizzly Bears", exiled_with=None)]

    assert cast_with("Jhoira's Familiar", "Cemetery Prowler", elsewhere) == "{4}"


def test_607_2a_semblance_anvil_reduces_spells_sharing_a_type_with_the_exiled_card() -> None:
    bears = [exiled("e1", "Grizzly Bears")]
    target = {"targets": ["opponent"]}

    assert cast_with("Jhoira's Familiar", "Semblance Anvil", bears) == "{2}"
    assert cast_with("Moonrager's Slash", "Semblance Anvil", bears, **target) == "{2}{R}"
    assert cast_with("Jhoira's Familiar", "Semblance Anvil", []) == "{4}"
    assert (
        cast_with("Jhoira's Familiar", "Semblance Anvil", [exiled("e1", "Grizzly Bears", None)])
        == "{4}"
    )


def slash_with_mizzix(controller: str, counters: dict[str, Any]) -> str:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Moonrager's Slash", "targets": ["opponent"]},
            "battlefield": [
                {"id": "p1", "card": "Mizzix of the Izmagnus", "controller": controller}
            ],
            "player_counters": counters,
            "assume_mana": True,
        }
    )
    assert response["modelled"] is True, response["not_understood"]
    return str(response["total_cost"])


def test_122_1_mizzix_reduces_once_for_each_experience_counter_its_controller_has() -> None:
    assert slash_with_mizzix("you", {}) == "{2}{R}"
    assert slash_with_mizzix("you", {"you": {"experience": 1}}) == "{1}{R}"
    assert slash_with_mizzix("you", {"you": {"experience": 5}}) == "{R}"
    assert (
        slash_with_mizzix("you", {"opponent": {"experience": 2}, "you": {"poison": 2}}) == "{2}{R}"
    )


def test_122_1_counters_on_players_round_trip_in_the_request() -> None:
    data = {
        "action": {"kind": "cast", "card": "Moonrager's Slash", "targets": ["opponent"]},
        "player_counters": {"you": {"experience": 3}, "opponent": {"poison": 0}},
    }

    written = Request.from_dict(data, CATALOG).to_dict()

    assert written["player_counters"] == {"you": {"experience": 3}}
    with pytest.raises(EngineError) as refused:
        Request.from_dict({**data, "player_counters": {"you": {"experience": -1}}}, CATALOG)
    assert "player_counters.you.experience" in str(refused.value)


def ink(*permanents: str) -> str:
    battlefield = [
        {"id": f"p{index}", "card": name, "controller": "you"}
        for index, name in enumerate(permanents)
    ]
    bears = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Assassin's Ink", "targets": ["c1"]},
            "battlefield": [*battlefield, bears],
            "assume_mana": True,
        }
    )
    assert response["modelled"] is True, response["not_understood"]
    return str(response["total_cost"])


def test_601_2f_assassins_ink_reads_both_of_its_conditional_reductions() -> None:
    assert ink() == "{2}{B}{B}"
    assert ink("Semblance Anvil") == "{1}{B}{B}"
    assert ink("Rule of Law") == "{1}{B}{B}"
    assert ink("Semblance Anvil", "Rule of Law") == "{B}{B}"


def changeling(mine: list[str], theirs: list[str] = [], **action: Any) -> str:  # noqa: B006
    battlefield = [
        {"id": f"p{index}", "card": name, "controller": "you"} for index, name in enumerate(mine)
    ] + [
        {"id": f"o{index}", "card": name, "controller": "opponent"}
        for index, name in enumerate(theirs)
    ]
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Valiant Changeling", **action},
            "battlefield": battlefield,
            "assume_mana": True,
        }
    )
    assert response["modelled"] is True, response["not_understood"]
    return str(response["total_cost"])


def test_205_3m_valiant_changeling_counts_creature_types_among_your_creatures() -> None:
    assert changeling([]) == "{5}{W}{W}"
    assert changeling(["Grizzly Bears"]) == "{4}{W}{W}"
    assert changeling(["Grizzly Bears", "Grizzly Bears", "Goblin Guide"]) == "{2}{W}{W}"
    assert changeling([], theirs=["Goblin Guide"]) == "{5}{W}{W}"


def test_702_73a_a_changeling_counts_every_type_and_the_reduction_stops_at_5() -> None:
    assert changeling(["Valiant Changeling"]) == "{W}{W}"
    assert changeling(["Valiant Changeling"], cost_increases=["{2}"]) == "{2}{W}{W}"
    assert changeling(["Grizzly Bears"], cost_increases=["{2}"]) == "{6}{W}{W}"


def brawl(counters: dict[str, int]) -> str:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Titanic Brawl", "targets": ["p1", "o1"]},
            "battlefield": [
                {"id": "p1", "card": "Grizzly Bears", "controller": "you", "counters": counters},
                {"id": "o1", "card": "Goblin Guide", "controller": "opponent"},
            ],
            "assume_mana": True,
        }
    )
    assert not any("less to cast" in text for text in response["not_understood"])  # type: ignore[attr-defined]
    return str(response["total_cost"])


def test_122_1_titanic_brawl_costs_1_less_targeting_your_creature_with_a_counter() -> None:
    assert brawl({"+1/+1": 1}) == "{G}"
    assert brawl({}) == "{1}{G}"
    assert brawl({"charge": 2}) == "{1}{G}"
