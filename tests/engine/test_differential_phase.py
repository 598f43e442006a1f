"""Dev-only differential check of the text reader against phase-python 0.103.0 (phase.rs).

Skipped unless ``phase`` is importable and the MTGJSON set files are present. For every card
with kicker, multikicker, convoke or split second it compares the kicker costs, whether
multikicker repeats, and the printed convoke / split second flags. Run by hand with a venv
that has phase-python: ``python -m pytest tests/engine/test_differential_phase.py -s``.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from engine import CardDefinition, ManaCost

SETS = Path("/work/shared/data/mtgjson-v5.2.0-20220425/sets")
WATCHED = {"Kicker", "Multikicker", "Convoke", "Split second"}
SHARDS = {
    "White": "{W}",
    "Blue": "{U}",
    "Black": "{B}",
    "Red": "{R}",
    "Green": "{G}",
    "Colorless": "{C}",
    "X": "{X}",
}


def _shard(name: str) -> str | None:
    if name in SHARDS:
        return SHARDS[name]
    halves = [c for c in ("White", "Blue", "Black", "Red", "Green") if c in name]
    if len(halves) == 2 and len(name) == sum(map(len, halves)):
        first, second = sorted(halves, key=name.index)
        return "{" + SHARDS[first][1] + "/" + SHARDS[second][1] + "}"
    return None


def _phase_cost(cost: dict[str, Any]) -> str | None:
    if cost.get("type") != "Mana":
        return None
    mana = cost["cost"]
    shards = [_shard(s) for s in mana.get("shards", [])]
    if None in shards:
        return None
    text = (f"{{{mana.get('generic', 0)}}}" if mana.get("generic") else "") + "".join(
        s for s in shards if s
    )
    return str(ManaCost.parse(text or "{0}"))


def _facts_phase(face: dict[str, Any]) -> dict[str, object]:
    extra = face.get("additional_cost") or {}
    data = extra.get("data") or {} if extra.get("type") == "Kicker" else {}
    keywords = {k if isinstance(k, str) else next(iter(k)) for k in face.get("keywords", [])}
    return {
        "kicker": [_phase_cost(c) for c in data.get("costs", [])],
        "repeatable": bool(data.get("repeatable")),
        "convoke": "Convoke" in keywords,
        "split_second": "SplitSecond" in keywords,
    }


def _facts_ours(definition: CardDefinition) -> dict[str, object]:
    costs = definition.announce_costs
    return {
        "kicker": [str(c.mana) if c.mana is not None and not c.actions else None for c in costs],
        "repeatable": definition.multikicker_cost is not None,
        "convoke": definition.has_convoke,
        "split_second": definition.has_split_second,
    }


def differences() -> tuple[int, list[str]]:
    """Compare the two readers over every watched card; return the count and the mismatches."""
    from phase import build_oracle_face

    seen: set[str] = set()
    compared = 0
    mismatches: list[str] = []
    for path in sorted(SETS.glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            cards = json.load(handle)["data"]["cards"]
        for card in cards:
            name = card.get("faceName") or card["name"]
            if name in seen or not WATCHED & set(card.get("keywords") or []):
                continue
            seen.add(name)
            if card.get("isFunny") or card.get("isOnlineOnly") or card.get("faceName"):
                continue
            ours = _facts_ours(
                CardDefinition.parse(
                    name=name,
                    mana_cost=card.get("manaCost") or "",
                    type_line=card["type"],
                    oracle_text=card.get("text") or "",
                )
            )
            theirs = _facts_phase(build_oracle_face(card, None))
            compared += 1
            if ours != theirs:
                mismatches.append(f"{name}: ours {ours} phase {theirs}")
    return compared, mismatches


def test_differential_kicker_convoke_split_second_against_phase() -> None:
    pytest.importorskip("phase")
    if not SETS.is_dir():
        pytest.skip("MTGJSON set files not present")

    compared, mismatches = differences()

    print(f"compared {compared} cards; {len(mismatches)} differ")
    assert (compared, mismatches) == (247, [])
