"""The board: players, turn, permanents, the stack, and the facts asked of them.

Kicked status belongs to the object that was cast (CR 702.33d) and one function,
:func:`kick_counts`, answers for a spell or a permanent. Split second is computed from the
current stack (CR 702.61a), never stored.

>>> from engine.cards import CardDefinition
>>> disaster = CardDefinition.parse(name="Molten Disaster", mana_cost="{X}{R}{R}",
...     type_line="Sorcery", oracle_text="Kicker {R}\\nIf this spell was kicked, it has split "
...     "second.\\nMolten Disaster deals X damage to each creature without flying and each player.")
>>> spell = StackObject(id="s1", card=disaster, controller=Player.OPPONENT, kicked_with=(1,))
>>> was_kicked(spell), has_split_second(spell)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum, unique

from engine.cards import CardDefinition
from engine.mana import Color, ManaCost

__all__ = [
    "Board",
    "Permanent",
    "Phase",
    "Player",
    "StackObject",
    "Turn",
    "has_split_second",
    "kick_counts",
    "split_second_spells",
    "was_kicked",
]


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


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is and which phase.

    >>> Turn().phase
    <Phase.MAIN1: 'main1'>
    """

    active_player: Player = Player.YOU
    phase: Phase = Phase.MAIN1


@dataclass(frozen=True, slots=True, kw_only=True)
class Permanent:
    """A permanent on the battlefield.

    ``kicked_with`` is kept only for a permanent that was a kicked spell (CR 702.33d);
    a face-down permanent is a 2/2 colorless creature with no abilities (CR 708.2a).

    >>> from engine.cards import CardDefinition
    >>> bears = CardDefinition.parse(name="Grizzly Bears", mana_cost="{1}{G}",
    ...     type_line="Creature — Bear", oracle_text="", colors="G")
    >>> Permanent(id="c1", card=bears, controller=Player.YOU).is_creature
    True
    """

    id: str
    card: CardDefinition
    controller: Player
    tapped: bool = False
    summoning_sick: bool = False
    attacking: bool = False
    blocking: bool = False
    face_down: bool = False
    kicked_with: tuple[int, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    is_token: bool = False

    @property
    def is_creature(self) -> bool:
        """Whether it is a creature (a face-down permanent is one, CR 708.2a).

        >>> _bears().is_creature
        True
        """
        return self.face_down or self.card.is_creature

    @property
    def is_land(self) -> bool:
        """Whether it is a land.

        >>> _bears().is_land
        False
        """
        return not self.face_down and "land" in self.card.card_types

    @property
    def colors(self) -> frozenset[Color]:
        """Its colors (face-down: colorless, CR 708.2a).

        >>> sorted(_bears().colors)
        [<Color.GREEN: 'G'>]
        """
        return frozenset() if self.face_down else self.card.colors

    @property
    def card_types(self) -> frozenset[str]:
        """Its card types.

        >>> sorted(_bears().card_types)
        ['creature']
        """
        return frozenset({"creature"}) if self.face_down else self.card.card_types

    @property
    def mana_value(self) -> int:
        """Its mana value (CR 202.3; face-down: 0).

        >>> _bears().mana_value
        2
        """
        return 0 if self.face_down else self.card.mana_cost.mana_value

    def counter(self, kind: str) -> int:
        """How many counters of a kind it has.

        >>> _bears().counter("+1/+1")
        0
        """
        return dict(self.counters).get(kind, 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class StackObject:
    """A spell on the stack with the decisions made when it was cast (CR 601.2b–c).

    >>> _bolt_spell().x
    0
    """

    id: str
    card: CardDefinition
    controller: Player
    kicked_with: tuple[int, ...] = ()
    x: int = 0
    targets: tuple[str, ...] = ()
    is_copy: bool = False

    @property
    def mana_value(self) -> int:
        """Its mana value on the stack, X being the announced value (CR 202.3e).

        >>> _bolt_spell().mana_value
        1
        """
        return self.card.mana_cost.mana_value_with_x(self.x)


@dataclass(frozen=True, slots=True, kw_only=True)
class Board:
    """Everything the engine looks at: battlefield, stack (bottom to top), mana pool, turn.

    >>> Board().stack
    ()
    """

    battlefield: tuple[Permanent, ...] = ()
    stack: tuple[StackObject, ...] = ()
    mana_pool: ManaCost = field(default_factory=ManaCost)
    turn: Turn = field(default_factory=Turn)
    _ids: dict[str, Permanent | StackObject] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        ids: dict[str, Permanent | StackObject] = {s.id: s for s in self.stack}
        ids.update({p.id: p for p in self.battlefield})
        object.__setattr__(self, "_ids", ids)

    def permanent(self, object_id: str) -> Permanent | None:
        """The permanent with this id, if any.

        >>> Board().permanent("c1") is None
        True
        """
        found = self._ids.get(object_id)
        return found if isinstance(found, Permanent) else None

    def spell(self, object_id: str) -> StackObject | None:
        """The stack object with this id, if any.

        >>> Board().spell("s1") is None
        True
        """
        found = self._ids.get(object_id)
        return found if isinstance(found, StackObject) else None


def kick_counts(obj: StackObject | Permanent) -> tuple[int, ...]:
    """How many times each kicker cost of a spell or permanent was paid (CR 702.33d).

    This is the one place the engine asks "was it kicked?": a spell keeps what its controller
    announced, a copy of a spell keeps the original's (CR 707.10), a permanent keeps it only if
    it was that kicked spell (a card put onto the battlefield or a clone has none).

    >>> kick_counts(_bolt_spell(kicked_with=(1,)))
    (1,)
    """
    return obj.kicked_with


def was_kicked(obj: StackObject | Permanent, position: int | None = None) -> bool:
    """Whether a spell or permanent was kicked, or kicked with the given kicker (CR 702.33d, f).

    >>> was_kicked(_bolt_spell(kicked_with=(0,))), was_kicked(_bolt_spell(kicked_with=(1,)), 0)
    (False, True)
    """
    counts = kick_counts(obj)
    if position is None:
        return any(counts)
    return position < len(counts) and counts[position] > 0


def has_split_second(spell: StackObject) -> bool:
    """Whether a spell has split second now: printed, or granted "if it was kicked" (702.61a).

    >>> has_split_second(_bolt_spell())
    False
    """
    return spell.card.has_split_second or (spell.card.split_second_if_kicked and was_kicked(spell))


def split_second_spells(stack: tuple[StackObject, ...]) -> tuple[StackObject, ...]:
    """The spells on the stack that have split second right now (CR 702.61a).

    >>> split_second_spells(())
    ()
    """
    return tuple(spell for spell in stack if has_split_second(spell))


def _bears() -> Permanent:
    bears = CardDefinition.parse(
        name="Grizzly Bears", mana_cost="{1}{G}", type_line="Creature — Bear", oracle_text=""
    )
    return Permanent(id="c1", card=bears, controller=Player.YOU)


def _bolt_spell(kicked_with: tuple[int, ...] = ()) -> StackObject:
    bolt = CardDefinition.parse(
        name="Burst Lightning", mana_cost="{R}", type_line="Instant", oracle_text="Kicker {4}"
    )
    return StackObject(id="s1", card=bolt, controller=Player.YOU, kicked_with=kicked_with)
