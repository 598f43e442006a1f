# rulesite — `make run` serves the site, `make test` runs everything CI runs.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run serve test lint typecheck test-sqlite test-postgres bench install install-dev browsers db demo messages clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

db: install
	$(BIN)/python manage.py migrate --noinput

demo: db
	$(BIN)/python manage.py load_demo

run: demo
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

browsers:
	bash scripts/ensure-chromium.sh

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install-dev
	$(BIN)/mypy --strict engine

test-sqlite: install-dev browsers
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test: lint typecheck test-sqlite

bench: install-dev
	$(BIN)/python -m pytest benchmarks --benchmark-only --benchmark-columns=min,median,mean,max,rounds -p no:randomly

messages: install-dev
	$(BIN)/python manage.py makemessages -l fr --ignore=.venv --ignore=var
	$(BIN)/python scripts/compile_messages.py

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache
