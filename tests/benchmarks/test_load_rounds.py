"""The load benchmark's figures over rounds (benchmarks/load/bench.py, run as a script)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks" / "load"))

import bench  # noqa: E402


def _round(p50: int, *, requests: int = 1000, non2xx: int = 0) -> dict[str, Any]:
    return {
        "requests": requests,
        "duration_us": 1_000_000,
        "rps": float(requests),
        "p50_us": p50,
        "p95_us": 2 * p50,
        "p99_us": 3 * p50,
        "max_us": 4 * p50,
        "mean_us": float(p50),
        "non2xx": non2xx,
        "connect_errors": 0,
        "read_errors": 0,
        "write_errors": 1,
        "timeouts": 0,
    }


def test_merged_rounds_keep_the_median_latency_and_every_failure() -> None:
    rounds = [_round(100), _round(300, non2xx=2), _round(200)]

    row = bench.merged(rounds)

    assert row["p50_us"] == 200
    assert row["p95_us"] == 400
    assert row["max_us"] == 1200
    assert row["rps"] == pytest.approx(1000.0)
    assert row["non2xx"] == 2
    assert row["write_errors"] == 3
    assert [r["p50_us"] for r in row["rounds"]] == [100, 300, 200]


def test_ratio_is_the_median_of_the_ratios_of_rounds_side_by_side() -> None:
    # The machine slows down threefold in the second round, for the floor and the target alike.
    floor = bench.merged([_round(100), _round(300), _round(100)])
    target = bench.merged([_round(200), _round(600), _round(220)])

    ratio = bench.ratio_to_floor(target, floor)

    assert ratio == pytest.approx(2.0)
    # The ratio of the two medians would have been 220 / 100.
    assert target["p50_us"] / floor["p50_us"] == pytest.approx(2.2)


def test_ratio_of_rows_without_rounds_in_common_is_that_of_their_medians() -> None:
    floor = bench.merged([_round(100), _round(100)])
    target = bench.merged([_round(150)])

    assert bench.ratio_to_floor(target, floor) == pytest.approx(1.5)
