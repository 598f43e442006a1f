"""Scenario costs: the published list page, one submission, one re-check of the demo set.

Run with ``make bench``. The list page is measured with 200 published scenarios (the page shows
20); a submission goes through validation, the engine and the write; the re-check evaluates
every demo scenario and compares the answers.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from rulesite.cards.models import Card, Keyword
from rulesite.cards.services import load_demo_cards
from rulesite.scenarios.demo import DEMO_SCENARIOS
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import load_demo_scenarios, recheck_scenarios, submit_scenario

pytestmark = [pytest.mark.benchmark, pytest.mark.django_db]

TWINCAST = DEMO_SCENARIOS[0]


@pytest.fixture
def published(db: None) -> None:
    load_demo_cards()
    load_demo_scenarios()
    template = Scenario.objects.get(demo_key=TWINCAST["key"])
    cards = list(Card.objects.filter(name__in=["Burst Lightning", "Twincast"]))
    kicker = Keyword.objects.get(slug="kicker")
    for i in range(200):
        scenario = Scenario.objects.create(
            title=f"Benchmark scenario {i}",
            question=template.question,
            language="en" if i % 2 else "fr",
            scenario=template.scenario,
            answer=template.answer,
            status=Scenario.Status.PUBLISHED,
        )
        scenario.cards.set(cards)
        scenario.keywords.set([kicker])


def test_bench_scenario_list_page(benchmark: Any, published: None) -> None:
    client = Client()

    def get() -> int:
        cache.clear()
        return client.get("/en/scenarios/", {"keyword": "kicker"}).status_code

    assert benchmark(get) == 200


def test_bench_scenario_list_page_cached(benchmark: Any, published: None) -> None:
    client = Client()
    client.get("/en/scenarios/", {"keyword": "kicker"})

    def get() -> str:
        return str(client.get("/en/scenarios/", {"keyword": "kicker"})["X-Rulesite-Cache"])

    assert benchmark(get) == "hit"


def test_bench_submit_scenario(benchmark: Any, published: None) -> None:
    def submit() -> Scenario:
        return submit_scenario(
            title="Benchmark submission",
            question="Does the copy deal 4?",
            language="en",
            author="",
            scenario=copy.deepcopy(TWINCAST["scenario"]),
        )

    assert benchmark(submit).status == Scenario.Status.PENDING


def test_bench_recheck_all_scenarios(benchmark: Any, published: None) -> None:
    report = benchmark(recheck_scenarios)

    assert report.changed == 0
