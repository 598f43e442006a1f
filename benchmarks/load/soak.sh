#!/usr/bin/env bash
# `make soak`: ten minutes of mixed traffic (SOAK_SECONDS to change) against gunicorn on
# 127.0.0.1 with a throwaway SQLite database; exits non-zero if anything failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash benchmarks/load/ensure-wrk.sh
exec "${PYTHON:-.venv/bin/python}" benchmarks/load/soak.py
