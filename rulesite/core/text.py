"""Text helpers shared by the apps: search normalisation."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower-case ``text`` and strip accents, for accent- and case-insensitive search.

    >>> fold("Éclair explosif")
    'eclair explosif'
    >>> fold("Bloodchief’s Thirst")
    "bloodchief's thirst"
    """
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
