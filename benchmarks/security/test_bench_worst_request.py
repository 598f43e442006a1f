"""The worst request the site accepts, timed through the whole stack (``make bench``).

Every accepted API request answers within 50 ms on the development machine (2 cores): the engine's
limits (engine.contract: 200 permanents, 50 spells, 10 cost increases and 40 mana symbols in
them, 30 ids per list, 20 kicks) bound the work, and the payment search is polynomial in the
cost (engine.payment). The requests below sit at those limits, built to make each expensive
step do the most it can: 30 convoking creatures of every color pair and 170 mana sources of
every kind, so the matching has the most kinds of payers; monocolored hybrid symbols in every
cost increase, which are the ones that send the search through its binary search; Kavu
Primarch, whose convoke and kicker both apply; the stack at 50 spells, targets at 30; a body
just under the 64 KB cap. Each is answered 200 (legal or not), never refused.
"""

from __future__ import annotations

import itertools
import json
import sys
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from engine.contract import MAX_COST_INCREASES, MAX_COST_SYMBOLS, MAX_PERMANENTS, MAX_STACK
from rulesite.core.cache import CACHE_STATUS_HEADER
from rulesite.workbench.permalink import encode_scenario

pytestmark = [pytest.mark.benchmark, pytest.mark.django_db]

BOUND_SECONDS = 0.050
CONVOKERS = 30
CREATURES = ["Grizzly Bears", "Savannah Lions", "Raging Goblin", "Llanowar Elves", "Serra Angel"]
SOURCES = ["Forest", "Plains", "Mountain", "Island", "Swamp", "Everflowing Chalice"]
HYBRIDS = ["{2/W}", "{2/U}", "{2/B}", "{2/R}", "{2/G}"]


def _increases() -> list[str]:
    per = MAX_COST_SYMBOLS // MAX_COST_INCREASES
    return ["".join(HYBRIDS[(i + j) % 5] for j in range(per)) for i in range(MAX_COST_INCREASES)]


def worst_cast() -> dict[str, Any]:
    battlefield: list[dict[str, Any]] = [
        {"id": f"c{i}", "card": CREATURES[i % len(CREATURES)]} for i in range(CONVOKERS)
    ]
    battlefield += [
        {
            "id": f"m{i}",
            "card": SOURCES[i % len(SOURCES)],
            "counters": {"charge": 3} if SOURCES[i % len(SOURCES)] == "Everflowing Chalice" else {},
        }
        for i in range(MAX_PERMANENTS - CONVOKERS)
    ]
    return {
        "action": {
            "kind": "cast",
            "card": "Kavu Primarch",
            "kicker": [1],
            "convoke": [f"c{i}" for i in range(CONVOKERS)],
            "cost_increases": _increases(),
        },
        "battlefield": battlefield,
        "turn": {"active_player": "you", "phase": "main1"},
    }


def worst_stack() -> dict[str, Any]:
    scenario = worst_cast()
    scenario["battlefield"] = scenario["battlefield"][: MAX_PERMANENTS - 0]
    scenario["stack"] = [
        {"id": f"s{i}", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]}
        for i in range(MAX_STACK)
    ]
    scenario["action"] = {
        "kind": "cast",
        "card": "Fork",
        "targets": [f"s{i}" for i in range(30)],
        "cost_increases": _increases(),
    }
    return scenario


@pytest.fixture
def client_with_cards(db: None) -> Client:
    call_command("load_demo", verbosity=0)
    return Client()


def _forget_memos() -> None:
    """Empty every memo of the engine, as for a request unlike any before it."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("engine"):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def _answer(client: Client, body: bytes) -> dict[str, Any]:
    response = client.post("/api/v1/evaluate", body, content_type="application/json")
    assert response.status_code == 200, response.content[:500]
    assert response[CACHE_STATUS_HEADER] == "miss"  # computed, not a remembered answer
    return response.json()


def _unlike_any_before(scenario: dict[str, Any]) -> Any:
    """A setup for each round: the engine's memos emptied, and the request made new (its last
    mana source renamed, the same work) so that the site's answer cache can't answer it."""
    rounds = itertools.count()

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        _forget_memos()
        fresh = json.loads(json.dumps(scenario))
        fresh["battlefield"][-1]["id"] = f"m-round-{next(rounds)}"
        return (json.dumps(fresh).encode(),), {}

    return setup


@pytest.mark.parametrize("build", [worst_cast, worst_stack], ids=["convoke-cast", "full-stack"])
def test_bench_worst_accepted_request_answers_within_50_ms(
    benchmark: Any, client_with_cards: Client, build: Any
) -> None:
    scenario = build()
    body = json.dumps(scenario).encode()
    assert len(body) < 64 * 1024
    _answer(client_with_cards, body)  # warm: card rows and parsed definitions cached

    setup = _unlike_any_before(scenario)

    def answer(fresh: bytes) -> dict[str, Any]:
        return _answer(client_with_cards, fresh)

    result = benchmark.pedantic(answer, setup=setup, rounds=60)

    assert "legal" in result
    # The median and three rounds in four; the slowest round is reported, not asserted: on a
    # machine shared with other work it measures the neighbours as much as the request.
    assert benchmark.stats.stats.median < BOUND_SECONDS
    assert benchmark.stats.stats.q3 < BOUND_SECONDS


def _page(client: Client, url: str) -> int:
    response = client.get(url)
    assert response.status_code == 200
    assert response[CACHE_STATUS_HEADER] == "miss"  # drawn, not a kept page
    return len(response.content)


@pytest.mark.parametrize("build", [worst_cast, worst_stack], ids=["convoke-cast", "full-stack"])
def test_bench_worst_accepted_workbench_link(
    benchmark: Any, client_with_cards: Client, build: Any
) -> None:
    scenario = build()
    _page(client_with_cards, f"/en/workbench/?s={encode_scenario(scenario)}")
    new_request = _unlike_any_before(scenario)

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        # A link unlike any before (the page cache can't answer it), the engine's memos empty.
        (body,), _ = new_request()
        url = f"/en/workbench/?s={encode_scenario(json.loads(body))}"
        return (client_with_cards, url), {}

    size = benchmark.pedantic(_page, setup=setup, rounds=5)

    # Not within the bound: the page draws a form row per permanent and spell, about 2 ms a
    # row (README, "Bounded work").
    assert size > 0
