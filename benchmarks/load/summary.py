"""Print the load benchmark table of several result files side by side (``make bench``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench import goals_table, table


def main() -> None:
    rows = []
    for name in sys.argv[1:]:
        rows += json.loads(Path(name).read_text())
    print("\n== Load benchmark summary (ratios against the floor of the same server and run) ==")
    print(table(rows))
    print("\n== Goals (SQLite; medians of round-by-round ratios to a floor of the run) ==")
    print(goals_table([r for r in rows if r["db"] == "sqlite"]))
    cards = [r for r in rows if r["target"] == "card" and "rps" in r]
    if cards:
        print("\nCard page throughput, 2 gunicorn workers:")
        for r in cards:
            print(f"  {r['db']:<9} page cache {r['cache']:<4} {r['rps']:>7.0f} req/s")


if __name__ == "__main__":
    main()
