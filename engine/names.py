"""How card names are compared: folded, so that case, accents, apostrophes and spacing
don't matter (the one rule every catalog and the request's card fields share)."""

from __future__ import annotations

import functools
import unicodedata

__all__ = ["fold_name"]


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
