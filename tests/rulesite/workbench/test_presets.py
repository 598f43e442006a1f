"""Every example the site offers is a board that can happen: the engine reads each preset and
each demo scenario without a request error (no creature attacking in a main phase)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from rulesite.scenarios.demo import DEMO_SCENARIOS
from rulesite.workbench import presets
from rulesite.workbench.services import evaluate

EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    *((f"preset:{p.slug}", p.scenario) for p in presets.PRESETS),
    *((f"demo:{d['key']}", d["scenario"]) for d in DEMO_SCENARIOS),
]


@pytest.mark.parametrize(("name", "scenario"), EXAMPLES, ids=[name for name, _ in EXAMPLES])
def test_every_preset_and_demo_scenario_is_a_possible_board(
    demo_data: None, name: str, scenario: dict[str, Any]
) -> None:
    try:
        evaluation = evaluate(scenario)
    except engine.RequestError as error:
        pytest.fail(f"{name} is not a possible board: {error}")

    assert evaluation.answer["legal"] is evaluation.outcome.legal
