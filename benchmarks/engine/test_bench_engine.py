"""Engine benchmarks (pytest-benchmark): ``pytest benchmarks/engine --benchmark-only``."""

from __future__ import annotations

import json
import statistics
import time

import pytest

from engine import ManaCost, evaluate
from engine.mana import Color, ManaType
from engine.payment import Convoker, ManaSource, Payment, find_payment
from tests.engine.cards import catalog

CATALOG = catalog()

TYPICAL = {
    "action": {
        "kind": "cast",
        "card": "Kavu Primarch",
        "kicker": [1],
        "convoke": ["c1", "c2", "c3"],
    },
    "battlefield": [
        {"id": "c1", "card": "Grizzly Bears"},
        {"id": "c2", "card": "Savannah Lions"},
        {"id": "c3", "card": "Raging Goblin", "summoning_sick": True},
        {"id": "e1", "card": "Llanowar Elves"},
        {"id": "f1", "card": "Forest"},
        {"id": "f2", "card": "Forest"},
        {"id": "f3", "card": "Forest"},
        {"id": "m1", "card": "Mountain"},
        {"id": "t1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"},
        {"id": "h1", "card": "Heartless Summoning"},
    ],
    "turn": {"active_player": "you", "phase": "main1"},
}


@pytest.mark.benchmark
def test_bench_evaluate_typical_kicked_convoke_cast(benchmark: pytest.FixtureRequest) -> None:
    response = benchmark(evaluate, TYPICAL, CATALOG)  # type: ignore[operator]

    assert response["legal"] is True


# The typical cast may cost at most this many times its JSON floor: reading its request text
# and writing its answer as JSON, which the API does around every evaluate (C code, so the
# ratio holds on a faster or a loaded machine). On 2026-12-01 a floor was 30 µs on the
# development machine: 100 µs, the goal, is 3.3 floors (the typical cast measured 2.7).
FLOORS = 3.3


def _median_seconds(call: object, rounds: int = 2000) -> float:
    assert callable(call)
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


@pytest.mark.benchmark
def test_bench_evaluate_typical_cast_within_its_json_floors(
    benchmark: pytest.FixtureRequest,
) -> None:
    text = json.dumps(TYPICAL)
    answer = evaluate(TYPICAL, CATALOG)
    floor = _median_seconds(lambda: (json.loads(text), json.dumps(answer)))

    response = benchmark(evaluate, TYPICAL, CATALOG)  # type: ignore[operator]

    assert response == answer
    median = benchmark.stats.stats.median  # type: ignore[attr-defined]
    benchmark.extra_info["floors"] = round(median / floor, 2)  # type: ignore[attr-defined]
    assert median <= FLOORS * floor, f"{median / floor:.2f} JSON floors (at most {FLOORS})"


FLASHBACK = {
    "action": {
        "kind": "cast",
        "from": "graveyard",
        "card_id": "g1",
        "alternative_cost": "flashback",
        "targets": ["you"],
    },
    "battlefield": [{"id": f"i{i}", "card": "Island"} for i in range(1, 5)],
    "graveyard": [{"id": "g1", "card": "Deep Analysis"}, {"id": "g2", "card": "Shock"}],
    "stack": [{"id": "s1", "card": "Shock", "controller": "opponent", "targets": ["you"]}],
    "this_turn": {"life_lost": {"opponent": 2}},
    "turn": {"active_player": "you", "phase": "main1"},
}


@pytest.mark.benchmark
def test_bench_evaluate_typical_flashback_cast_from_the_graveyard(
    benchmark: pytest.FixtureRequest,
) -> None:
    response = benchmark(evaluate, FLASHBACK, CATALOG)  # type: ignore[operator]

    assert (response["legal"], response["total_cost"]) == (False, "{1}{U}")  # sorcery, stack


@pytest.mark.benchmark
def test_bench_evaluate_typical_cast_payment_not_memoized(
    benchmark: pytest.FixtureRequest,
) -> None:
    def evaluate_cold() -> dict[str, object]:
        find_payment.cache_clear()
        return evaluate(TYPICAL, CATALOG)

    response = benchmark(evaluate_cold)  # type: ignore[operator]

    assert response["legal"] is True


@pytest.mark.benchmark
def test_bench_convoke_payment_search_20_creatures(benchmark: pytest.FixtureRequest) -> None:
    colors = [Color.GREEN, Color.WHITE, Color.RED, Color.BLUE, Color.BLACK]
    convokers = tuple(Convoker(f"c{i}", frozenset({colors[i % 5]})) for i in range(20))
    sources = tuple(
        ManaSource(f"l{i}", (frozenset({ManaType.GREEN}),), is_land=True) for i in range(4)
    )
    cost = ManaCost.parse("{14}{G}{G}{W}{W}{R}{U}{B}{G}")

    search = find_payment.__wrapped__  # the search itself, not its memo
    payment = benchmark(search, cost, sources=sources, convokers=convokers)  # type: ignore[operator]

    assert isinstance(payment, Payment)
