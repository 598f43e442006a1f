"""Real MTGJSON set files from the shared snapshot, and modified copies of them.

The tests that use these skip when the snapshot is absent (``RULESITE_SHARED_DATA``); the copies
are written in the test's tmp directory, never in the repository.
"""

from __future__ import annotations

import copy
import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings


def sets_dir() -> Path:
    return Path(settings.RULESITE_SHARED_DATA) / "mtgjson-v5.2.0-20220425" / "sets"


@cache
def _load(code: str) -> dict[str, Any]:
    path = sets_dir() / f"{code}.json.gz"
    with gzip.open(path) as stream:
        return json.load(stream)  # type: ignore[no-any-return]


def real_set(code: str, names: list[str] | None = None) -> dict[str, Any]:
    """A copy of the real set file ``code``, keeping only the printings of ``names``."""
    path = sets_dir() / f"{code}.json.gz"
    if not path.exists():
        pytest.skip(f"shared MTGJSON snapshot not found at {path} (set RULESITE_SHARED_DATA)")
    document = copy.deepcopy(_load(code))
    if names is not None:
        cards = [c for c in document["data"]["cards"] if c["name"] in names]
        missing = set(names) - {c["name"] for c in cards}
        assert not missing, f"{code} has no {missing}"
        document["data"]["cards"] = cards
        document["data"]["tokens"] = []
    return document


def reword(
    document: dict[str, Any], old: str, new: list[str], *, date: str = "2024-11-08"
) -> dict[str, Any]:
    """Every printing's ruling ``old`` replaced by the rulings ``new`` (none: removed)."""
    found = False
    for card in document["data"]["cards"]:
        rulings = card.get("rulings") or []
        out = []
        for ruling in rulings:
            if ruling["text"] == old:
                found = True
                out.extend({"date": date, "text": text} for text in new)
            else:
                out.append(ruling)
        card["rulings"] = out
    assert found, f"no ruling {old!r} in the file"
    return document


def add_rulings(document: dict[str, Any], name: str, rulings: list[dict[str, str]]) -> None:
    for card in document["data"]["cards"]:
        if card["name"] == name:
            card["rulings"] = [*(card.get("rulings") or []), *rulings]


def write(document: dict[str, Any], path: Path) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        json.dump(document, stream)
    return path
