"""How card names are compared: folded, so that case, accents, apostrophes and spacing
don't matter (the one rule every catalog and the request's card fields share), with the
name as spelled first: "Désolation" (Badlands in French) and "Desolation" fold alike, and
each finds the card spelled that way (:func:`match_levels`)."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

__all__ = ["fold_name", "match_levels", "spell_name"]


@functools.lru_cache(maxsize=8192)
def fold_name(name: str) -> str:
    """Fold a name for lookups: no accents, lower case, single spaces, plain apostrophes.

    >>> fold_name("  Éclair  Explosif ")
    'eclair explosif'
    """
    if name.isascii():  # nothing to decompose (the usual case)
        return " ".join(name.lower().split())
    decomposed = unicodedata.normalize("NFKD", name.replace("’", "'"))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.lower().split())


@functools.lru_cache(maxsize=8192)
def spell_name(name: str) -> str:
    """A name as spelled, for the lookup tried before the folded one: lower case, single
    spaces, plain apostrophes, accents kept (composed).

    >>> spell_name("  Désolation ")
    'désolation'
    >>> spell_name("Desolation") == spell_name("Désolation")
    False
    """
    if name.isascii():
        return " ".join(name.lower().split())
    composed = unicodedata.normalize("NFC", name.replace("’", "'"))
    return " ".join(composed.lower().split())


def match_levels(
    asked: str, english: Iterable[str], french: Iterable[str] = (), faces: Iterable[str] = ()
) -> tuple[int, ...]:
    """How closely a card's names match the name ``asked``: each level it reaches, best
    first, and none when no name matches. 0, 1 and 2: its English name, its French name or a
    face's own name as spelled (:func:`spell_name`); 3, 4 and 5: the same, folded. A card
    whose levels come first (compared as tuples) is the card asked for.

    >>> match_levels("Désolation", ["Badlands"], ["Désolation"])
    (1, 4)
    >>> match_levels("Désolation", ["Desolation"], ["Délaissement"])
    (3,)
    >>> match_levels("Shock", ["Lightning Bolt"], ["Foudre"])
    ()
    """
    spelled, folded = spell_name(asked), fold_name(asked)
    groups = [[name for name in names if name] for names in (english, french, faces)]
    found = [level for level, names in enumerate(groups) if spelled in map(spell_name, names)]
    found += [level + 3 for level, names in enumerate(groups) if folded in map(fold_name, names)]
    return tuple(found)
