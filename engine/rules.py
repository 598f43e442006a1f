"""Comprehensive Rules numbers (CR of 2026-01-16) and the official rulings the engine quotes.

Rule numbers are strings, checked against MagicCompRules-2026-01-16.txt. Kicker is 702.33 in
that edition (older editions used 702.30).

>>> KICKER_KICKED
'702.33d'
>>> RULING_COPY_KICKED.startswith("If you copy a kicked spell")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.messages import gettext_noop

__all__ = [
    "ADVENTURE_EXILE",
    "AFTERMATH",
    "FUSE",
    "FUSED_SPELL",
    "ASSIST",
    "CLEAVE",
    "MUTATE",
    "BESTOWED",
    "EMERGE",
    "FACE_DOWN_SPELL",
    "OVERLOADED",
    "TRANSFORMED",
    "ALTERNATIVE_REQUIRED",
    "CAST_PERMISSION",
    "COPY_NEW_TARGETS",
    "FLASH_IF_PAID",
    "LIFE_PAYMENT",
    "MEGAMORPH",
    "MODES",
    "MODES_CHOSEN",
    "MODES_TARGETS",
    "MODE_ONCE",
    "MORPH",
    "MORPH_FACE_UP",
    "ONE_ALTERNATIVE",
    "UNPAYABLE_COST",
    "ACTIVATE",
    "ADDITIONAL_COST",
    "ALTERNATIVE_COST",
    "ALTERNATIVE_COST_X",
    "ANNOUNCE",
    "BASIC_LAND_MANA",
    "CANT_PAY",
    "CAST_COMPLETE",
    "CAST_DURING_RESOLUTION",
    "CONVOKE",
    "DELVE",
    "ENTWINE",
    "CONSPIRE",
    "IMPROVISE",
    "CONVOKE_AFTER_TOTAL",
    "COPY_DECISIONS",
    "COPY_PERMANENT_SPELL",
    "COPY_VALUES",
    "CREATURE_TIMING",
    "GENERIC_REDUCTION",
    "INSTANT_TIMING",
    "KICKER",
    "LAND_NOT_CAST",
    "MELDED_BACK_FACE",
    "NEVER_CAST",
    "LEGALITY",
    "RULING_KICKED",
    "KICKER_KICKED",
    "KICKER_LINKED",
    "KICKER_TARGETS",
    "KICKER_TWO_COSTS",
    "MANA_ABILITY",
    "MANA_ABILITY_TIMING",
    "MANA_ABILITIES_STEP",
    "MANA_VALUE",
    "MANA_VALUE_X",
    "MULTIKICKER",
    "PAY",
    "SPEND_AS_THOUGH",
    "SPEND_ONLY",
    "PHYREXIAN_LIFE",
    "PROPOSE",
    "SORCERY_TIMING",
    "SPECIAL_ACTION_FACE_UP",
    "SPLIT_SECOND",
    "SPLIT_SECOND_EXCEPTIONS",
    "SUMMONING_SICKNESS",
    "TARGETS",
    "DIVIDED",
    "TOKEN_FROM_COPY",
    "TOTAL_COST",
    "FLASH",
    "RULING_COPY_KICKED",
    "RULING_ENTER_AS_COPY",
    "RULING_KICKER_ONCE",
    "RULING_NOT_CAST",
    "RULING_TOTAL_COST",
    "RULING_SPLIT_SECOND_TRIGGER_CAST",
    "RULING_SPLIT_SECOND_TRIGGERS",
    "RULING_SPLIT_SECOND_FACE_UP",
]

CAST_PERMISSION = "601.3"
FLASH_IF_PAID = "601.3c"
UNPAYABLE_COST = "118.6"
ONE_ALTERNATIVE = "118.9a"
LIFE_PAYMENT = "119.4"
MODES = "700.2"
MODES_CHOSEN = "700.2a"
MODES_TARGETS = "700.2c"
MODE_ONCE = "700.2d"
MORPH = "702.37a"
MEGAMORPH = "702.37b"
MORPH_FACE_UP = "702.37e"
AFTERMATH = "702.127a"
FACE_DOWN_SPELL = "708.4"
BESTOWED = "702.103b"
OVERLOADED = "702.96b"
TRANSFORMED = "712.8c"
EMERGE = "702.119a"
MUTATE = "702.140a"
CLEAVE = "702.148a"
ASSIST = "702.132a"
COPY_NEW_TARGETS = "707.10c"
PROPOSE = "601.2a"
SPLIT_HALF = "709.3"
FUSE = "702.102a"
FUSED_SPELL = "702.102b"
ADVENTURE = "715.3"
ADVENTURE_EXILE = "715.3d"
MODAL_FACE = "712.11b"
ANNOUNCE = "601.2b"
TARGETS = "601.2c"
DIVIDED = "601.2d"
LEGALITY = "601.2e"
TOTAL_COST = "601.2f"
MANA_ABILITIES_STEP = "601.2g"
PAY = "601.2h"
SPEND_AS_THOUGH = "609.4b"
SPEND_ONLY = "106.6"
CAST_COMPLETE = "601.2i"

INSTANT_TIMING = "117.1a"
ACTIVATE = "117.1b"
MANA_ABILITY_TIMING = "117.1d"
CREATURE_TIMING = "302.1"
SORCERY_TIMING = "307.1"
SUMMONING_SICKNESS = "302.6"
BASIC_LAND_MANA = "305.6"
SPECIAL_ACTION_FACE_UP = "116.2b"
MANA_ABILITY = "605.1a"
MANA_ABILITY_NO_STACK = "605.3b"
CANT_PAY = "118.3"
GENERIC_REDUCTION = "118.7a"
ADDITIONAL_COST = "118.8"
ALTERNATIVE_COST = "118.9"
ALTERNATIVE_REQUIRED = "118.9b"
ALTERNATIVE_COST_X = "107.3b"
MANA_VALUE = "202.3"
MANA_VALUE_X = "202.3e"
PHYREXIAN_LIFE = "107.4f"
FLASH = "702.8a"
LAND_NOT_CAST = "305.9"
MELDED_BACK_FACE = "712.4b"
# Card types of casual variants' cards, which stay in the command zone and are never cast.
NEVER_CAST: Mapping[str, str] = MappingProxyType(
    {
        "plane": "311.2",
        "phenomenon": "312.2",
        "vanguard": "313.2",
        "scheme": "314.2",
        "conspiracy": "315.3",
        "dungeon": "309.2",
    }
)
CAST_DURING_RESOLUTION = "608.2g"

KICKER = "702.33a"
KICKER_TWO_COSTS = "702.33b"
MULTIKICKER = "702.33c"
KICKER_KICKED = "702.33d"
KICKER_LINKED = "702.33f"
KICKER_TARGETS = "702.33g"
CONVOKE = "702.51a"
DELVE = "702.66a"
ENTWINE = "702.42a"
CONSPIRE = "702.78a"
IMPROVISE = "702.126a"
CONVOKE_AFTER_TOTAL = "702.51b"
SPLIT_SECOND = "702.61a"
SPLIT_SECOND_EXCEPTIONS = "702.61b"
COPY_VALUES = "707.2"
COPY_DECISIONS = "707.10"
COPY_PERMANENT_SPELL = "707.10f"
TOKEN_FROM_COPY = "608.3f"

RULING_KICKED = gettext_noop('If a spell\'s kicker cost was paid, the spell is "kicked."')
RULING_TOTAL_COST = gettext_noop(
    "To determine a spell's total cost, start with the mana cost (or an alternative cost if"
    " another card's effect allows you to pay one instead), add any cost increases (such as"
    " kicker), then apply any cost reductions. The spell's mana value remains unchanged, no"
    " matter what the total cost to cast it was."
)
RULING_COPY_KICKED = gettext_noop(
    "If you copy a kicked spell on the stack, the copy is also kicked. If the copied spell is a"
    " permanent spell, the token the copy of that spell becomes when it enters is also kicked."
)
RULING_NOT_CAST = gettext_noop(
    "If you put a permanent with a kicker ability onto the battlefield without casting it, you"
    " can't kick it."
)
RULING_ENTER_AS_COPY = gettext_noop(
    "If a card or token enters as a copy of a permanent, the new permanent isn't kicked, even"
    " if the original was."
)
RULING_KICKER_ONCE = gettext_noop(
    "The kicker ability doesn't let you pay a kicker cost more than once."
)
RULING_SPLIT_SECOND_TRIGGER_CAST = gettext_noop(
    "If the resolution of a triggered ability involves casting a spell, that spell can't be"
    " cast if a spell with split second is on the stack."
)
RULING_SPLIT_SECOND_TRIGGERS = gettext_noop(
    "Split second doesn't stop triggered abilities from triggering, such as that of Chalice of"
    " the Void. If one does, its controller puts it on the stack and chooses targets for it, if"
    " any. Those abilities will resolve as normal."
)
RULING_SPLIT_SECOND_FACE_UP = gettext_noop(
    "Players may turn face-down creatures face up while a spell with split second is on the stack."
)
