"""No import runs back up the layers: core sits below every app, cards below curation,
scenarios and the workbench; the workbench below scenarios and curation; scenarios below
curation. (The API package is the site's JSON plumbing, which the apps share.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rulesite

SITE = Path(rulesite.__file__).parent
BELOW = {
    "core": ["cards", "curation", "scenarios", "workbench"],
    "cards": ["curation", "scenarios", "workbench"],
    "workbench": ["curation", "scenarios"],
    "scenarios": ["curation"],
}
"""Each app, and the apps above it that it must not import."""


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize(("app", "above"), BELOW.items(), ids=list(BELOW))
def test_an_app_imports_no_app_above_it(app: str, above: list[str]) -> None:
    forbidden = tuple(f"rulesite.{name}" for name in above)
    offenders = {
        str(path.relative_to(SITE)): sorted(
            module for module in imported_modules(path) if module.startswith(forbidden)
        )
        for path in (SITE / app).rglob("*.py")
    }

    assert {path: modules for path, modules in offenders.items() if modules} == {}


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("def f():\n    from rulesite.scenarios.models import Scenario\n")

    assert imported_modules(module) == {"rulesite.scenarios.models"}
