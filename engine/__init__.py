"""Rules engine for casting spells in Magic: The Gathering, citing the Comprehensive Rules.

Pure Python: no Django, no I/O. The public surface is re-exported here.

>>> str(ManaCost.parse("{2}{G}"))
'{2}{G}'
"""

from __future__ import annotations

from engine.actions import Action, ActionKind, ClauseReport, Outcome, Result, ResultKind
from engine.api import evaluate
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
from engine.casting import can_cast, cast, check_cast
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
from engine.priority import can, check, perform
from engine.requests import parse_request

__all__ = [
    "Action",
    "ActionKind",
    "ClauseReport",
    "Outcome",
    "Result",
    "ResultKind",
    "can",
    "can_cast",
    "cast",
    "check",
    "check_cast",
    "evaluate",
    "parse_request",
    "perform",
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
