"""How mana may be spent to cast a spell: a permanent's "You may spend mana as though it were
mana of any color" (609.4b: it changes how the cost may be paid, not the cost, nor what mana
was spent) and a card's own "Spend only mana produced by basic lands to cast this spell"
(106.6: only those sources pay it, and mana already in the pool, of no known source, doesn't).

>>> static = read_spend_static("You may spend mana as though it were mana of any color to cast "
...     "planeswalker spells.")
>>> sorted(m.value for m in static.spend_as), static.spend_from
(['B', 'G', 'R', 'U', 'W'], None)
>>> read_spend_only("Spend only mana produced by basic lands to cast ~.") is not None
True
"""

from __future__ import annotations

import re

from engine.casting_text import CastingStatic, StaticKind
from engine.filters import Filter, Whose, read_filter
from engine.mana import ManaType
from engine.payment import ManaSource

__all__ = [
    "read_spend_only",
    "read_spend_only_this_way",
    "read_spend_static",
    "spend_as_though",
    "spend_only_from",
]

_COLORS = {
    "white": ManaType.WHITE,
    "blue": ManaType.BLUE,
    "black": ManaType.BLACK,
    "red": ManaType.RED,
    "green": ManaType.GREEN,
}
_ANY_COLOR = frozenset(_COLORS.values())
_AS_THOUGH = re.compile(
    r"^(?P<who>you|players) may spend (?:(?P<from>white|blue|black|red|green) )?mana as though "
    r"it were (?:(?P<as>white|blue|black|red|green) mana|mana of any (?P<kind>color|type))"
    r"(?: to cast (?P<what>.*?)spells(?P<with> with [^.]+?)?)?\.?$",
    re.IGNORECASE,
)
_SPEND_ONLY = re.compile(r"^spend only mana produced by (?P<what>.+?) to cast ~\.?$", re.I)
_SPEND_ONLY_THIS_WAY = re.compile(
    r"^spend only mana produced by (?P<what>.+?) to cast it this way\.?$", re.I
)


def read_spend_static(sentence: str) -> CastingStatic | None:
    """Read "You may spend [white] mana as though it were mana of any color [to cast …
    spells]" (spells "with the chosen name" are those of the name chosen for its permanent);
    None if not understood.

    >>> read_spend_static("You may spend white mana as though it were red mana.").spend_from
    <ManaType.WHITE: 'W'>
    """
    text = sentence.strip()
    match = _AS_THOUGH.match(text)
    if match is None:
        return None
    spells: Filter | None = None
    if match.group("what") or match.group("with"):
        phrase = (match.group("what") or "") + "spells" + (match.group("with") or "")
        spells = read_filter(phrase.strip())
        if spells is None:
            return None
    if match.group("as"):
        spend_as = frozenset({_COLORS[match.group("as").lower()]})
    elif match.group("kind").lower() == "type":
        spend_as = _ANY_COLOR | {ManaType.COLORLESS}
    else:
        spend_as = _ANY_COLOR
    source = match.group("from")
    return CastingStatic(
        kind=StaticKind.SPEND_AS_THOUGH,
        text=text,
        whose=Whose.YOU if match.group("who").lower() == "you" else Whose.ANY,
        spells=spells,
        spend_from=_COLORS[source.lower()] if source else None,
        spend_as=spend_as,
    )


def read_spend_only(sentence: str) -> Filter | None:
    """Read the card's "Spend only mana produced by <sources> to cast this spell" (the
    sources it names); None if not understood.

    >>> read_spend_only("Spend only mana produced by creatures to cast ~.") is not None
    True
    """
    match = _SPEND_ONLY.match(sentence.strip())
    return read_filter(match.group("what")) if match is not None else None


def read_spend_only_this_way(sentence: str) -> Filter | None:
    """Read "Spend only mana produced by Treasures to cast it this way", said of the
    alternative cost before it (106.6); None if not understood.

    >>> read_spend_only_this_way("Spend only mana produced by Treasures to cast it this way."
    ...     ) is not None
    True
    """
    match = _SPEND_ONLY_THIS_WAY.match(sentence.strip())
    return read_filter(match.group("what")) if match is not None else None


def spend_as_though(
    sources: tuple[ManaSource, ...], statics: tuple[CastingStatic, ...]
) -> tuple[ManaSource, ...]:
    """The sources with the types their mana may be spent as (609.4b).

    >>> source = ManaSource(id="m1", produces=(frozenset({ManaType.WHITE}),), is_land=True)
    >>> static = read_spend_static("You may spend white mana as though it were red mana.")
    >>> sorted(m.value for m in spend_as_though((source,), (static,))[0].produces[0])
    ['R', 'W']
    """
    widened: list[ManaSource] = []
    for source in sources:
        units = []
        for types in source.produces:
            for static in statics:
                if static.spend_from is None or static.spend_from in types:
                    types = types | static.spend_as
            units.append(types)
        widened.append(ManaSource(id=source.id, produces=tuple(units), is_land=source.is_land))
    return tuple(widened)


def spend_only_from(
    sources: tuple[ManaSource, ...], allowed: frozenset[str]
) -> tuple[ManaSource, ...]:
    """Only the sources whose ids are ``allowed`` (106.6)."""
    return tuple(source for source in sources if source.id in allowed)
