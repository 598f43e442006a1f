"""French translations: every UI string has French, and the compiled catalogue is current."""

from __future__ import annotations

from pathlib import Path

import polib
from django.utils import translation

PO = Path(__file__).resolve().parents[3] / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def test_every_ui_string_has_a_french_translation() -> None:
    catalogue = polib.pofile(str(PO))

    untranslated = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]

    assert untranslated == []
    assert fuzzy == []


def test_compiled_catalogue_matches_the_po_file() -> None:
    catalogue = polib.pofile(str(PO))
    compiled = polib.mofile(str(PO.with_suffix(".mo")))

    expected = {
        (e.msgctxt, e.msgid): e.msgstr for e in catalogue.translated_entries() if not e.msgid_plural
    }
    actual = {(e.msgctxt, e.msgid): e.msgstr for e in compiled if not e.msgid_plural and e.msgid}

    assert actual == expected


def test_site_strings_render_in_french() -> None:
    with translation.override("fr"):
        assert translation.gettext("Cast this spell") == "Lancer ce sort"
        assert translation.gettext("Skip to content") == "Aller au contenu"
