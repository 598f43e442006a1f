#!/usr/bin/env bash
# `make bench`: load benchmarks on SQLite (every target, page cache on and off), then card-page
# throughput on a throwaway PostgreSQL, then one summary. BENCH_DURATION=5 for a quick trial.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="${PYTHON:-.venv/bin/python}"
bash benchmarks/load/ensure-wrk.sh
mkdir -p var/bench
"$PY" benchmarks/load/bench.py --label sqlite --out var/bench/results-sqlite.json
PG_DURABLE=1 bash scripts/with-postgres.sh \
  "$PY" benchmarks/load/bench.py --label postgres --targets floor,card \
  --out var/bench/results-postgres.json
"$PY" benchmarks/load/summary.py var/bench/results-sqlite.json var/bench/results-postgres.json
