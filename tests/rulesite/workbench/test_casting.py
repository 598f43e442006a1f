"""The adapter between the card table and the engine (rulesite/workbench/casting.py)."""

from __future__ import annotations

from typing import Any

import pytest
from cardset import load_workbench_cards

import engine
from rulesite.cards.models import Card
from rulesite.workbench import presets
from rulesite.workbench.casting import (
    DatabaseCatalog,
    definition_for,
    evaluate_scenario,
    initial_from_scenario,
)
from rulesite.workbench.forms import Workbench, data_from_initial


@pytest.fixture
def workbench_cards(db: None) -> None:
    """The cards the presets and the seed clarifications use, with some of their rulings."""
    load_workbench_cards()


def test_catalog_finds_a_card_by_french_name_without_accents(workbench_cards: None) -> None:
    catalog = DatabaseCatalog()

    definition = catalog.get("eclair EXPLOSIF")

    assert definition is not None
    assert definition.name == "Burst Lightning"
    assert [str(c) for c in definition.kicker_costs] == ["{4}"]


def test_catalog_preload_finds_english_names_in_one_query(
    workbench_cards: None, django_assert_num_queries: Any
) -> None:
    catalog = DatabaseCatalog()
    names = ["Burst Lightning", "Thalia, Guardian of Thraben", "Forest"]

    with django_assert_num_queries(1):
        catalog.preload(names)
        found = [catalog.card(n) for n in names]

    assert [c.name if c else None for c in found] == names


def test_catalog_preload_finds_french_and_folded_names_in_two_queries(
    workbench_cards: None, django_assert_num_queries: Any
) -> None:
    catalog = DatabaseCatalog()
    names = ["Burst Lightning", "thalia, guardian of thraben", "Forêt", "No Such Card"]

    with django_assert_num_queries(2):
        catalog.preload(names)
        found = [catalog.card(n) for n in names]

    assert [c.name if c else None for c in found] == [
        "Burst Lightning",
        "Thalia, Guardian of Thraben",
        "Forest",
        None,
    ]


def test_catalog_suggests_close_names_for_a_misspelling(workbench_cards: None) -> None:
    assert "Burst Lightning" in DatabaseCatalog().suggest("Burst Lightnin")


def test_definition_is_parsed_once_per_version_of_the_card_text(workbench_cards: None) -> None:
    card = Card.objects.get(name="Shock")

    first = definition_for(card)
    again = definition_for(Card.objects.get(name="Shock"))
    card.oracle_text = "Kicker {1}\nShock deals 2 damage to any target."
    edited = definition_for(card)

    assert again is first
    assert edited is not first
    assert [str(c) for c in edited.kicker_costs] == ["{1}"]


def test_evaluate_scenario_reports_an_unknown_card_with_suggestions(
    workbench_cards: None,
) -> None:
    with pytest.raises(engine.RequestError) as caught:
        evaluate_scenario({"action": {"kind": "cast", "card": "Burst Lightnin"}})

    (error,) = caught.value.errors
    assert error.field == "action.card"
    assert "Burst Lightning" in error.message


def test_evaluate_scenario_refuses_too_many_objects_before_any_query(
    db: None, django_assert_num_queries: Any
) -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Shock"},
        "battlefield": [{"id": f"p{i}", "card": "Forest"} for i in range(500)],
    }

    with django_assert_num_queries(0), pytest.raises(engine.RequestError) as caught:
        evaluate_scenario(scenario)

    assert [e.field for e in caught.value.errors] == ["battlefield"]


def test_evaluate_scenario_702_33_kicked_burst_lightning_deals_4(workbench_cards: None) -> None:
    response = evaluate_scenario(
        {
            "action": {"kind": "cast", "card": "Éclair explosif", "kicker": [1]},
            "assume_mana": True,
        }
    )

    assert response["total_cost"] == "{4}{R}"
    assert response["kicked"] is True
    assert response["result"]["damage"] == 4


@pytest.mark.parametrize("preset", presets.PRESETS, ids=lambda p: p.slug)
def test_form_and_scenario_are_the_same_structure(
    workbench_cards: None, preset: presets.Preset
) -> None:
    catalog = DatabaseCatalog()
    bench = Workbench(data_from_initial(initial_from_scenario(preset.scenario)), catalog=catalog)

    assert bench.is_valid(), (bench.cast.errors, bench.battlefield.errors, bench.stack.errors)
    assert bench.scenario() == preset.scenario


def test_initial_from_scenario_ignores_values_of_the_wrong_type() -> None:
    initial = initial_from_scenario(
        {
            "action": {"kind": "cast", "card": 3, "kicker": "yes", "x": True},
            "battlefield": [{"id": "p1"}, "junk", {"id": "p2", "card": "Forest", "kicker": 1}],
            "stack": None,
        }
    )

    assert initial["card"] == ""
    assert "x" not in initial
    assert initial["battlefield"] == [
        {
            "id": "p2",
            "card": "Forest",
            "controller": "you",
            "flags": [],
            "counters": None,
        }
    ]
    assert initial["stack"] == []


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

    response = evaluate_scenario(preset.scenario)

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
    scenario = {
        "action": {"kind": "cast", "card": "Shock"},
        "battlefield": [{"id": f"p{i}", "card": f"Made Up {i}"} for i in range(150)],
    }

    with django_assert_max_num_queries(2 + 3), pytest.raises(engine.RequestError) as caught:
        evaluate_scenario(scenario)

    assert len(caught.value.errors) == 150
