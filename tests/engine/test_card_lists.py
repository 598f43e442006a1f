"""The engine tests' real cards: each is listed once across the card lists, so that no list
silently replaces another's copy when they are merged into ``CARDS``."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path


def _listed_names() -> Counter[str]:
    names: Counter[str] = Counter()
    for path in sorted(Path(__file__).parent.glob("cards*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Dict):
                names.update(
                    key.value
                    for key in node.value.keys
                    if isinstance(key, ast.Constant) and isinstance(key.value, str)
                )
    return names


def test_each_test_card_is_listed_once() -> None:
    names = _listed_names()

    assert len(names) > 300
    assert [name for name, times in names.items() if times > 1] == []
