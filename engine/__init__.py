"""Rules engine for casting spells in Magic: The Gathering, citing the Comprehensive Rules.

Pure Python: no Django, no I/O. The public surface is re-exported here.

>>> str(ManaCost.parse("{2}{G}"))
'{2}{G}'
"""

from __future__ import annotations

from engine.board import (
    Board,
    Permanent,
    Phase,
    Player,
    StackObject,
    Turn,
    has_split_second,
    kick_counts,
    split_second_spells,
    was_kicked,
)
from engine.cards import CardDefinition
from engine.catalog import Catalog, DictCatalog
from engine.costs import Cost, TotalCost, determine_total_cost
from engine.errors import (
    EngineError,
    FieldError,
    IllegalActionError,
    InvalidNotationError,
    RequestError,
)
from engine.explain import CostStep, Step, Violation
from engine.mana import Color, ManaCost, ManaSymbol, ManaType
from engine.payment import Payment, find_payment

__all__ = [
    "Board",
    "CardDefinition",
    "Catalog",
    "Color",
    "Cost",
    "CostStep",
    "DictCatalog",
    "EngineError",
    "FieldError",
    "IllegalActionError",
    "InvalidNotationError",
    "ManaCost",
    "ManaSymbol",
    "ManaType",
    "Payment",
    "Permanent",
    "Phase",
    "Player",
    "RequestError",
    "StackObject",
    "Step",
    "TotalCost",
    "Turn",
    "Violation",
    "determine_total_cost",
    "find_payment",
    "has_split_second",
    "kick_counts",
    "split_second_spells",
    "was_kicked",
]
