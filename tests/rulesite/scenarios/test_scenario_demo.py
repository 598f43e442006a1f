"""The demo scenarios: a dozen and more, French and English, answered by the engine at load."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

from rulesite.scenarios.demo import DEMO_SCENARIOS
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import load_demo_scenarios
from rulesite.workbench.services import evaluate

pytestmark = pytest.mark.usefixtures("cards")


def test_demo_scenarios_load_published_in_both_languages() -> None:
    report = load_demo_scenarios()

    assert report.skipped == []
    assert report.created == len(DEMO_SCENARIOS) >= 12
    published = Scenario.objects.published()
    assert published.count() == len(DEMO_SCENARIOS)
    assert set(published.values_list("language", flat=True)) == {"en", "fr"}


def test_demo_answers_are_the_engines_answers() -> None:
    load_demo_scenarios()

    for scenario in Scenario.objects.all():
        assert scenario.answer == evaluate(scenario.scenario).answer


def test_demo_answers_match_the_clarifications() -> None:
    load_demo_scenarios()
    answers = {s.demo_key: s.answer for s in Scenario.objects.all()}

    # "If you copy a kicked spell on the stack, the copy is also kicked."
    assert answers["twincast-kicked-burst-lightning-en"]["result"]["damage"] == 4
    # "If a card or token enters as a copy of a permanent, the new permanent isn't kicked."
    assert answers["clone-kicked-gnarlid-colony-en"]["kicked"] is False
    # "If Molten Disaster was kicked, Molten Disaster has split second."
    shock = answers["shock-under-kicked-molten-disaster-en"]
    assert shock["legal"] is False
    assert shock["violations"][0]["rule"].startswith("702.61")
    # "Players may turn face-down creatures face up while a spell with split second is on
    # the stack."
    assert answers["face-up-under-split-second-en"]["legal"] is True
    # Thalia adds {1}, Goblin Electromancer takes {1} off: kicked Burst Lightning costs {4}{R}.
    assert answers["thalia-electromancer-burst-lightning-en"]["total_cost"] == "{4}{R}"
    assert answers["eclair-explosif-valeur-de-mana-fr"]["mana_value"] == 1


def test_loading_twice_changes_nothing() -> None:
    load_demo_scenarios()
    before = list(Scenario.objects.order_by("pk").values("pk", "answer", "title"))

    report = load_demo_scenarios()

    assert report.created == 0
    assert report.unchanged == len(DEMO_SCENARIOS)
    assert list(Scenario.objects.order_by("pk").values("pk", "answer", "title")) == before


def test_load_demo_command_includes_scenarios(db: None) -> None:
    call_command("load_demo", verbosity=0)

    assert Scenario.objects.published().count() == len(DEMO_SCENARIOS)


def test_demo_scenarios_are_listed_on_the_scenarios_page_in_french(client: Client) -> None:
    load_demo_scenarios()

    body = client.get("/fr/scenarios/", {"language": "fr"}).content.decode()

    assert "La copie de mon Éclair explosif kické inflige-t-elle 4 blessures ?" in body
