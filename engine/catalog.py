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
from engine.names import fold_name

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
        self._by_name: dict[str, CardDefinition] = {}
        self._names: dict[str, str] = {}
        definitions = list(definitions)
        # English names, then French ones, then faces' own: a name two cards share finds the
        # same card whatever order they come in.
        for definition in definitions:
            self._add(definition, definition.whole_name)
        for definition in definitions:
            self._add(
                definition, definition.card_name_fr if definition.faces else definition.name_fr
            )
        for definition in definitions:
            for face in definition.faces:
                self._add(definition, face.name, face.name_fr)

    def _add(self, definition: CardDefinition, *names: str | None) -> None:
        for name in names:
            if name:
                self._by_name.setdefault(fold_name(name), definition)
                self._names.setdefault(fold_name(name), name)

    def get(self, name: str) -> CardDefinition | None:
        """The card with this English or French name, or None.

        >>> DictCatalog([]).get("x") is None
        True
        """
        return self._by_name.get(fold_name(name))

    def suggest(self, name: str) -> list[str]:
        """Up to five close names.

        >>> DictCatalog([]).suggest("x")
        []
        """
        close = difflib.get_close_matches(fold_name(name), list(self._names), n=5, cutoff=0.6)
        return [self._names[key] for key in close]
