"""Timing (CR 117.1a, 302.1, 307.1, 702.8a)."""

from __future__ import annotations

import pytest

from tests.engine.cards import evaluate, rules_of

# Every choice made: a creature to target (Grizzly Bears, mana value 2), X announced.
CHOICES: dict[str, dict[str, object]] = {
    "Molten Disaster": {"x": 0},
    "Bloodchief's Thirst": {"targets": ["c9"]},
    "Illuminate": {"x": 1, "targets": ["c9"]},
    "Shock": {"targets": ["c9"]},
}


def cast(
    name: str,
    *,
    active: str = "you",
    phase: str = "main1",
    stack: list[dict[str, object]] | None = None,
) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, **CHOICES.get(name, {})},
            "battlefield": [{"id": "c9", "card": "Grizzly Bears", "controller": "opponent"}],
            "assume_mana": True,
            "turn": {"active_player": active, "phase": phase},
            "stack": stack or [],
        }
    )


def test_307_1_sorcery_on_opponents_turn_is_illegal() -> None:
    response = cast("Molten Disaster", active="opponent")

    assert rules_of(response) == ("307.1",)
    assert response["total_cost"] == "{R}{R}"


@pytest.mark.parametrize("phase", ["beginning", "combat", "end"])
def test_307_1_sorcery_outside_main_phase_is_illegal(phase: str) -> None:
    assert rules_of(cast("Bloodchief's Thirst", phase=phase)) == ("307.1",)


def test_307_1_sorcery_with_nonempty_stack_is_illegal() -> None:
    stack = [{"id": "s1", "card": "Shock", "controller": "opponent"}]

    assert rules_of(cast("Illuminate", stack=stack)) == ("307.1",)


def test_307_1_sorcery_in_second_main_phase_is_legal() -> None:
    assert cast("Illuminate", phase="main2")["legal"] is True


def test_302_1_creature_on_opponents_turn_is_illegal() -> None:
    assert rules_of(cast("Grizzly Bears", active="opponent", phase="combat")) == ("302.1", "302.1")


def test_117_1a_instant_any_time() -> None:
    assert cast("Shock", active="opponent", phase="combat")["legal"] is True


def test_702_8a_flash_creature_on_opponents_turn_is_legal() -> None:
    assert cast("Snapcaster Mage", active="opponent", phase="end")["legal"] is True


def test_117_1a_artifact_at_sorcery_speed() -> None:
    assert rules_of(cast("Trinisphere", phase="combat")) == ("117.1a",)


def test_305_9_a_land_is_never_cast() -> None:
    assert rules_of(cast("Forest")) == ("305.9",)
