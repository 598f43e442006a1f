"""Fixtures for the scenario tests: ready-made scenarios and rows (the demo cards are the
suite's ``cards`` data set)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from rulesite.scenarios.models import Scenario

# Twincast copying a kicked Burst Lightning (the seeds: "If you copy a kicked spell on the
# stack, the copy is also kicked").
TWINCAST_KICKED_BURST: dict[str, Any] = {
    "action": {"kind": "copy_spell", "player": "you", "copy_of": "s1"},
    "stack": [
        {
            "id": "s1",
            "card": "Burst Lightning",
            "controller": "you",
            "kicker": [1],
            "targets": ["opponent"],
        },
        {"id": "s2", "card": "Twincast", "controller": "you", "targets": ["s1"]},
    ],
    "turn": {"active_player": "you", "phase": "main1"},
}

SHOCK_UNDER_KICKED_DISASTER: dict[str, Any] = {
    "action": {"kind": "cast", "player": "you", "card": "Shock", "targets": ["opponent"]},
    "battlefield": [
        {"id": "m1", "card": "Mountain", "controller": "you"},
        {"id": "m2", "card": "Mountain", "controller": "you"},
    ],
    "stack": [
        {"id": "s1", "card": "Molten Disaster", "controller": "opponent", "kicker": [1], "x": 2}
    ],
    "turn": {"active_player": "opponent", "phase": "main1"},
}

STORED_ANSWER: dict[str, Any] = {
    "legal": True,
    "violations": [],
    "mana_value": 1,
    "total_cost": None,
    "additional_costs": [],
    "cost_steps": [],
    "payment": None,
    "kicked": True,
    "kick_count": 1,
    "kicked_with": [1],
    "split_second": False,
    "targets_required": 1,
    "result": {"kind": "spell", "kicked": True, "counters": {}, "damage": 4},
    "trace": [
        {
            "rule": "707.10",
            "text": "A copy of a spell copies whether it was kicked.",
            "text_fr": "Une copie d'un sort copie le fait qu'il a été kické.",
        }
    ],
    "not_understood": [],
    "card": "Burst Lightning",
}


@pytest.fixture
def twincast_scenario() -> dict[str, Any]:
    return copy.deepcopy(TWINCAST_KICKED_BURST)


@pytest.fixture
def shock_scenario() -> dict[str, Any]:
    return copy.deepcopy(SHOCK_UNDER_KICKED_DISASTER)


@pytest.fixture
def make_scenario(db: None) -> Callable[..., Scenario]:
    """A stored scenario row as moderation left it (arranged directly, answer given)."""

    def make(**fields: Any) -> Scenario:
        cards_ = fields.pop("cards", [])
        keywords = fields.pop("keywords", [])
        values: dict[str, Any] = {
            "title": "Does the copy of my kicked Burst Lightning deal 4?",
            "question": "I copy it with **Twincast**.",
            "language": "en",
            "scenario": copy.deepcopy(TWINCAST_KICKED_BURST),
            "answer": copy.deepcopy(STORED_ANSWER),
            "status": Scenario.Status.PUBLISHED,
        }
        values.update(fields)
        scenario = Scenario.objects.create(**values)
        scenario.cards.set(cards_)
        scenario.keywords.set(keywords)
        return scenario

    return make
