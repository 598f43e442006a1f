"""Pieces of a card's printed French text, matched to what the engine reads in its Oracle text.

The engine reads the English Oracle text; the workbench shows a French visitor the printed
French words for the same pieces wherever they can be matched with certainty, and the English
Oracle words otherwise.
"""

from __future__ import annotations

import re

__all__ = ["printed_line", "printed_modes"]

BULLET = "•"
CHOOSE_RE = re.compile(
    r"\bChoisissez\s+(?:l['’]une?(?:\s+ou\s+plus)?|une?|deux|trois|quatre|"
    r"n['’]importe quel nombre)\b\s*(?:—|-|:)?\s*",
    re.IGNORECASE,
)
INLINE_SPLIT_RE = re.compile(r"\s*;\s*ou\s+")
REMINDER_RE = re.compile(r"\s*\([^()]*\)")
FIGURES_RE = re.compile(r"\{[^}]*\}|\d+")


def printed_modes(text: str, count: int) -> list[str] | None:
    """The ``count`` modes of a modal spell (CR 700.2) in its printed French ``text``, in order,
    or None when that text doesn't list exactly ``count`` of them.

    Today's printings list the modes as bullets; older ones list them in one sentence, split
    by "; ou".

    >>> printed_modes("Choisissez l'un —\\n• Piochez une carte.\\n• Gagnez 3 points de vie.", 2)
    ['Piochez une carte.', 'Gagnez 3 points de vie.']
    >>> printed_modes("Choisissez deux — Piochez une carte ; ou engagez le permanent ciblé.", 2)
    ['Piochez une carte.', 'Engagez le permanent ciblé.']
    >>> printed_modes("Piochez une carte.", 2) is None
    True
    """
    lines = [line.strip() for line in text.splitlines()]
    bullets = [line.lstrip(BULLET).strip() for line in lines if line.startswith(BULLET)]
    if bullets:
        return bullets if len(bullets) == count else None
    for line in lines:
        match = CHOOSE_RE.search(line)
        if match is None:
            continue
        pieces = [p.strip() for p in INLINE_SPLIT_RE.split(line[match.end() :]) if p.strip()]
        if len(pieces) != count:
            return None
        return [_sentence(piece) for piece in pieces]
    return None


def _sentence(piece: str) -> str:
    """One mode of an inline list as a sentence of its own: a capital, a full stop."""
    piece = piece.rstrip(" .")
    return f"{piece[:1].upper()}{piece[1:]}."


def printed_line(oracle: str, printed: str, line: str) -> str | None:
    """The printed French words of the Oracle paragraph that reads ``line`` (its reminder text
    left out), or None when they can't be matched with certainty: the two texts must have as
    many paragraphs, and the French one at the same place the same mana symbols and numbers.

    >>> oracle = "Draw a card.\\nFlashback {2}{U} (You may cast this card from your graveyard.)"
    >>> printed = "Piochez une carte.\\nFlashback {2}{U} (Vous pouvez lancer cette carte.)"
    >>> printed_line(oracle, printed, "Flashback {2}{U}")
    'Flashback {2}{U}'
    >>> printed_line(oracle, printed, "Flashback {3}{U}") is None
    True
    """
    english = [REMINDER_RE.sub("", p).strip() for p in oracle.splitlines() if p.strip()]
    french = [REMINDER_RE.sub("", p).strip() for p in printed.splitlines() if p.strip()]
    if len(english) != len(french) or line not in english:
        return None
    index = english.index(line)
    if sorted(FIGURES_RE.findall(line)) != sorted(FIGURES_RE.findall(french[index])):
        return None
    return french[index] or None
