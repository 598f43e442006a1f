"""Where the engine finds card definitions by English or French name.

>>> from engine.cards import CardDefinition
>>> shock = CardDefinition.parse(name="Shock", mana_cost="{R}", type_line="Instant",
...     oracle_text="Shock deals 2 damage to any target.", name_fr="Choc")
>>> catalog = DictCatalog([shock])
>>> catalog.get("CHOC").name, catalog.suggest("Shok")
('Shock', ['Shock'])
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from engine.cards import CardDefinition
from engine.names import fold_name, match_levels

__all__ = ["Catalog", "DictCatalog", "fold_name"]


@runtime_checkable
class Catalog(Protocol):
    """Finds card definitions by name (English or French, any case or accents).

    >>> isinstance(DictCatalog([]), Catalog)
    True
    """

    def get(self, name: str) -> CardDefinition | None:
        """The card with this name, or None."""

    def suggest(self, name: str) -> list[str]:
        """Close names, for error messages."""


class DictCatalog:
    """A catalog held in memory.

    >>> DictCatalog([]).get("Shock") is None
    True
    """

    def __init__(self, definitions: Iterable[CardDefinition]) -> None:
        self._by_name: dict[str, list[CardDefinition]] = {}
        self._names: dict[str, str] = {}
        for definition in definitions:
            for names in self._names_of(definition):
                for name in names:
                    key = fold_name(name)
                    found = self._by_name.setdefault(key, [])
                    if definition not in found:
                        found.append(definition)
                    self._names.setdefault(key, name)

    @staticmethod
    def _names_of(definition: CardDefinition) -> tuple[list[str], list[str], list[str]]:
        """Its English name, its French name and its faces' own (English and French)."""
        faces = [n for face in definition.faces for n in (face.name, face.name_fr) if n]
        french = definition.card_name_fr if definition.faces else definition.name_fr
        return [definition.whole_name], [french] if french else [], faces

    def get(self, name: str) -> CardDefinition | None:
        """The card with this English or French name, or None. Of cards whose names fold
        alike, the one whose names match best (:func:`~engine.names.match_levels`: as
        spelled before folded; English, then French, then a face's own), then by name.

        >>> DictCatalog([]).get("x") is None
        True
        """
        found = self._by_name.get(fold_name(name), [])
        if len(found) <= 1:
            return found[0] if found else None
        return min(found, key=lambda d: (match_levels(name, *self._names_of(d)), d.whole_name))

    def suggest(self, name: str) -> list[str]:
        """Up to five close names.

        >>> DictCatalog([]).suggest("x")
        []
        """
        close = difflib.get_close_matches(fold_name(name), list(self._names), n=5, cutoff=0.6)
        return [self._names[key] for key in close]
