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


@pytest.mark.skipif(not CR_FILE.exists(), reason=f"the official CR file is not at {CR_FILE}")
def test_rules_fixture_is_reproduced_from_the_official_file() -> None:
    committed = json.loads((ROOT / "rulesite/cards/demo/rules.json").read_text(encoding="utf-8"))

    rebuilt = build_script().read_rules(CR_FILE)

    assert rebuilt["edition"] == committed["edition"] == "2026-01-16"
    assert rebuilt["rules"] == committed["rules"]


def test_seed_french_rules_map_old_702_30_to_todays_702_33() -> None:
    script = build_script()

    assert script.FORMER_NUMBERS["702.33a"] == "702.30a"
    assert set(script.SEED_FRENCH_RULES) == {"702.33"} | {f"702.33{x}" for x in "abcdefg"}


def test_modernise_applies_the_2024_enters_wording() -> None:
    text = "When this creature enters the battlefield, draw a card."

    assert build_script().modernise(text) == "When this creature enters, draw a card."
