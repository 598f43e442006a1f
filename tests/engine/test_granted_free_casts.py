"""Alternative costs that permanents offer (CR 118.9), with their limits: "You may cast spells
with mana value less than or equal to the number of lands you control without paying their
mana costs" (and its controller's "only during your turn … no more than two spells each turn",
601.3), "Any player may cast creature spells with mana value 3 or less without paying their
mana costs and as though they had flash" (601.3c), and "Once each turn, you may pay {0} rather
than pay the mana cost for a spell you cast with mana value X or less, where X is the number of
time counters on ~" (``this_turn.permissions_used``)."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import card, evaluate, rules_of

FREE = "{0}"


def cast(board: dict[str, Any], name: str, **action: Any) -> dict[str, Any]:
    request = {**board, "action": {"kind": "cast", "card": name, **action}, "assume_mana": True}
    return evaluate(request)


def codes(response: dict[str, Any]) -> list[str]:
    return [step["code"] for step in response["trace"]]


def violation_codes(response: dict[str, Any]) -> list[str]:
    return [violation["code"] for violation in response["violations"]]


def fires(lands: int, **board: Any) -> dict[str, Any]:
    battlefield = [{"id": "p1", "card": "Fires of Invention"}]
    battlefield += [{"id": f"l{i}", "card": "Forest"} for i in range(lands)]
    return {"battlefield": battlefield, **board}


def test_118_9_a_permanent_lets_spells_up_to_the_number_of_lands_be_cast_for_free() -> None:
    response = cast(fires(3), "Centaur Courser", alternative_cost=FREE)

    assert response["legal"] is True
    assert response["total_cost"] == "{0}"
    assert "alternative_from_permanent" in codes(response)


def test_118_9_a_spell_above_the_permanent_s_mana_value_limit_is_not_free() -> None:
    response = cast(fires(2), "Centaur Courser", alternative_cost=FREE)

    assert response["legal"] is False
    assert rules_of(response) == ("118.9",)
    assert violation_codes(response) == ["alternative_mana_value_above"]
    assert response["violations"][0]["params"]["count"] == 2


def test_601_3_you_can_cast_spells_only_during_your_turn_and_no_more_than_two_each_turn() -> None:
    third = cast(fires(3, this_turn={"spells_cast": {"you": 2}}), "Grizzly Bears")
    second = cast(fires(3, this_turn={"spells_cast": {"you": 1}}), "Grizzly Bears")
    opponents_turn = cast(
        fires(3, turn={"active_player": "opponent", "phase": "main1"}), "Shock", targets=["you"]
    )
    opponent_casts = evaluate(
        {
            **fires(3),
            "action": {"kind": "cast", "card": "Grizzly Bears", "player": "opponent"},
            "turn": {"active_player": "opponent", "phase": "main1"},
            "this_turn": {"spells_cast": {"opponent": 2}},
            "assume_mana": True,
        }
    )

    assert violation_codes(third) == ["prohibited"]
    assert second["legal"] is True
    assert violation_codes(opponents_turn) == ["prohibited"]
    assert opponent_casts["legal"] is True


def test_601_3c_creature_spells_cast_for_free_may_be_cast_as_though_they_had_flash() -> None:
    board = {
        "battlefield": [{"id": "p1", "card": "Aluren", "controller": "opponent"}],
        "turn": {"active_player": "opponent", "phase": "main1"},
    }

    free = cast(board, "Centaur Courser", alternative_cost=FREE)
    paid = cast(board, "Centaur Courser")
    too_big = cast(board, "Hill Giant", alternative_cost=FREE)

    assert free["legal"] is True
    assert "flash_permission" in codes(free)
    assert rules_of(paid) == ("302.1",)
    assert "alternative_mana_value_above" not in violation_codes(too_big)
    assert too_big["legal"] is False


def test_118_9_once_each_turn_a_spell_with_mana_value_up_to_the_time_counters_is_free() -> None:
    def foretold(counters: int, **board: Any) -> dict[str, Any]:
        permanent = {"id": "p1", "card": "As Foretold", "counters": {"time": counters}}
        return {"battlefield": [permanent], **board}

    first = cast(foretold(2), "Grizzly Bears", alternative_cost=FREE)
    too_few = cast(foretold(1), "Grizzly Bears", alternative_cost=FREE)
    used = cast(
        foretold(2, this_turn={"permissions_used": ["p1"]}), "Grizzly Bears", alternative_cost=FREE
    )

    assert first["legal"] is True
    assert "alternative_from_permanent" in codes(first)
    assert "permission_once" in codes(first)
    assert violation_codes(too_few) == ["alternative_mana_value_above"]
    assert violation_codes(used) == ["permission_used"]
    assert rules_of(used) == ("118.9",)


def test_118_9_alternative_costs_from_permanents_are_casting_text_the_engine_models() -> None:
    for name in ("Fires of Invention", "Aluren", "As Foretold"):
        assert not card(name).unmodelled, name
