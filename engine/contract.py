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
    "MAX_CHOICES",
    "MAX_FACES",
    "MAX_COST_INCREASES",
    "MAX_COST_SYMBOLS",
    "MAX_COUNTER_KIND",
    "MAX_COUNTERS",
    "MAX_KICKS",
    "MAX_LIFE",
    "MAX_LIST",
    "MAX_MANA_TEXT",
    "MAX_PERMANENTS",
    "MAX_REQUEST_BYTES",
    "MAX_REQUEST_DEPTH",
    "MAX_STACK",
    "MAX_TEXT",
    "MAX_X",
    "MAX_ZONE",
    "ActionKind",
    "Choice",
    "DayNight",
    "Phase",
    "Player",
    "ResultKind",
    "Step",
    "TurnCount",
    "Zone",
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
MAX_ZONE = 100
"""Cards listed in one zone: the hand, the graveyard or exile (each player's together)."""
MAX_LIFE = 1_000_000
"""A player's life total."""
MAX_FACES = 5
"""Faces of one card (Who // What // When // Where // Why has five)."""
MAX_CHOICES = 30
"""Ids in each cost choice (``sacrifice``, ``discard``, ``exile``, ``tap``, ``return``,
``reveal``) and modes announced: every accepted request stays bounded (a cost's objects are
matched to its parts by augmenting paths over at most this many ids)."""

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
class Zone(StrEnum):
    """The zones a card is cast from or pays a cost from, besides the battlefield (CR 400.1).

    >>> Zone("graveyard")
    <Zone.GRAVEYARD: 'graveyard'>
    """

    HAND = "hand"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    LIBRARY = "library"
    """Only its top card is listed (401.2: a library is face down and in a set order)."""


@unique
class Choice(StrEnum):
    """A choice a cast (or a special action) still needs: the answer's ``missing`` lists them
    in this order, each also a 601.2b (announcements, cost choices) or 601.2c (targets)
    violation. ``reveal`` (cards revealed from the hand to pay a cost) comes after the other
    costs' objects, then ``chosen`` (a value chosen as an additional cost: "choose a creature
    type").

    >>> [c.value for c in Choice][:3]
    ['targets', 'modes', 'x']
    """

    TARGETS = "targets"
    MODES = "modes"
    X = "x"
    SACRIFICE = "sacrifice"
    DISCARD = "discard"
    EXILE = "exile"
    TAP = "tap"
    RETURN = "return"
    REVEAL = "reveal"
    COUNTER = "counter"
    CHOSEN = "chosen"


@unique
class TurnCount(StrEnum):
    """What ``this_turn`` counts for each player: the turn's history that card text asks about
    ("if a creature died this turn", "for each 1 life you gained this turn"). Each is a
    ``{"you": n, "opponent": n}`` object of ``this_turn`` under its own name, and the
    workbench offers one number per player for each.

    >>> TurnCount("life_gained")
    <TurnCount.LIFE_GAINED: 'life_gained'>
    """

    LIFE_LOST = "life_lost"
    SPELLS_CAST = "spells_cast"
    LIFE_GAINED = "life_gained"
    CARDS_DRAWN = "cards_drawn"
    CARDS_DISCARDED = "cards_discarded"
    CREATURES_DIED = "creatures_died"
    ATTACKED_WITH = "attacked_with"
    NONCOMBAT_DAMAGE = "noncombat_damage"
    LANDS_PLAYED = "lands_played"
    CREATURES_ENTERED = "creatures_entered"
    LANDS_ENTERED = "lands_entered"
    ARTIFACTS_ENTERED = "artifacts_entered"
    CARDS_TO_GRAVEYARD = "cards_put_into_graveyard"
    LIBRARY_SEARCHES = "library_searches"
    DAMAGED_BY_CREATURES = "damaged_by_creatures"
    CREATURE_SPELLS_COUNTERED = "creature_spells_countered"
    NONCREATURE_PERMANENTS_DESTROYED = "noncreature_permanents_destroyed"


@unique
class DayNight(StrEnum):
    """The game's day/night designation (CR 730.1): a game starts with neither, and once it
    has become day or night it has exactly one of them.

    >>> DayNight("night")
    <DayNight.NIGHT: 'night'>
    """

    DAY = "day"
    NIGHT = "night"


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

    @property
    def steps(self) -> tuple[Step, ...]:
        """Its steps in which players get priority (CR 501.1, 506.1, 512.1; none in a main
        phase, and none in the untap step).

        >>> [s.value for s in Phase.BEGINNING.steps]
        ['upkeep', 'draw']
        """
        return _STEPS[self]


@unique
class Step(StrEnum):
    """The steps of a turn in which a player can get priority, in turn order (CR 500.1).

    >>> Step("declare_blockers").phase
    <Phase.COMBAT: 'combat'>
    """

    UPKEEP = "upkeep"
    DRAW = "draw"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def phase(self) -> Phase:
        """The phase it belongs to.

        >>> Step.UPKEEP.phase
        <Phase.BEGINNING: 'beginning'>
        """
        return next(phase for phase, steps in _STEPS.items() if self in steps)


_STEPS: dict[Phase, tuple[Step, ...]] = {
    Phase.BEGINNING: (Step.UPKEEP, Step.DRAW),
    Phase.MAIN1: (),
    Phase.COMBAT: (
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    ),
    Phase.MAIN2: (),
    Phase.END: (Step.END, Step.CLEANUP),
}


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
    MANA_ABILITY = "mana_ability"
    SPECIAL_ACTION = "special_action"
