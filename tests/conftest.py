"""Fixtures shared by the whole suite."""

from __future__ import annotations

import pytest
from django.core.management import call_command


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
