"""The cards app sits below curation: curation curates cards, never the other way round."""

from __future__ import annotations

import ast
from pathlib import Path

import rulesite.cards

CARDS = Path(rulesite.cards.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_cards_does_not_import_curation() -> None:
    offenders = {
        str(path.relative_to(CARDS)): sorted(m for m in imported_modules(path) if "curation" in m)
        for path in CARDS.rglob("*.py")
    }

    assert {path: mods for path, mods in offenders.items() if mods} == {}
