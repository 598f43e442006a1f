"""Keyword ways of casting a card (CR 702): the alternative costs a keyword names (flashback,
evoke, morph…) and the keyword permissions to cast from a zone with an extra cost (retrace,
jump-start, aftermath), each read from the keyword's own text into an
:class:`~engine.casting_text.AlternativeCost` named by its keyword.

What each keyword means is one declarative :class:`Way` in :data:`WAYS`: its rule, the zone it
casts from, whether the mana cost is still paid (retrace, jump-start and aftermath are not
alternative costs: they add to it), the fixed cost of the keyword when it prints none (morph's
{3}, suspend's nothing, retrace's land card), its condition on the turn, and how the spell is
changed (face down, bestowed, overloaded, transformed). No card is named here.

>>> way = read_keyword_cost("flashback", "Flashback {2}{R}", frozenset())
>>> way.key, str(way.cost), way.zone, way.rule
('flashback', '{2}{R}', <Zone.GRAVEYARD: 'graveyard'>, '702.34a')
>>> str(read_keyword_cost("morph", "Morph {4}{G}", frozenset()).cost)
'{3}'
>>> read_keyword_cost("retrace", "Retrace", frozenset()).adds_to_mana_cost
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum, unique

from engine.casting_text import AlternativeCost, Change
from engine.conditions import BoardCondition, Fact
from engine.contract import Player, Zone
from engine.costs import Cost
from engine.errors import InvalidNotationError

__all__ = ["WAYS", "Way", "read_keyword_cost"]


@unique
class _Printed(StrEnum):
    """Where a way's cost comes from."""

    KEYWORD = "keyword"  # the keyword's own cost: "Flashback {2}{R}"
    FIXED = "fixed"  # the rules': morph's {3}, retrace's land card
    NONE = "none"  # nothing to pay: suspend's cast, aftermath


@dataclass(frozen=True, slots=True)
class Way:
    """How a keyword lets a card be cast (its rule's reading).

    ``zone``: the zone it casts from (None: wherever the card may be cast, a hand by
    default); ``adds_to_mana_cost``: the mana cost is paid too, the keyword's cost is an
    additional cost (retrace, jump-start) — not an alternative cost (118.9);
    ``during_resolution``: the card is cast while a triggered ability resolves (madness,
    suspend, miracle), so timing does not apply (608.2g); ``condition``: a fact of this turn
    it needs.
    """

    rule: str
    printed: _Printed = _Printed.KEYWORD
    fixed: str = ""
    zone: Zone | None = None
    adds_to_mana_cost: bool = False
    during_resolution: bool = False
    condition: Fact | None = None
    change: Change | None = None


WAYS: dict[str, Way] = {
    "flashback": Way("702.34a", zone=Zone.GRAVEYARD),
    "escape": Way("702.138a", zone=Zone.GRAVEYARD),
    "jump-start": Way(
        "702.133a", _Printed.FIXED, "Discard a card", Zone.GRAVEYARD, adds_to_mana_cost=True
    ),
    "retrace": Way(
        "702.81a", _Printed.FIXED, "Discard a land card", Zone.GRAVEYARD, adds_to_mana_cost=True
    ),
    "disturb": Way("702.146a", zone=Zone.GRAVEYARD, change=Change.TRANSFORMED),
    "aftermath": Way("702.127a", _Printed.NONE, zone=Zone.GRAVEYARD, adds_to_mana_cost=True),
    "foretell": Way("702.143a", zone=Zone.EXILE, change=Change.FORETOLD),
    "madness": Way("702.35a", zone=Zone.EXILE, during_resolution=True),
    "suspend": Way("702.62a", _Printed.NONE, zone=Zone.EXILE, during_resolution=True),
    "miracle": Way("702.94a", zone=Zone.HAND, during_resolution=True, condition=Fact.FIRST_DRAWN),
    "spectacle": Way("702.137a", condition=Fact.LOST_LIFE),
    "surge": Way("702.117a", condition=Fact.CAST_SPELLS),
    "prowl": Way("702.76a", condition=Fact.COMBAT_DAMAGE),
    "evoke": Way("702.74a"),
    "overload": Way("702.96a", change=Change.OVERLOADED),
    "dash": Way("702.109a"),
    "blitz": Way("702.152a"),
    "emerge": Way("702.119a", change=Change.EMERGE),
    "bestow": Way("702.103a", change=Change.BESTOWED),
    "mutate": Way("702.140a", change=Change.MUTATING),
    "cleave": Way("702.148a", change=Change.CLEAVED),
    "morph": Way("702.37c", _Printed.FIXED, "{3}", change=Change.FACE_DOWN),
    "megamorph": Way("702.37c", _Printed.FIXED, "{3}", change=Change.FACE_DOWN),
    "disguise": Way("702.168a", _Printed.FIXED, "{3}", change=Change.FACE_DOWN),
}
"""Each keyword way of casting, by keyword."""

_CONDITIONS = {
    Fact.LOST_LIFE: "an opponent lost life this turn",
    Fact.CAST_SPELLS: "you've cast another spell this turn",
    Fact.COMBAT_DAMAGE: "a creature of yours with one of its creature types dealt combat damage "
    "to a player this turn",
    Fact.FIRST_DRAWN: "it is the first card you drew this turn",
}
_HEAD = re.compile(r"^[\w-]+(?:\s+\d+|\s+X)?\s*(?:—\s*|\s+|$)", re.IGNORECASE)


def read_keyword_cost(keyword: str, text: str, subtypes: frozenset[str]) -> AlternativeCost | None:
    """The way of casting a keyword gives (its text as printed, reminder removed), or None
    when the keyword is not one or its cost is not understood. ``subtypes``: the card's, for
    prowl's "any of this spell's creature types".

    >>> read_keyword_cost("escape", "Escape—{3}{B}{B}, Exile four other cards from your "
    ...     "graveyard", frozenset()).cost.parts[0].minimum
    4
    >>> read_keyword_cost("spectacle", "Spectacle {B}", frozenset()).condition.fact
    <Fact.LOST_LIFE: 'lost_life'>
    >>> read_keyword_cost("flashback", "Flashback—Sacrifice a -1/-1 horror", frozenset()) is None
    True
    """
    way = WAYS.get(keyword)
    if way is None:
        return None
    cost: Cost | None
    if way.printed is _Printed.NONE:
        cost = None
    else:
        printed = way.fixed or _HEAD.sub("", text.strip(), count=1).strip().rstrip(".")
        try:
            cost = Cost.parse(printed) if printed.startswith("{") else Cost.read(printed)
        except InvalidNotationError:
            return None
        if not cost.understood:
            return None
        if way.change is Change.EMERGE:
            cost = Cost(cost.mana, (*cost.actions, "Sacrifice a creature"))
    condition = None
    if way.condition is not None:
        condition = BoardCondition(
            way.condition,
            _CONDITIONS[way.condition],
            who=Player.OPPONENT if way.condition is Fact.LOST_LIFE else Player.YOU,
            types=subtypes,
        )
    return AlternativeCost(
        key=keyword,
        text=text.strip(),
        cost=cost,
        rule=way.rule,
        condition=condition,
        zone=way.zone,
        keyword=keyword,
        adds_to_mana_cost=way.adds_to_mana_cost,
        during_resolution=way.during_resolution,
        change=way.change,
    )
