"""The engine imports nothing from Django or rulesite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_imports_no_django_or_rulesite() -> None:
    code = (
        "import sys, engine, engine.api, engine.coverage\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'rulesite'))\n"
        "print(','.join(bad))\n"
    )

    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )

    assert result.stdout.strip() == ""
