"""Rules engine for casting spells in Magic: The Gathering, citing the Comprehensive Rules.

Pure Python: no Django, no I/O. The public surface is re-exported here.

>>> str(ManaCost.parse("{2}{G}"))
'{2}{G}'
"""

from __future__ import annotations

from engine.actions import Action
from engine.api import evaluate
from engine.board import (
    Board,
    Permanent,
    StackObject,
    Turn,
    has_split_second,
    kick_counts,
    object_ref,
    split_second_spells,
    was_kicked,
)
from engine.cards import CardDefinition
from engine.casting import can_cast, cast, check_cast, judge_cast
from engine.catalog import Catalog, DictCatalog, fold_name
from engine.contract import ActionKind, Phase, Player, ResultKind
from engine.costs import Cost, TotalCost, determine_total_cost
from engine.errors import EngineError, FieldError, InvalidNotationError, RequestError
from engine.explain import CostStep, Step, Violation
from engine.faces import Layout
from engine.mana import Color, ManaCost, ManaSymbol, ManaType
from engine.messages import CardRef, Message, MessageCode, ObjectRef, Param, Quote
from engine.names import match_levels, spell_name
from engine.outcome import RESPONSE_SCHEMA, ClauseReport, IllegalActionError, Outcome, Result
from engine.payment import Payment, find_payment
from engine.priority import can, check, judge, perform
from engine.request import REQUEST_SCHEMA, Request

__all__ = [
    "REQUEST_SCHEMA",
    "RESPONSE_SCHEMA",
    "Action",
    "ActionKind",
    "Board",
    "CardDefinition",
    "CardRef",
    "Catalog",
    "ClauseReport",
    "Color",
    "Cost",
    "CostStep",
    "DictCatalog",
    "EngineError",
    "FieldError",
    "IllegalActionError",
    "InvalidNotationError",
    "Layout",
    "ManaCost",
    "ManaSymbol",
    "ManaType",
    "Message",
    "MessageCode",
    "ObjectRef",
    "Outcome",
    "Param",
    "Payment",
    "Permanent",
    "Phase",
    "Player",
    "Quote",
    "Request",
    "RequestError",
    "Result",
    "ResultKind",
    "StackObject",
    "Step",
    "TotalCost",
    "Turn",
    "Violation",
    "can",
    "can_cast",
    "cast",
    "check",
    "check_cast",
    "determine_total_cost",
    "evaluate",
    "find_payment",
    "fold_name",
    "has_split_second",
    "judge",
    "judge_cast",
    "kick_counts",
    "match_levels",
    "object_ref",
    "perform",
    "spell_name",
    "split_second_spells",
    "was_kicked",
]
