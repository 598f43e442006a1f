"""Every sentence the engine can say has its French in the catalogue (the msgid is the
engine's English template)."""

from __future__ import annotations

from pathlib import Path

import polib

from engine import MessageCode

PO = Path(__file__).resolve().parents[3] / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def test_every_engine_message_code_has_french() -> None:
    catalogue = {e.msgid: e.msgstr for e in polib.pofile(str(PO)) if not e.obsolete}

    missing = [code.value for code in MessageCode if not catalogue.get(code.template)]

    assert missing == []


def test_french_templates_keep_every_placeholder_of_the_english() -> None:
    catalogue = {e.msgid: e.msgstr for e in polib.pofile(str(PO)) if not e.obsolete}

    for code in MessageCode:
        french = catalogue.get(code.template, "")
        for name in code.template.split("%(")[1:]:
            placeholder = "%(" + name.split(")")[0] + ")s"
            assert placeholder in french, (code.value, placeholder)
