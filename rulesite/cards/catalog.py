"""The one card lookup: card rows found by English or French name (any case or accents), and
the engine's definition of each.

:class:`CardCatalog` is the engine's ``Catalog`` over the card table. The workbench, the API,
scenario pages and the scenario services all find cards through it: one catalog serves one
request, fetches every name it is asked for in one or two queries (:meth:`CardCatalog.preload`)
and remembers the rows for the rest of the request. Rows found (and names found to be no card)
are also cached under the content version (:mod:`rulesite.core.cache`), which any write to the
card tables changes.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Iterable
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.utils.translation import gettext as _

import engine
from engine.contract import MAX_TEXT
from engine.faces import FACE_SEPARATOR
from rulesite.cards.models import Card
from rulesite.core import kept
from rulesite.core.cache import content_version
from rulesite.core.text import fold

__all__ = ["CardCatalog", "UncastableCard", "best_named", "definition_for", "name_key"]

MAX_SUGGESTIONS = 5
MAX_SUGGESTION_SEARCHES = 3
"""Unknown names a request gets suggestions for: each costs a search, so a request full of
made-up names stays cheap (the others are still reported, without suggestions)."""

CARD_FIELDS = (
    "id",
    "name",
    "name_fr",
    "slug",
    "mana_cost",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "colors",
    "meld_back_face",
    "printed_text_fr",
)
"""The columns a catalog reads: what the engine parses, the names, the page address and the
printed French text (the workbench shows its modes on /fr/)."""
CARDS_CACHE_PREFIX = "cards:catalog:4"
"""Its last part changes whenever :data:`CARD_FIELDS` or the names' keys do, so no older entry
is read."""


def name_key(name: str) -> str:
    """How names are compared: the engine's folding (case, accents, apostrophes and spacing
    ignored), so the catalog finds exactly what the engine's own catalog would.

    >>> name_key("  Éclair  EXPLOSIF ")
    'eclair explosif'
    """
    return engine.fold_name(name)


class UncastableCard(engine.EngineError):
    """A card whose printed cost the engine's notation can't express (Un-cards such as
    Gleemax's {1000000} or Little Girl's {HW}): shown, but not cast on the workbench."""


@lru_cache(maxsize=4096)
def _parse_definition(
    name: str,
    name_fr: str,
    mana_cost: str,
    type_line: str,
    oracle_text: str,
    power: str,
    toughness: str,
    colors: str,
    meld_back_face: bool,
) -> engine.CardDefinition:
    """Parse one card's text; cached on every text field, so an edited card is parsed anew."""
    return engine.CardDefinition.parse(
        name=name,
        mana_cost=mana_cost,
        type_line=type_line,
        oracle_text=oracle_text,
        power=power or None,
        toughness=toughness or None,
        colors=colors,
        name_fr=name_fr or None,
        layout=engine.Layout.MELDED if meld_back_face else None,
    )


def definition_for(card: Card) -> engine.CardDefinition:
    """The engine's definition of ``card`` (parsed once per version of its text).

    :raises UncastableCard: when the stored text cannot be parsed (e.g. a bad mana cost).
    """
    try:
        return _parse_definition(
            card.name,
            card.name_fr,
            card.mana_cost,
            card.type_line,
            card.oracle_text,
            card.power,
            card.toughness,
            card.colors,
            card.meld_back_face,
        )
    except engine.EngineError as exc:
        raise UncastableCard(
            _("%(name)s: this card's cost can't be cast here (%(reason)s).")
            % {"name": card.name, "reason": exc}
        ) from exc


def _cache_key(version: int, key: str) -> str:
    digest = hashlib.sha1(key.encode(), usedforsecurity=False).hexdigest()
    return f"{CARDS_CACHE_PREFIX}:{version}:{digest}"


def _english(card: Card) -> list[str]:
    return [card.name]


def _french(card: Card) -> list[str]:
    return [card.name_fr]


def _faces(card: Card) -> list[str]:
    """Each face's own names ("Bonecrusher Giant" and "Stomp" of Bonecrusher Giant // Stomp)."""
    if FACE_SEPARATOR not in card.name:
        return []
    return [*card.name.split(FACE_SEPARATOR), *card.name_fr.split(FACE_SEPARATOR)]


def best_named(cards: Iterable[Card], name: str) -> Card | None:
    """Of ``cards``, the one ``name`` names best (:func:`engine.match_levels`: English, French
    or a face's own name, as spelled before folded), then by English name; None when no name
    of theirs matches. "Désolation" is Badlands (its French name), "Desolation" Desolation,
    and "Réprobation", the French name of Censor and of Reprobation, the card whose English
    name folds alike too.
    """
    ranked = [
        (levels, card.name, card)
        for card in cards
        if (levels := engine.match_levels(name, _english(card), _french(card), _faces(card)))
    ]
    return min(ranked, key=lambda entry: entry[:2])[2] if ranked else None


