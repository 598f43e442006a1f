"""Fixtures of the workbench tests."""

from __future__ import annotations

import pytest
from cardset import load_workbench_cards


@pytest.fixture
def workbench_cards(db: None) -> None:
    """The cards the presets and the seed clarifications use, with some of their rulings."""
    load_workbench_cards()
