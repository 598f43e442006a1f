"""The workbench's card set, for the API tests (one conftest per tree keeps imports simple)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "workbench_cardset", Path(__file__).parents[1] / "workbench" / "cardset.py"
)
assert _spec is not None
assert _spec.loader is not None
cardset = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cardset)

load_workbench_cards = cardset.load_workbench_cards
