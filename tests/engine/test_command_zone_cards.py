"""Cards of casual variants stay in the command zone and are never cast (311.2, 312.2, 313.2,
314.2, 315.3)."""

from __future__ import annotations

import pytest

from tests.engine.cards import card, evaluate, rules_of


def cast(name: str) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name},
            "assume_mana": True,
            "turn": {"active_player": "you", "phase": "main1"},
        }
    )


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("Agyrem", "311.2"),
        ("Chaotic Aether", "312.2"),
        ("Ashnod", "313.2"),
        ("All in Good Time", "314.2"),
        ("Backup Plan", "315.3"),
    ],
)
def test_311_2_to_315_3_a_casual_variants_card_is_never_cast(name: str, rule: str) -> None:
    answer = cast(name)

    assert answer["legal"] is False
    assert rules_of(answer) == (rule,)
    assert answer["violations"][0]["code"] == "command_zone_card"  # type: ignore[index]


def test_118_6_is_not_cited_for_a_plane_that_has_no_mana_cost_since_it_is_never_cast() -> None:
    assert "118.6" not in rules_of(cast("Agyrem"))


def test_314_2_a_scheme_is_not_a_permanent_card() -> None:
    scheme = card("All in Good Time")

    assert scheme.card_types == frozenset({"scheme"})
    assert scheme.is_permanent_card is False
