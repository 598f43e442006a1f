#!/usr/bin/env bash
# `make bench`: the load benchmarks on SQLite — the full MTGJSON import and re-import, then
# every target against the two floors, page cache on and off — then one summary with the goals
# table. BENCH_DURATION (default 10 s per target); BENCH_POSTGRES=1 adds card-page throughput
# on a throwaway PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="${PYTHON:-.venv/bin/python}"
bash benchmarks/load/ensure-wrk.sh
mkdir -p var/bench
rm -f var/bench/results-postgres.json
"$PY" benchmarks/load/bench.py --label sqlite --out var/bench/results-sqlite.json
results=(var/bench/results-sqlite.json)
if [ "${BENCH_POSTGRES:-0}" = "1" ]; then
  PG_DURABLE=1 bash scripts/with-postgres.sh \
    "$PY" benchmarks/load/bench.py --label postgres --targets floor,card \
    --out var/bench/results-postgres.json
  results+=(var/bench/results-postgres.json)
fi
"$PY" benchmarks/load/summary.py "${results[@]}"
