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
