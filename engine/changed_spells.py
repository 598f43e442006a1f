"""The spell a card becomes when a keyword changes it as it is cast: face down (morph,
megamorph, disguise: 708.4, 702.37c), bestowed (an Aura with enchant creature, 702.103b),
overloaded ("target" becomes "each", 702.96a), mutating (a creature spell that targets a
non-Human creature with the same owner, 702.140a) or cleaved (the words in square brackets
removed, 702.148a). Each is the card read anew with the
characteristics its rule gives, so every later step of 601.2 (targets, timing, cost changes,
mana value, the result) judges the spell as it is on the stack.

>>> from engine.cards import CardDefinition
>>> from engine.casting_text import Change
>>> cards = CardDefinition.parse(name="Electrickery", mana_cost="{R}", type_line="Instant",
...     oracle_text="Electrickery deals 1 damage to target creature you don't control.\\n"
...     "Overload {1}{R}")
>>> spell_as_cast(cards, Change.OVERLOADED).oracle_text.split("\\n")[0]
"Electrickery deals 1 damage to each creature you don't control."
>>> down = spell_as_cast(cards, Change.FACE_DOWN)
>>> down.mana_cost.mana_value, down.power, down.card_types
(0, '2', frozenset({'creature'}))
>>> flare = CardDefinition.parse(name="Fierce Retribution", mana_cost="{4}{W}",
...     type_line="Instant", oracle_text="Cleave {5}{W}\\nDestroy target [attacking] creature.")
>>> spell_as_cast(flare, Change.CLEAVED).oracle_text.split("\\n")[1]
'Destroy target creature.'
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from engine.abilities import Clause, ClauseKind
from engine.cards import CardDefinition
from engine.casting_text import Change
from engine.text import Condition, read_targets

__all__ = ["spell_as_cast"]

_DISGUISE_WARD = "Ward {2}"
_BRACKETED = re.compile(r" ?\[[A-Za-z][^\[\]]*\]")
# The board has no owner apart from the controller: a permanent "you own" is one you control.
_MUTATE_TARGET = read_targets("target non-Human creature you own")


@functools.lru_cache(maxsize=1024)
def spell_as_cast(card: CardDefinition, change: Change | None) -> CardDefinition:
    """The spell ``card`` is on the stack when cast with ``change`` (the card itself when the
    change leaves its characteristics alone)."""
    if change is Change.FACE_DOWN:
        disguised = "disguise" in card.keywords
        return CardDefinition.parse(
            name=card.name,
            name_fr=card.name_fr,
            mana_cost="",
            type_line="Creature",
            oracle_text=_DISGUISE_WARD if disguised else "",  # 702.168a: ward {2}
            power="2",
            toughness="2",
            colors="",
        )
    if change is Change.BESTOWED:
        supertypes = " ".join(s.capitalize() for s in sorted(card.supertypes))
        types = [t.capitalize() for t in sorted(card.card_types - {"creature"} | {"enchantment"})]
        return CardDefinition.parse(
            name=card.name,
            name_fr=card.name_fr,
            mana_cost=str(card.mana_cost),
            type_line=" ".join(filter(None, [supertypes, *types])) + " — Aura",
            oracle_text="Enchant creature\n" + card.oracle_text,
            power=None,
            toughness=None,
            colors="".join(sorted(c.value for c in card.colors)),
        )
    if change is Change.OVERLOADED:
        return CardDefinition.parse(
            name=card.name,
            name_fr=card.name_fr,
            mana_cost=str(card.mana_cost),
            type_line=card.type_line,
            oracle_text=re.sub(r"\btarget\b", "each", card.oracle_text),
            power=card.power,
            toughness=card.toughness,
            colors="".join(sorted(c.value for c in card.colors)),
        )
    if change is Change.MUTATING:
        target = Clause(
            text=next((t for t in card.oracle_text.split("\n") if t.startswith("Mutate")), ""),
            kind=ClauseKind.KEYWORD,
            condition=Condition.ALWAYS,
            targets=_MUTATE_TARGET,
        )
        return replace(card, clauses=(target, *card.clauses))
    if change is Change.CLEAVED:
        return CardDefinition.parse(
            name=card.name,
            name_fr=card.name_fr,
            mana_cost=str(card.mana_cost),
            type_line=card.type_line,
            oracle_text=_BRACKETED.sub("", card.oracle_text),
            power=card.power,
            toughness=card.toughness,
            colors="".join(sorted(c.value for c in card.colors)),
        )
    return card
