"""Keyword abilities the text reader recognizes on keyword lines (CR 702), and the casting
keywords: those whose rules define a cost to cast the card or a permission to cast it.

Each casting keyword is one declarative entry in :data:`CASTING_KEYWORDS`: its rule, where
it sits in casting (:class:`Slot`: an alternative cost, an optional additional cost, a cost
reduction, a way to pay, a permission from a zone, a restriction), the zone it lets the card
be cast from, and whether the engine models it. A keyword the engine does not model is
reported as not understood, with when it could change an answer (see
:class:`engine.casting_text.Relevance`). Modelling one is its entry's ``modelled`` plus its
rule's logic in the casting pipeline.

>>> "split second" in SIMPLE_KEYWORDS, "kicker" in COST_KEYWORDS
(True, True)
>>> CASTING_KEYWORDS["flashback"].zone, CASTING_KEYWORDS["flashback"].modelled
(<Zone.GRAVEYARD: 'graveyard'>, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from engine.contract import Zone

__all__ = ["CASTING_KEYWORDS", "COST_KEYWORDS", "SIMPLE_KEYWORDS", "CastingKeyword", "Slot"]


@unique
class Slot(StrEnum):
    """Where a casting keyword sits in casting a spell (CR 601.2b–h, 601.3)."""

    ALTERNATIVE = "alternative"  # an alternative cost, announced in 601.2b (118.9)
    OPTIONAL = "optional"  # an optional additional cost, announced in 601.2b (118.8)
    REDUCTION = "reduction"  # a cost reduction applied in 601.2f
    PAYMENT = "payment"  # a way to pay, in 601.2h
    PERMISSION = "permission"  # a permission to cast from a zone (601.3), with its cost
    RESTRICTION = "restriction"  # where or when the card may be cast (601.3)
    TIMING = "timing"  # flash, split second


@dataclass(frozen=True, slots=True)
class CastingKeyword:
    """A keyword whose rules define a cost or a permission to cast (CR 702)."""

    name: str
    rule: str
    slot: Slot
    zone: Zone | None = None
    modelled: bool = False


def _keywords(*entries: CastingKeyword) -> dict[str, CastingKeyword]:
    return {entry.name: entry for entry in entries}


CASTING_KEYWORDS: dict[str, CastingKeyword] = _keywords(
    CastingKeyword("flash", "702.8a", Slot.TIMING, modelled=True),
    CastingKeyword("kicker", "702.33a", Slot.OPTIONAL, modelled=True),
    CastingKeyword("multikicker", "702.33c", Slot.OPTIONAL, modelled=True),
    CastingKeyword("convoke", "702.51a", Slot.PAYMENT, modelled=True),
    CastingKeyword("split second", "702.61a", Slot.TIMING, modelled=True),
    CastingKeyword("aftermath", "702.127a", Slot.RESTRICTION, Zone.GRAVEYARD, modelled=True),
    CastingKeyword("buyback", "702.27a", Slot.OPTIONAL, modelled=True),
    CastingKeyword("flashback", "702.34a", Slot.PERMISSION, Zone.GRAVEYARD, modelled=True),
    CastingKeyword("madness", "702.35a", Slot.PERMISSION, Zone.EXILE, modelled=True),
    CastingKeyword("morph", "702.37a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("megamorph", "702.37b", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("affinity", "702.41a", Slot.REDUCTION, modelled=True),
    CastingKeyword("entwine", "702.42a", Slot.OPTIONAL, modelled=True),
    CastingKeyword("splice", "702.47a", Slot.OPTIONAL, modelled=True),
    CastingKeyword("replicate", "702.56a", Slot.OPTIONAL, modelled=True),
    CastingKeyword("suspend", "702.62a", Slot.PERMISSION, Zone.EXILE, modelled=True),
    CastingKeyword("delve", "702.66a", Slot.PAYMENT, modelled=True),
    CastingKeyword("evoke", "702.74a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("prowl", "702.76a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("conspire", "702.78a", Slot.OPTIONAL, modelled=True),
    CastingKeyword("retrace", "702.81a", Slot.PERMISSION, Zone.GRAVEYARD, modelled=True),
    CastingKeyword("miracle", "702.94a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("overload", "702.96a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("bestow", "702.103a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("dash", "702.109a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("offering", "702.48a", Slot.ALTERNATIVE),
    CastingKeyword("surge", "702.117a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("emerge", "702.119a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("escalate", "702.120a", Slot.OPTIONAL, modelled=True),
    CastingKeyword("undaunted", "702.125a", Slot.REDUCTION, modelled=True),
    CastingKeyword("improvise", "702.126a", Slot.PAYMENT, modelled=True),
    CastingKeyword("assist", "702.132a", Slot.PAYMENT, modelled=True),
    CastingKeyword("jump-start", "702.133a", Slot.PERMISSION, Zone.GRAVEYARD, modelled=True),
    CastingKeyword("spectacle", "702.137a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("escape", "702.138a", Slot.PERMISSION, Zone.GRAVEYARD, modelled=True),
    CastingKeyword("mutate", "702.140a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("foretell", "702.143a", Slot.PERMISSION, Zone.EXILE, modelled=True),
    CastingKeyword("disturb", "702.146a", Slot.PERMISSION, Zone.GRAVEYARD, modelled=True),
    CastingKeyword("cleave", "702.148a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("blitz", "702.152a", Slot.ALTERNATIVE, modelled=True),
    CastingKeyword("casualty", "702.153a", Slot.OPTIONAL, modelled=True),
    CastingKeyword("disguise", "702.168a", Slot.ALTERNATIVE, modelled=True),
)

SIMPLE_KEYWORDS = frozenset(
    [
        "flying",
        "vigilance",
        "trample",
        "haste",
        "reach",
        "defender",
        "menace",
        "hexproof",
        "indestructible",
        "flash",
        "convoke",
        "delve",
        "deathtouch",
        "lifelink",
        "shroud",
        "fear",
        "intimidate",
        "wither",
        "infect",
        "changeling",
        "cascade",
        "storm",
        "rebound",
        "flanking",
        "horsemanship",
        "phasing",
        "persist",
        "undying",
        "provoke",
        "devoid",
        "ingest",
        "improvise",
        "exalted",
        "prowess",
        "evolve",
        "extort",
        "exploit",
        "fuse",
        "haunt",
        "sunburst",
        "epic",
        "gravestorm",
        "soulbond",
        "unleash",
        "cipher",
        "battalion",
        "myriad",
        "melee",
        "skulk",
        "training",
        "mentor",
        "riot",
        "afflict",
        "ascend",
        "assist",
        "jump-start",
        "spectacle",
        "surveil",
        "adapt",
        "amass",
        "escape",
        "mutate",
        "companion",
        "partner",
        "daybound",
        "nightbound",
        "decayed",
        "disturb",
        "cleave",
        "training",
        "compleated",
        "enlist",
        "reconfigure",
        "blitz",
        "casualty",
        "connive",
        "aftermath",
        "affinity",
        "undaunted",
        "offering",
        "cleave",
        "conspire",
        "improvise",
    ]
) | frozenset({"first strike", "double strike", "split second", "living weapon", "totem armor"})
COST_KEYWORDS = frozenset(
    [
        "morph",
        "megamorph",
        "buyback",
        "flashback",
        "cycling",
        "echo",
        "equip",
        "evoke",
        "madness",
        "ninjutsu",
        "bestow",
        "dash",
        "emerge",
        "entwine",
        "overload",
        "replicate",
        "unearth",
        "ward",
        "transmute",
        "transfigure",
        "embalm",
        "eternalize",
        "aftermath",
        "foretell",
        "channel",
        "landcycling",
        "plainscycling",
        "islandcycling",
        "swampcycling",
        "mountaincycling",
        "forestcycling",
        "basic",
        "scavenge",
        "outlast",
        "recover",
        "retrace",
        "splice",
        "fortify",
        "reinforce",
        "miracle",
        "prowl",
        "surge",
        "awaken",
        "crew",
        "level",
        "multikicker",
        "kicker",
        "suspend",
        "fading",
        "vanishing",
        "modular",
        "bushido",
        "rampage",
        "absorb",
        "bloodthirst",
        "graft",
        "devour",
        "annihilator",
        "dredge",
        "amplify",
        "offering",
        "champion",
        "frenzy",
        "afterlife",
        "backup",
        "toxic",
        "squad",
        "mutate",
        "disturb",
        "escape",
        "blitz",
        "casualty",
        "cleave",
        "spectacle",
        "escalate",
        "jump-start",
        "encore",
        "disguise",
        "plot",
    ]
)