class CardCatalog:
    """The engine's ``Catalog`` over :class:`~rulesite.cards.models.Card` rows, for one request.

    Names are matched in English or French, ignoring case and accents; a card whose name is
    spelled as asked (accents kept) comes before one whose name only folds alike.
    """

    def __init__(self) -> None:
        self._cards: dict[str, Card | None] = {}
        self._rows: dict[engine.CardDefinition, Card] = {}
        self._searches = 0
        self._version: int | None = None

    def _cache_keys(self, keys: Iterable[str]) -> dict[str, str]:
        if self._version is None:
            self._version = content_version()
        return {key: _cache_key(self._version, key) for key in keys}

    def preload(self, names: Iterable[object]) -> None:
        """Fetch the cards named ``names`` (English or French, any case or accents).

        Names as printed in English (what the picker offers) are found by the indexed
        ``name`` column, in one query; only the others (French, lower case, no accents) need
        the slower search over the folded names, in a second one. Names already in the cache
        need neither.
        """
        raw = {n.strip(): engine.spell_name(n) for n in names if isinstance(n, str) and n.strip()}
        # No card name holds a NUL character (and PostgreSQL can't even compare one).
        raw = {
            n: key
            for n, key in raw.items()
            if key not in self._cards and len(n) <= MAX_TEXT and "\x00" not in n
        }
        if not raw:
            return
        cache_keys = self._cache_keys(set(raw.values()))
        cached = kept.get_many(cache, cache_keys.values())
        for key, cache_key in cache_keys.items():
            if cache_key in cached:
                self._cards[key] = cached[cache_key] or None
        raw = {n: key for n, key in raw.items() if key not in self._cards}
        if not raw:
            return
        for card in Card.objects.filter(name__in=list(raw)).only(*CARD_FIELDS):
            key = engine.spell_name(card.name)  # an English name as printed: the best match
            if key in raw.values():
                self._cards[key] = card
        wanted = {n: key for n, key in raw.items() if key not in self._cards}
        if wanted:
            condition = Q()
            for folded in {name_key(n) for n in wanted}:
                condition |= Q(search_name__contains=folded)
            found = list(Card.objects.filter(condition).only(*CARD_FIELDS))
            for name, key in wanted.items():
                self._cards[key] = best_named(found, name)
        for key in raw.values():
            self._cards.setdefault(key, None)
        kept.set_many(
            cache,
            {cache_keys[key]: self._cards[key] or False for key in set(raw.values())},
            int(getattr(settings, "RULESITE_PAGE_CACHE_SECONDS", 600)),
        )

    def card(self, name: object) -> Card | None:
        """The card row named ``name`` (English or French), or None."""
        if not isinstance(name, str):
            return None
        key = engine.spell_name(name)
        if key not in self._cards:
            self.preload([name])
        return self._cards.get(key)

    def cards(self) -> list[Card]:
        """Every card row this catalog has found so far, each once."""
        seen: dict[int, Card] = {}
        for card in self._cards.values():
            if card is not None:
                seen.setdefault(card.pk, card)
        return list(seen.values())

    def named(self, names: Iterable[str]) -> list[Card]:
        """The cards with these names, each once, in the order first named."""
        names = list(names)
        self.preload(names)
        found: dict[int, Card] = {}
        for name in names:
            card = self.card(name)
            if card is not None:
                found.setdefault(card.pk, card)
        return list(found.values())

    def get(self, name: str) -> engine.CardDefinition | None:
        """The engine definition of the card named ``name``, or None (Catalog protocol).

        :raises UncastableCard: for a card whose cost the engine can't read.
        """
        card = self.card(name)
        if card is None:
            return None
        definition = definition_for(card)
        self._rows[definition] = card
        for face in definition.faces:  # a face cast or on the battlefield is read from it too
            self._rows[face] = card
        if definition.fused is not None:  # and so is the fused spell (702.102b)
            self._rows[definition.fused] = card
        return definition

    def row(self, definition: engine.CardDefinition) -> Card | None:
        """The card row this catalog read ``definition`` from (definitions compare by
        identity), or None."""
        return self._rows.get(definition)

    def suggest(self, name: str) -> list[str]:
        """Up to five card names close to ``name``, for "unknown card" messages."""
        key = fold(name).strip()[:MAX_TEXT]
        if not key or "\x00" in key or self._searches >= MAX_SUGGESTION_SEARCHES:
            return []
        self._searches += 1
        words = [w for w in key.replace(",", " ").split() if len(w) >= 3] or [key[:3]]
        condition = Q()
        for word in words[:6]:
            condition |= Q(search_name__contains=word[:6])
        rows = Card.objects.filter(condition).values_list("name", "name_fr")[:400]
        by_folded: dict[str, str] = {}
        for name_en, name_fr in rows:
            by_folded.setdefault(fold(name_en), name_en)
            if name_fr:
                by_folded.setdefault(fold(name_fr), name_fr)
        close = difflib.get_close_matches(key, list(by_folded), n=MAX_SUGGESTIONS, cutoff=0.6)
        if not close:
            close = [k for k in by_folded if k.startswith(key) or key in k][:MAX_SUGGESTIONS]
        return [by_folded[k] for k in close]
