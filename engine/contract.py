"""The casting contract's vocabulary: every enum and every limit, each defined once.

The request codec (:mod:`engine.request`), the published JSON Schemas built from it, and the
site's forms all read their choices and bounds from here, so a limit changed here changes
everywhere. Limits bound the work one request can ask for; they are far above any real game.

>>> ActionKind("cast"), Player.YOU.other, MAX_X
(<ActionKind.CAST: 'cast'>, <Player.OPPONENT: 'opponent'>, 1000)
"""

from __future__ import annotations

from enum import StrEnum, unique

__all__ = [
    "MAX_COST_INCREASES",
    "MAX_COST_SYMBOLS",
    "MAX_COUNTER_KIND",
    "MAX_COUNTERS",
    "MAX_KICKS",
    "MAX_LIST",
    "MAX_MANA_TEXT",
    "MAX_PERMANENTS",
    "MAX_REQUEST_BYTES",
    "MAX_REQUEST_DEPTH",
    "MAX_STACK",
    "MAX_TEXT",
    "MAX_X",
    "ActionKind",
    "Phase",
    "Player",
    "ResultKind",
]

# --- Limits ---------------------------------------------------------------------------------

MAX_PERMANENTS = 200
"""Permanents on the battlefield."""
MAX_STACK = 50
"""Objects on the stack."""
MAX_LIST = 30
"""Items in any other list: targets, convoke, sacrifice, cost changes, kicker counts, counters."""
MAX_TEXT = 200
"""Characters in a name or an id."""
MAX_X = 1000
"""The value announced for X."""
MAX_KICKS = 20
"""Times one kicker cost is paid (multikicker)."""
MAX_COUNTERS = 10_000
"""Counters of one kind on a permanent."""
MAX_COUNTER_KIND = 40
"""Characters in a counter kind ("+1/+1", "charge")."""
MAX_MANA_TEXT = 400
"""Characters in one mana notation (a cost, a pool): room for ``MAX_COST_SYMBOLS`` symbols."""
# Bounded work: a request within these limits is answered within 50 ms (README, make bench).
MAX_COST_INCREASES = 10
"""Entries of ``cost_increases``, and of ``cost_reductions``."""
MAX_COST_SYMBOLS = 40
"""Mana symbols in ``alternative_cost``, ``cost_increases`` and ``cost_reductions`` together."""
MAX_REQUEST_BYTES = 64 * 1024
"""The request as JSON text (an API body, a decoded ``?s=`` link)."""
MAX_REQUEST_DEPTH = 32
"""How deeply a request's arrays and objects nest."""

# --- Enums ----------------------------------------------------------------------------------


@unique
class Player(StrEnum):
    """The two players, from the acting user's point of view.

    >>> Player("you")
    <Player.YOU: 'you'>
    """

    YOU = "you"
    OPPONENT = "opponent"

    @property
    def other(self) -> Player:
        """The other player.

        >>> Player.YOU.other
        <Player.OPPONENT: 'opponent'>
        """
        return Player.OPPONENT if self is Player.YOU else Player.YOU


@unique
class Phase(StrEnum):
    """The phases of a turn (CR 500.1).

    >>> Phase("main1")
    <Phase.MAIN1: 'main1'>
    """

    BEGINNING = "beginning"
    MAIN1 = "main1"
    COMBAT = "combat"
    MAIN2 = "main2"
    END = "end"

    @property
    def is_main(self) -> bool:
        """Whether it is a main phase (CR 505.1).

        >>> Phase.MAIN2.is_main, Phase.COMBAT.is_main
        (True, False)
        """
        return self in (Phase.MAIN1, Phase.MAIN2)


@unique
class ActionKind(StrEnum):
    """What the acting player does.

    >>> ActionKind("cast").needs_card, ActionKind("turn_face_up").needs_source
    (True, True)
    """

    CAST = "cast"
    COPY_SPELL = "copy_spell"
    PUT_ONTO_BATTLEFIELD = "put_onto_battlefield"
    ENTER_AS_COPY = "enter_as_copy"
    ACTIVATE_ABILITY = "activate_ability"
    ACTIVATE_MANA_ABILITY = "activate_mana_ability"
    TURN_FACE_UP = "turn_face_up"
    PUT_TRIGGER_ON_STACK = "put_trigger_on_stack"
    CAST_FROM_TRIGGER = "cast_from_trigger"

    @property
    def is_cast(self) -> bool:
        """Whether the card acted on is cast (CR 601.2), so its choices are announced.

        >>> ActionKind.CAST_FROM_TRIGGER.is_cast, ActionKind.PUT_ONTO_BATTLEFIELD.is_cast
        (True, False)
        """
        return self in _CASTS

    @property
    def needs_card(self) -> bool:
        """Whether the action names the card it acts on (``action.card``).

        >>> ActionKind.ENTER_AS_COPY.needs_card
        True
        """
        return self in _WITH_CARD

    @property
    def needs_source(self) -> bool:
        """Whether the action is a permanent's, named by ``action.source``.

        >>> ActionKind.PUT_TRIGGER_ON_STACK.needs_source
        False
        """
        return self in _WITH_SOURCE

    @property
    def copies(self) -> str | None:
        """Where ``action.copy_of`` points: ``"stack"``, ``"battlefield"`` or None.

        >>> ActionKind.COPY_SPELL.copies, ActionKind.CAST.copies
        ('stack', None)
        """
        return _COPIES.get(self)


_CASTS = frozenset({ActionKind.CAST, ActionKind.CAST_FROM_TRIGGER})
_WITH_CARD = frozenset(
    {
        ActionKind.CAST,
        ActionKind.PUT_ONTO_BATTLEFIELD,
        ActionKind.ENTER_AS_COPY,
        ActionKind.CAST_FROM_TRIGGER,
    }
)
_WITH_SOURCE = frozenset(
    {ActionKind.ACTIVATE_ABILITY, ActionKind.ACTIVATE_MANA_ABILITY, ActionKind.TURN_FACE_UP}
)
_COPIES = {ActionKind.COPY_SPELL: "stack", ActionKind.ENTER_AS_COPY: "battlefield"}


@unique
class ResultKind(StrEnum):
    """What the action produced.

    >>> ResultKind("token")
    <ResultKind.TOKEN: 'token'>
    """

    SPELL = "spell"
    PERMANENT = "permanent"
    TOKEN = "token"
    ABILITY = "ability"
    SPECIAL_ACTION = "special_action"
