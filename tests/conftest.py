"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command
from hypothesis import settings

# CI replays the same examples on every run (a failure there is always reproducible); local runs
# keep exploring new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def demo_data(db: None) -> None:
    """The committed demo data set (cards, clarifications, keywords, rules, scenarios)."""
    call_command("load_demo", verbosity=0)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Each test starts with an empty cache (page cache, rate-limit counters)."""
    from django.core.cache import caches

    for alias in caches:
        caches[alias].clear()
