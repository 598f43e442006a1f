"""Mutate (CR 702.140a) and cleave (702.148a), alternative costs named by their keyword in
``alternative_cost``, and assist (702.132a), another player paying generic mana: each read
from the card's own text, on real cards."""

from __future__ import annotations

from typing import Any

import pytest

from engine import RequestError
from tests.engine.cards import card, evaluate, rules_of

Answer = dict[str, Any]
BEARS = {"id": "c1", "card": "Grizzly Bears"}
HUMAN = {"id": "c2", "card": "Ana Battlemage"}  # Creature — Human Wizard
THEIR_BEARS = {"id": "c3", "card": "Grizzly Bears", "controller": "opponent"}
BOARD = {"battlefield": [BEARS, HUMAN, THEIR_BEARS]}


def cast(name: str, board: dict[str, object] | None = None, **action: object) -> Answer:
    request = {"assume_mana": True, **(board or BOARD)}
    return evaluate({**request, "action": {"kind": "cast", "card": name, **action}})


def codes(answer: Answer) -> list[str]:
    return [v["code"] for v in answer["violations"]]


def trace_codes(answer: Answer) -> list[tuple[str, str]]:
    return [(step["rule"], step["code"]) for step in answer["trace"]]


# --- Mutate ---------------------------------------------------------------------------------


def test_702_140a_mutate_pays_the_mutate_cost_and_targets_a_non_human_creature() -> None:
    answer = cast("Gemrazer", alternative_cost="mutate", targets=["c1"])

    assert (answer["legal"], answer["total_cost"], answer["alternative_cost"]) == (
        True,
        "{1}{G}{G}",
        "mutate",
    )
    assert answer["mana_value"] == 4  # 118.9c: its mana cost is still {3}{G}
    assert ("702.140a", "cast_mutating") in trace_codes(answer)
    assert answer["modelled"] is True


def test_702_140a_a_mutating_spell_can_t_target_a_human() -> None:
    answer = cast("Gemrazer", alternative_cost="mutate", targets=["c2"])

    assert (answer["legal"], codes(answer)) == (False, ["target_illegal"])


def test_702_140a_a_mutating_spell_targets_a_creature_with_the_same_owner() -> None:
    answer = cast("Gemrazer", alternative_cost="mutate", targets=["c3"])

    assert (answer["legal"], codes(answer)) == (False, ["target_illegal"])


def test_702_140a_a_mutating_spell_needs_its_target_chosen() -> None:
    answer = cast("Gemrazer", alternative_cost="mutate")

    assert (answer["legal"], answer["missing"]) == (False, ["targets"])


def test_702_140a_cast_for_its_mana_cost_a_mutate_creature_has_no_target() -> None:
    answer = cast("Gemrazer")

    assert (answer["legal"], answer["total_cost"], answer["targets_required"]) == (
        True,
        "{3}{G}",
        0,
    )


def test_702_140a_mutate_keeps_the_card_s_flash() -> None:
    board = {**BOARD, "turn": {"phase": "combat", "active_player": "opponent"}}

    answer = cast("Sea-Dasher Octopus", board, alternative_cost="mutate", targets=["c1"])

    assert (answer["legal"], answer["total_cost"]) == (True, "{1}{U}")


def test_118_9a_mutate_is_offered_among_the_card_s_alternative_costs() -> None:
    assert card("Gemrazer").alternative_keys == ("mutate",)


# --- Cleave ---------------------------------------------------------------------------------


def test_702_148a_without_its_cleave_cost_the_bracketed_words_apply() -> None:
    answer = cast("Fierce Retribution", targets=["c1"])  # the bears are not attacking

    assert (answer["legal"], answer["total_cost"], codes(answer)) == (
        False,
        "{1}{W}",
        ["no_legal_target"],
    )


def test_702_148a_cleave_removes_the_words_in_square_brackets() -> None:
    answer = cast("Fierce Retribution", alternative_cost="cleave", targets=["c1"])

    assert (answer["legal"], answer["total_cost"], answer["mana_value"]) == (True, "{5}{W}", 2)
    assert ("702.148a", "cast_cleaved") in trace_codes(answer)


def test_702_148a_cleave_widens_alchemist_s_retrieval_to_any_nonland_permanent() -> None:
    printed = cast("Alchemist's Retrieval", targets=["c3"])
    cleaved = cast("Alchemist's Retrieval", alternative_cost="cleave", targets=["c3"])

    assert (printed["legal"], codes(printed)) == (False, ["target_illegal"])
    assert (cleaved["legal"], cleaved["total_cost"]) == (True, "{1}{U}")


def test_702_148a_the_printed_text_is_read_with_the_bracketed_words() -> None:
    retrieval = card("Alchemist's Retrieval")

    assert retrieval.not_understood == ()
    assert retrieval.clauses[-1].targets[0].filter.controller.value == "you"


# --- Assist ---------------------------------------------------------------------------------

ISLAND = {"battlefield": [{"id": "l1", "card": "Island"}]}


def test_702_132a_another_player_pays_generic_mana_of_huddle_up() -> None:
    answer = evaluate(
        {
            **ISLAND,
            "action": {"kind": "cast", "card": "Huddle Up", "targets": ["you", "opponent"],
                       "assist": 2},
        }
    )  # fmt: skip

    assert (answer["legal"], answer["total_cost"]) == (True, "{2}{U}")
    assert (answer["payment"]["mana"], answer["payment"]["assist"]) == ("{U}", 2)
    assert ("702.132a", "assist_pays") in trace_codes(answer)


def test_702_132a_without_assist_one_island_can_t_pay_huddle_up() -> None:
    answer = evaluate(
        {**ISLAND, "action": {"kind": "cast", "card": "Huddle Up", "targets": ["you", "opponent"]}}
    )

    assert (answer["legal"], rules_of(answer)) == (False, ("601.2h",))


def test_702_132a_assist_pays_only_the_generic_part() -> None:
    answer = evaluate(
        {
            **ISLAND,
            "action": {"kind": "cast", "card": "Huddle Up", "targets": ["you", "opponent"],
                       "assist": 3},
        }
    )  # fmt: skip

    assert (answer["legal"], codes(answer)) == (False, ["assist_overpaid"])


def test_702_132a_assist_pays_x_of_gang_up() -> None:
    answer = cast("Gang Up", {"battlefield": [BEARS]}, x=2, assist=2, targets=["c1"])

    assert (answer["legal"], answer["total_cost"], answer["payment"]["assist"]) == (
        True,
        "{2}{B}",
        2,
    )


def test_702_132a_a_spell_without_assist_can_t_be_assisted() -> None:
    answer = cast("Think Twice", {}, assist=1)

    assert (rules_of(answer), codes(answer)) == (("702.132a",), ["no_assist"])


def test_702_132a_assist_is_a_count_of_mana() -> None:
    with pytest.raises(RequestError) as raised:
        evaluate({"action": {"kind": "cast", "card": "Huddle Up", "assist": -1}})

    assert [error.field for error in raised.value.errors] == ["action.assist"]
