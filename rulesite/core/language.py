"""The language a page is drawn in."""

from __future__ import annotations

from django.utils.translation import get_language


def is_french() -> bool:
    """Whether the active language is French (names, texts and words then in French where
    they exist)."""
    return (get_language() or "en").startswith("fr")
