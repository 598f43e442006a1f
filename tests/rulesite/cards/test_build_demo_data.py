"""scripts/build_demo_data.py: the committed rules fixture is what the official CR file says."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[3]
CR_FILE = (
    Path(settings.RULESITE_SHARED_DATA) / "comprehensive-rules" / "MagicCompRules-2026-01-16.txt"
)


def build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_demo_data", ROOT / "scripts" / "build_demo_data.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def committed(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((ROOT / "rulesite/cards/demo" / name).read_text(encoding="utf-8"))


@pytest.mark.skipif(not CR_FILE.exists(), reason=f"the official CR file is not at {CR_FILE}")
def test_rules_fixture_is_reproduced_from_the_three_official_files() -> None:
    rules = committed("rules.json")
    texts = [r["text_en"] for r in committed("rulings.json")["rulings"]]
    texts += [c["oracle_text"] for c in committed("cards.json")["cards"]]

    rebuilt = build_script().read_rules(CR_FILE.parent.parent, texts)

    assert [e["effective_on"] for e in rules["editions"]] == [
        "2011-05-01",
        "2024-11-08",
        "2026-01-16",
    ]
    assert rebuilt["editions"] == rules["editions"]


def test_702_30_kicker_rules_of_2011_are_in_the_fixture_for_their_history() -> None:
    oldest = committed("rules.json")["editions"][0]
    numbers = {rule["number"]: rule for rule in oldest["rules"]}

    assert numbers["702.30"]["title"] == "Kicker"
    assert numbers["702.30a"]["text_en"].startswith("Kicker is a static ability")
    assert set(build_script().SEED_FRENCH_RULES) == {"702.33"} | {f"702.33{x}" for x in "abcdefg"}


def test_modernise_applies_the_2024_enters_wording() -> None:
    text = "When this creature enters the battlefield, draw a card."

    assert build_script().modernise(text) == "When this creature enters, draw a card."
