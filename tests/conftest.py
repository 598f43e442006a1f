"""Fixtures shared by the whole suite."""

from __future__ import annotations

import pytest
from django.core.management import call_command


@pytest.fixture
def demo_data(db: None) -> None:
    """The committed demo data set (cards, clarifications, keywords, rules, scenarios)."""
    call_command("load_demo", verbosity=0)
