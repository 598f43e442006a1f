"""Text helpers shared by the apps: search normalisation, printed text clean-up."""

from __future__ import annotations

import re
import unicodedata


def fold(text: str) -> str:
    """Lower-case ``text`` and strip accents, for accent- and case-insensitive search.

    >>> fold("Éclair explosif")
    'eclair explosif'
    >>> fold("Bloodchief’s Thirst")
    "bloodchief's thirst"
    """
    text = text.replace("’", "'")
    if text.isascii():  # most card text: nothing to decompose, no accent to strip
        return text.casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    # Each distinct character is looked at once (a card's text has a few dozen), not each one.
    for mark in [c for c in set(decomposed) if unicodedata.combining(c)]:
        decomposed = decomposed.replace(mark, "")
    return decomposed.casefold()


# A sentence or reminder text glued to the next one ("…ce sort.)Si le Désastre…"), and a
# keyword glued to its cost ("Kick{4}"): how some printed French texts come in the MTGJSON data.
_GLUED_SENTENCE = re.compile(r"(?<=[.!?)»])(?=[A-ZÀ-ÖØ-Þ«])")
_GLUED_COST = re.compile(r"(?<=[a-zà-öø-ÿ])(?=\{)")


def printed_line_breaks(text: str) -> str:
    """Restore the line breaks and spaces that printed card text lost in the source data.

    >>> printed_line_breaks("Kick{4} (Payez {4} en plus.)Si l'Éclair a été kické, il inflige 4.")
    "Kick {4} (Payez {4} en plus.)\\nSi l'Éclair a été kické, il inflige 4."
    >>> printed_line_breaks("Vol\\nQuand elle arrive, piochez une carte.")
    'Vol\\nQuand elle arrive, piochez une carte.'
    """
    return _GLUED_COST.sub(" ", _GLUED_SENTENCE.sub("\n", text))
