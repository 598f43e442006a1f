# rulesite — `make run` serves the site, `make test` runs everything CI runs.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
PYTEST_ARGS ?=
# make test DB=sqlite|postgres|both (default both): which database(s) the suite runs on.
DB ?= both

.PHONY: run serve test lint lock lock-check typecheck test-sqlite test-postgres test-db bench soak install install-dev browsers db demo data messages clean

# Dependencies are locked in uv.lock (hashes included) and installed with uv, which is itself
# installed from PyPI into .uv/, pinned and hash-checked (scripts/uv-requirements.txt).
# `uv sync --locked` refuses to run when pyproject.toml and uv.lock disagree.
UV_DIR := .uv
UV := $(UV_DIR)/bin/uv
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)
# Installed packages are compiled to bytecode once, at install, and so are the project's own
# sources (COMPILE): a process then starts without compiling them, even where
# PYTHONDONTWRITEBYTECODE keeps Python from writing what it compiles (`manage.py check`
# takes about 1.4 s instead of 4.3 s on a slow machine).
export UV_COMPILE_BYTECODE := 1
SYNC := $(UV) sync --locked --python $(PYTHON) --quiet
COMPILE := $(BIN)/python -m compileall -q engine rulesite manage.py gunicorn.conf.py

$(UV): scripts/uv-requirements.txt
	$(PYTHON) -m venv $(UV_DIR)
	$(UV_DIR)/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes \
	  -r scripts/uv-requirements.txt
	touch $@

# Run-time dependencies only (--inexact keeps test tools a previous make test installed).
$(VENV)/.installed: pyproject.toml uv.lock | $(UV)
	$(SYNC) --no-dev --inexact
	$(COMPILE)
	touch $@

$(VENV)/.installed-dev: pyproject.toml uv.lock | $(UV)
	$(SYNC)
	$(COMPILE)
	touch $(VENV)/.installed $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

# Bring uv.lock in line with pyproject.toml (UPGRADE=1: every package to its newest release).
lock: $(UV)
	$(UV) lock $(if $(UPGRADE),--upgrade)

# Fails when pyproject.toml changed and uv.lock was not refreshed (make lock).
lock-check: $(UV)
	$(UV) lock --check

db: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable

demo: db
	$(BIN)/python manage.py load_demo

# The real data: MTGJSON AllPrintings and the current Comprehensive Rules, downloaded into
# var/data/ (resumed, SHA-256 checked), then imported. URLs: RULESITE_MTGJSON_URL, RULESITE_CR_URL.
data: db
	$(BIN)/python manage.py fetch_data

run: demo
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# Production-like: nginx (installed when missing) on 127.0.0.1:$(PORT) in front of gunicorn on
# a Unix socket, DEBUG off, hashed static files, the shared database cache. With
# DATABASE_URL=postgres://… it serves PostgreSQL. See scripts/serve.sh.
serve: install
	PORT=$(PORT) bash scripts/serve.sh

browsers:
	bash scripts/ensure-chromium.sh

lint: install-dev lock-check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy --strict over engine/ and rulesite/ (django-stubs plugin; see [tool.mypy] in pyproject.toml).
typecheck: install-dev
	$(BIN)/mypy

test-sqlite: install-dev browsers
	env -u DATABASE_URL $(BIN)/python -m pytest $(PYTEST_ARGS)

# A throwaway PostgreSQL server (installed with apt-get when missing), stopped afterwards.
test-postgres: install-dev browsers
	bash scripts/with-postgres.sh $(BIN)/python -m pytest $(PYTEST_ARGS)

test-db:
	@case "$(DB)" in \
	  sqlite) $(MAKE) --no-print-directory test-sqlite ;; \
	  postgres) $(MAKE) --no-print-directory test-postgres ;; \
	  both) status=0; \
	    echo "== test suite on SQLite =="; $(MAKE) --no-print-directory test-sqlite || status=1; \
	    echo "== test suite on PostgreSQL =="; $(MAKE) --no-print-directory test-postgres || status=1; \
	    exit $$status ;; \
	  *) echo "DB must be sqlite, postgres or both (got '$(DB)')" >&2; exit 2 ;; \
	esac

test: lint typecheck test-db

# Load benchmarks (benchmarks/load): gunicorn + wrk on 127.0.0.1, ratios against a floor view;
# BENCH_DURATION=5 for a quick trial (default 30 s per target).
bench: install-dev
	$(BIN)/python -m pytest benchmarks --benchmark-only --benchmark-columns=min,median,mean,max,rounds
	bash benchmarks/load/bench.sh

# Ten minutes of mixed traffic against gunicorn (SOAK_SECONDS to change); not part of make test.
soak: install-dev
	bash benchmarks/load/soak.sh

messages: install-dev
	$(BIN)/python manage.py makemessages -l fr --ignore=.venv --ignore=var
	$(BIN)/python scripts/compile_messages.py

clean:
	rm -rf $(VENV) $(UV_DIR) var .pytest_cache .mypy_cache .ruff_cache
