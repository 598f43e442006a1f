"""Compile every locale/*/LC_MESSAGES/*.po to .mo with polib (no system gettext needed)."""

from __future__ import annotations

from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent

for po_path in sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.po")):
    polib.pofile(str(po_path)).save_as_mofile(str(po_path.with_suffix(".mo")))
    print(f"compiled {po_path.relative_to(ROOT)}")
