"""Permissions to cast spells from zones other than a hand, read from a permanent's text
(CR 601.3): from the top of a library ("You may cast creature spells from the top of your
library", 401.5), from a graveyard ("You may play lands and cast spells from your
graveyard"), and from among the cards a permanent exiled ("… from among cards exiled with
~", linked abilities, 406.6, 607.2a); and the permission an effect gave an exiled card ("Until
end of turn, you may play that card"), which the request marks on that card (``may_play``).

>>> read_cast_permission("You may cast creature spells from the top of your library.").zones
frozenset({<Zone.LIBRARY: 'library'>})
>>> read_cast_permission("You may play lands and cast spells from among cards exiled with ~."
...     ).linked
True
>>> grants_play("Until end of turn, you may play that card.")
True
"""

from __future__ import annotations

import re

from engine.casting_text import CastingStatic, StaticKind
from engine.conditions import read_condition_text, read_moments
from engine.contract import Zone
from engine.costs import Cost
from engine.errors import InvalidNotationError
from engine.filters import Filter, Whose, read_filter

__all__ = ["grants_play", "plays_lands_only", "read_cast_permission"]

_PERMISSION = re.compile(
    r"^(?:(?P<during>during your turn), )?(?:(?P<cond>(?:as long as|if) [^,]+), )?"
    r"(?:(?P<once>once each turn|once during each of your "
    r"turns|during each of your turns), )?(?:you may look at (?:the )?cards exiled with ~, and )?"
    r"you may (?P<lands>play lands and |play a land or )?cast (?:(?P<one>an?|one) )?(?P<what>.*?)"
    r"(?P<noun>spells?)"
    r"(?P<with> (?:with|that have|of the chosen) [^.]+?)? from "
    r"(?P<zone>the top of your library|the top of any player's library|your graveyard|among "
    r"(?:the )?cards exiled with ~|among "
    r"those cards)(?P<shares> if it shares a card type with a card exiled with ~)?"
    r"(?: by (?P<by>[^.]+?) in addition to paying (?:its|their) other costs)?"
    r"(?P<free> without paying its mana cost)?\.?$",
    re.IGNORECASE,
)
"""A permission to cast spells from a zone; ``once``: a permission used once each turn (one
spell: "a creature spell", "one permanent spell"), and during your turns when it says so."""
_PLAY_AND_SPEND = re.compile(
    r"^(?:(?P<each>during each player's turn), that player|you) may (?:play cards|play a land or "
    r"cast a spell from among cards) exiled with ~, and (?:you|they) may spend mana as though it "
    r"were mana of any color to cast (?:those spells|that spell)\.?$",
    re.IGNORECASE,
)
"""A permission to play the cards a permanent exiled, spending mana as though it were mana of
any color for them (609.4b); "during each player's turn, that player": any player, once each of
their turns."""
_LANDS_ONLY = re.compile(
    r"^you may play lands from (?:the top of your library|your graveyard|among (?:the )?cards "
    r"exiled with ~)\.?$",
    re.IGNORECASE,
)
_GRANTED = re.compile(
    r"^(?:until (?:the )?end of (?:your next )?turn, )?you may (?:play|cast) (?:that card|it|"
    r"them|those cards)(?: this turn| until (?:the )?end of (?:your next )?turn)?\.?$",
    re.IGNORECASE,
)
_ZONES = {
    "the top of your library": Zone.LIBRARY,
    "the top of any player's library": Zone.LIBRARY,
    "your graveyard": Zone.GRAVEYARD,
}


def read_cast_permission(sentence: str) -> CastingStatic | None:
    """Read a permanent's permission to cast spells from a zone; None if not understood.

    >>> static = read_cast_permission("You may cast instant and sorcery spells from the top of "
    ...     "your library.")
    >>> static.kind, static.spells.fits is not None
    (<StaticKind.CAST_FROM: 'cast_from'>, True)
    >>> read_cast_permission("You may cast spells from the top of any player's library."
    ...     ).any_owner
    True
    """
    text = sentence.strip()
    spend = _PLAY_AND_SPEND.match(text)
    if spend is not None:
        each = bool(spend.group("each"))
        return CastingStatic(
            kind=StaticKind.CAST_FROM,
            text=text,
            whose=Whose.ANY if each else Whose.YOU,
            zones=frozenset({Zone.EXILE}),
            linked=True,
            moments=read_moments("during your turn") if each else None,
            once_each_turn=each,
            spend_any=True,
        )
    match = _PERMISSION.match(text)
    if match is None:
        return None
    once = match.group("once")
    plural = match.group("noun").lower() == "spells"
    if plural == bool(once) or plural == bool(match.group("one")):
        return None  # one spell each turn, or any number of spells: as the text says
    if match.group("shares") and not once:
        return None
    condition = None
    cond = match.group("cond")
    attached = bool(cond) and cond.lower() == "as long as ~ is attached to a creature"
    if cond and not attached and cond.lower() != "as long as ~ is on the battlefield":
        condition = read_condition_text(cond)
        if condition is None:
            return None
    additional: Cost | None = None
    if match.group("by"):
        additional = _cost(match.group("by"))
        if additional is None:
            return None
    if match.group("free") and not once:
        return None
    phrase = match.group("what").strip()
    spells: Filter | None = None
    with_ = re.sub(r"^ that have ", " with ", match.group("with") or "", flags=re.IGNORECASE)
    if phrase or with_:
        spells = read_filter((phrase + " spells" + with_).strip())
        if spells is None:
            return None
    where = match.group("zone").lower()
    linked = where.startswith("among")
    your_turns = match.group("during") or (once and "your turns" in once.lower())
    moments = read_moments("during your turn") if your_turns else None
    return CastingStatic(
        kind=StaticKind.CAST_FROM,
        text=text,
        whose=Whose.YOU,
        spells=spells,
        zones=frozenset({Zone.EXILE if linked else _ZONES[where]}),
        linked=linked,
        condition=condition,
        moments=moments,
        once_each_turn=bool(once),
        shares_type_linked=bool(match.group("shares")),
        any_owner=where == "the top of any player's library",
        while_attached=attached,
        additional=additional,
        free=bool(match.group("free")),
    )


def _cost(text: str) -> Cost | None:
    """ "sacrificing a creature" → the cost "Sacrifice a creature"; None if not understood."""
    words = {"sacrificing": "sacrifice", "discarding": "discard", "exiling": "exile",
             "paying": "pay", "tapping": "tap", "returning": "return"}  # fmt: skip
    infinitive = re.sub(r"^(\w+)", lambda m: words.get(m.group(1).lower(), m.group(1)), text)
    try:
        cost = Cost.read(infinitive)
    except InvalidNotationError:
        return None
    return cost if cost.understood else None


def plays_lands_only(sentence: str) -> bool:
    """Whether a sentence lets its controller play lands only (playing a land is not casting,
    305.1): it has no bearing on casting.

    >>> plays_lands_only("You may play lands from among cards exiled with ~.")
    True
    """
    return bool(_LANDS_ONLY.match(sentence.strip()))


def grants_play(sentence: str) -> bool:
    """Whether a sentence is an effect letting its controller play the card(s) it just exiled
    ("You may play it this turn"): the request says which exiled cards have that permission
    (``"may_play": true``).

    >>> grants_play("You may play them this turn."), grants_play("You may cast the copy.")
    (True, False)
    """
    return bool(_GRANTED.match(sentence.strip()))
