"""The one evaluate service (rulesite/workbench/services.py): every caller's way to the engine."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from rulesite.workbench import presets
from rulesite.workbench.services import evaluate


def test_evaluate_reports_an_unknown_card_with_suggestions(workbench_cards: None) -> None:
    with pytest.raises(engine.RequestError) as caught:
        evaluate({"action": {"kind": "cast", "card": "Burst Lightnin"}})

    assert caught.value.errors == (
        engine.FieldError(
            field="action.card",
            message="unknown card 'Burst Lightnin'; did you mean Burst Lightning?",
        ),
    )


def test_evaluate_refuses_too_many_objects_without_looking_them_up(
    workbench_cards: None, django_assert_num_queries: Any
) -> None:
    request = {
        "action": {"kind": "cast", "card": "Shock"},
        "battlefield": [{"id": f"p{i}", "card": f"Made Up {i}"} for i in range(500)],
    }

    with django_assert_num_queries(1), pytest.raises(engine.RequestError) as caught:
        evaluate(request)

    assert caught.value.errors == (
        engine.FieldError(field="battlefield", message="has more than 200 objects"),
    )


def test_evaluate_702_33_kicked_burst_lightning_deals_4(workbench_cards: None) -> None:
    evaluation = evaluate(
        {"action": {"kind": "cast", "card": "Éclair explosif", "kicker": [1]}, "assume_mana": True}
    )

    assert (str(evaluation.outcome.total_cost.mana), evaluation.outcome.kick_count) == ("{4}{R}", 1)  # type: ignore[union-attr]
    assert evaluation.answer["result"]["damage"] == 4
    assert evaluation.row(evaluation.acted_on).name_fr == "Éclair explosif"  # type: ignore[union-attr]


def test_evaluate_takes_a_typed_request_as_well(workbench_cards: None) -> None:
    first = evaluate({"action": {"kind": "cast", "card": "Shock"}, "assume_mana": True})

    again = evaluate(first.request, catalog=first.catalog)

    assert again.answer == first.answer


PRESET_ANSWERS = {
    # The clarification each preset illustrates, as the engine must answer it.
    "copy-of-kicked-spell": {"legal": True, "result_kicked": True, "damage": 4},
    "clone-of-kicked-creature": {"legal": True, "result_kicked": False, "counters": {}},
    "split-second-face-down": {"legal": True, "kind": "special_action"},
    "split-second-kicked-molten-disaster": {"legal": False, "rules": ["702.61a"]},
    "convoke-multicolored": {"legal": True, "total_cost": "{7}{G}", "convoked": 4},
    "increase-and-reduction": {"legal": True, "total_cost": "{4}{R}", "mana_value": 1},
}


@pytest.mark.parametrize("preset", presets.PRESETS, ids=lambda p: p.slug)
def test_every_preset_gets_the_answer_of_its_clarification_with_the_demo_cards(
    demo_data: None, preset: presets.Preset
) -> None:
    expected = PRESET_ANSWERS[preset.slug]

    response = evaluate(preset.scenario).answer

    answer = {
        "legal": response["legal"],
        "result_kicked": response["result"]["kicked"],
        "damage": response["result"]["damage"],
        "counters": response["result"]["counters"],
        "kind": response["result"]["kind"],
        "rules": [v["rule"] for v in response["violations"]],
        "total_cost": response["total_cost"],
        "mana_value": response["mana_value"],
        "convoked": len((response["payment"] or {}).get("convoke", [])),
    }
    assert {key: answer[key] for key in expected} == expected


def test_a_request_full_of_unknown_names_searches_suggestions_only_a_few_times(
    workbench_cards: None, django_assert_max_num_queries: Any
) -> None:
    request = {
        "action": {"kind": "cast", "card": "Shock"},
        "battlefield": [{"id": f"p{i}", "card": f"Made Up {i}"} for i in range(150)],
    }

    with django_assert_max_num_queries(2 + 3), pytest.raises(engine.RequestError) as caught:
        evaluate(request)

    assert len(caught.value.errors) == 150
