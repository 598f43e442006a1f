"""Fixtures of the API tests: the workbench's card set."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "workbench_cardset", Path(__file__).parents[1] / "workbench" / "cardset.py"
)
assert _spec is not None
assert _spec.loader is not None
cardset = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cardset)


@pytest.fixture
def workbench_cards(db: None) -> None:
    """The cards the presets and the seed clarifications use, with some of their rulings."""
    cardset.load_workbench_cards()
