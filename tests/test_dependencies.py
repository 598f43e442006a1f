"""Dependencies: locked with hashes in uv.lock, the lock in step with pyproject.toml, no
dependency the code never imports, test tools kept out of the run-time set."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
LOCK = tomllib.loads((ROOT / "uv.lock").read_text())


def _name(requirement: str) -> str:
    for stop in "<>=!~[; ":
        requirement = requirement.split(stop, 1)[0]
    return requirement.lower().replace("_", "-")


def _locked() -> dict[str, dict[str, object]]:
    return {package["name"]: package for package in LOCK["package"]}


def test_every_locked_package_is_pinned_with_hashes() -> None:
    unhashed = [
        name
        for name, package in _locked().items()
        if package.get("source", {}).get("registry")
        and not all("hash" in artifact for artifact in _artifacts(package))
    ]

    assert unhashed == []
    assert all("version" in package for package in _locked().values())


def _artifacts(package: dict[str, object]) -> list[dict[str, str]]:
    wheels = list(package.get("wheels", []))  # type: ignore[call-overload]
    sdist = package.get("sdist")
    return wheels + ([sdist] if sdist else [])  # type: ignore[list-item]


def test_every_declared_dependency_is_in_the_lock() -> None:
    declared = PYPROJECT["project"]["dependencies"] + PYPROJECT["dependency-groups"]["dev"]

    missing = [_name(r) for r in declared if _name(r) not in _locked()]

    assert missing == []


@pytest.mark.skipif(not (ROOT / ".uv/bin/uv").exists() and not shutil.which("uv"), reason="no uv")
def test_lock_agrees_with_pyproject() -> None:
    uv = str(ROOT / ".uv/bin/uv") if (ROOT / ".uv/bin/uv").exists() else "uv"

    result = subprocess.run(
        [uv, "lock", "--check", "--offline"], cwd=ROOT, capture_output=True, text=True, check=False
    )

    assert result.returncode == 0, result.stderr


def test_unused_and_unconfigured_packages_are_not_dependencies() -> None:
    declared = {
        _name(r)
        for r in PYPROJECT["project"]["dependencies"] + PYPROJECT["dependency-groups"]["dev"]
    }

    assert declared.isdisjoint({"factory-boy", "pytest-timeout"})


def test_translation_compiler_is_a_development_tool_only() -> None:
    runtime = {_name(r) for r in PYPROJECT["project"]["dependencies"]}

    assert "polib" not in runtime
    assert "polib" in {_name(r) for r in PYPROJECT["dependency-groups"]["dev"]}
