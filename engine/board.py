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

import functools
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CardDefinition
from engine.casting_text import CastingStatic
from engine.chosen import CHOSEN, NOTHING_CHOSEN, Chosen
from engine.codec import (
    BOOLEAN,
    Choice,
    Integer,
    ListOf,
    Mana,
    Path,
    Reader,
    Record,
    Text,
    json_field,
)
from engine.contract import (
    MAX_CHOICES,
    MAX_LIFE,
    MAX_MANA_TEXT,
    MAX_PERMANENTS,
    MAX_STACK,
    MAX_TEXT,
    MAX_X,
    MAX_ZONE,
    DayNight,
    Phase,
    Player,
    Step,
    TurnCount,
    Zone,
)
from engine.faces import Layout
from engine.fields import CARD_NAME, COUNTERS, ID, KICKER, PLAYER_NAMES, check_kicker, check_modes
from engine.filters import Filter
from engine.mana import Color, ManaCost
from engine.messages import ObjectRef

__all__ = [
    "BOARD",
    "CARD_IN_ZONE",
    "EXILED_CARD",
    "PERMANENT",
    "SPELL_THIS_TURN",
    "STACK_OBJECT",
    "THIS_TURN",
    "TURN",
    "Board",
    "CardInZone",
    "ExiledCard",
    "Life",
    "PerPlayer",
    "Permanent",
    "SpellThisTurn",
    "StackObject",
    "ThisTurn",
    "Turn",
    "combat_problems",
    "has_split_second",
    "kick_counts",
    "object_ref",
    "split_second_spells",
    "was_kicked",
]


_PLAYER = Choice(Player, "player")


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is, which phase, and whether it is day or night (CR 730.1).

    >>> Turn().phase
    <Phase.MAIN1: 'main1'>
    """

    active_player: Player = field(default=Player.YOU, metadata=json_field(_PLAYER))
    phase: Phase = field(default=Phase.MAIN1, metadata=json_field(Choice(Phase, "phase")))
    step: Step | None = field(
        default=None,
        metadata=json_field(
            Choice(Step, "step"),
            description="The step of the phase (omitted: any step of it). Upkeep and draw "
            "are in the beginning phase; beginning_of_combat, declare_attackers, "
            "declare_blockers, combat_damage and end_of_combat in combat; end and cleanup in "
            "the end phase.",
        ),
    )
    day_night: DayNight | None = field(
        default=None,
        metadata=json_field(
            Choice(DayNight, "day/night designation"),
            description="The game's day/night designation (CR 730.1; omitted: neither, as a "
            'game starts): read by "if it\'s night" and "if it\'s day".',
        ),
    )


def _check_turn(values: dict[str, Any], reader: Reader, path: Path) -> None:
    phase, step = values["phase"], values["step"]
    if isinstance(phase, Phase) and isinstance(step, Step) and step.phase is not phase:
        reader.error(
            (*path, "step"), f"{step.value} is a step of {step.phase.value}, not of {phase.value}"
        )


TURN = Record(
    Turn, name="Turn", description="Whose turn it is, which phase and step.", check=_check_turn,
    memoize=True, seen=True,
)  # fmt: skip


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

    id: str = field(metadata=json_field(ID))
    card: CardDefinition = field(metadata=json_field(CARD_NAME))
    controller: Player = field(default=Player.YOU, metadata=json_field(_PLAYER))
    tapped: bool = field(default=False, metadata=json_field(BOOLEAN))
    summoning_sick: bool = field(default=False, metadata=json_field(BOOLEAN))
    attacking: bool = field(default=False, metadata=json_field(BOOLEAN))
    blocking: bool = field(default=False, metadata=json_field(BOOLEAN))
    face_down: bool = field(default=False, metadata=json_field(BOOLEAN))
    kicked_with: tuple[int, ...] = field(default=(), metadata=json_field(KICKER, key="kicker"))
    counters: tuple[tuple[str, int], ...] = field(default=(), metadata=json_field(COUNTERS))
    is_token: bool = field(
        default=False, metadata=json_field(BOOLEAN, key="token", description="A token.")
    )
    is_commander: bool = field(
        default=False,
        metadata=json_field(
            BOOLEAN,
            key="commander",
            description='A commander (CR 903.3; "if you control a commander").',
        ),
    )
    chosen: Chosen = field(
        default=NOTHING_CHOSEN,
        metadata=json_field(
            CHOSEN,
            description="Values chosen for it as it entered (CR 607.2d): the chosen name, type, "
            "color or number its abilities read.",
        ),
    )
    attached_to: str | None = field(
        default=None,
        metadata=json_field(
            Text(max_length=MAX_TEXT),
            description="What it is attached to (an Aura, an Equipment; CR 301.5, 303.4): "
            "another permanent's id, or 'you' / 'opponent' for an Aura that enchants a "
            'player ("enchanted player", "enchanted creature\'s controller").',
        ),
    )

    def __hash__(self) -> int:
        # Equal permanents have the same id and card (a card hashes by identity): cheaper than
        # hashing every field, and what is memoized by permanent is found as well.
        return hash((self.id, self.card))

    @property
    def is_creature(self) -> bool:
        """Whether it is a creature (a face-down permanent is one, CR 708.2a).

        >>> bears.is_creature
        True
        """
        return self.face_down or self.card.is_creature

    @property
    def is_land(self) -> bool:
        """Whether it is a land.

        >>> bears.is_land
        False
        """
        return not self.face_down and "land" in self.card.card_types

    @property
    def colors(self) -> frozenset[Color]:
        """Its colors (face-down: colorless, CR 708.2a).

        >>> sorted(bears.colors)
        [<Color.GREEN: 'G'>]
        """
        return frozenset() if self.face_down else self.card.colors

    @property
    def card_types(self) -> frozenset[str]:
        """Its card types.

        >>> sorted(bears.card_types)
        ['creature']
        """
        return frozenset({"creature"}) if self.face_down else self.card.card_types

    @property
    def mana_value(self) -> int:
        """Its mana value (CR 202.3; face-down: 0).

        >>> bears.mana_value
        2
        """
        return 0 if self.face_down else self.card.mana_cost.mana_value

    def counter(self, kind: str) -> int:
        """How many counters of a kind it has.

        >>> bears.counter("+1/+1")
        0
        """
        return dict(self.counters).get(kind, 0)

    def fits(self, found: Filter, *, player: Player, x: int = 0) -> bool:
        """Whether it is what ``found`` describes, for ``player`` ("you"): its controller, and
        its characteristics (face down: a colorless 2/2 creature with no name or subtypes).

        >>> from engine.filters import read_filter
        >>> bears.fits(read_filter("green creature you control"), player=Player.YOU)
        True
        """
        if not found.controller.accepts(self.controller, player):
            return False
        return found.fits(
            self.card,
            card_types=self.card_types,
            colors=self.colors,
            mana_value=self.mana_value,
            tapped=self.tapped,
            attacking=self.attacking,
            blocking=self.blocking,
            token=self.is_token,
            commander=self.is_commander,
            face_down=self.face_down,
            x=x,
            counters=self.counters,
        )


def _check_permanent(values: dict[str, Any], reader: Reader, path: Path) -> None:
    card = values["card"]
    if isinstance(card, CardDefinition):
        card = values["card"] = card.permanent_face
    if values["kicked_with"] and isinstance(card, CardDefinition):
        values["kicked_with"] = check_kicker(values["kicked_with"], card, reader, (*path, "kicker"))


PERMANENT = Record(
    Permanent, name="Permanent", description="A permanent on the battlefield.",
    check=_check_permanent, essential=("id", "card"), memoize=True, seen=True,
)  # fmt: skip
_TARGETS = ListOf(Text(max_length=MAX_TEXT), not_a_list="must be a list of strings")
_MODES = ListOf(Integer(maximum=MAX_CHOICES), max_items=MAX_CHOICES,
                not_a_list="must be a list of mode numbers")  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class StackObject:
    """A spell on the stack with the decisions made when it was cast (CR 601.2b–c).

    >>> bolt_spell.x
    0
    """

    id: str = field(metadata=json_field(ID))
    card: CardDefinition = field(metadata=json_field(CARD_NAME))
    controller: Player = field(default=Player.YOU, metadata=json_field(_PLAYER))
    kicked_with: tuple[int, ...] = field(default=(), metadata=json_field(KICKER, key="kicker"))
    x: int = field(default=0, metadata=json_field(Integer(maximum=MAX_X)))
    targets: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            _TARGETS, description="What it targets: 'you', 'opponent', or the board's ids."
        ),
    )
    is_copy: bool = field(
        default=False, metadata=json_field(BOOLEAN, key="copy", description="A copy of a spell.")
    )
    modes: tuple[int, ...] = field(
        default=(),
        metadata=json_field(
            _MODES, description="The modes chosen for it, 0-based in printed order (700.2)."
        ),
    )

    @property
    def mana_value(self) -> int:
        """Its mana value on the stack, X being the announced value (CR 202.3e).

        >>> bolt_spell.mana_value
        1
        """
        return self.card.mana_cost.mana_value_with_x(self.x)

    def fits(self, found: Filter, *, player: Player, x: int = 0) -> bool:
        """Whether it is the spell ``found`` describes, for ``player``.

        >>> from engine.filters import read_filter
        >>> bolt_spell.fits(read_filter("instant or sorcery spell"), player=Player.YOU)
        True
        """
        if not found.controller.accepts(self.controller, player):
            return False
        return found.fits(self.card, mana_value=self.mana_value, x=x)


def _check_spell(values: dict[str, Any], reader: Reader, path: Path) -> None:
    card = values["card"]
    if not isinstance(card, CardDefinition):
        return
    if values["kicked_with"]:
        values["kicked_with"] = check_kicker(values["kicked_with"], card, reader, (*path, "kicker"))
    if not card.has_x:
        values["x"] = 0  # no X to announce: the value given means nothing
    if values["modes"]:
        values["modes"] = check_modes(values["modes"], card, reader, (*path, "modes"))


STACK_OBJECT = Record(
    StackObject, name="StackSpell", description="A spell on the stack.", check=_check_spell,
    essential=("id", "card"), memoize=True, seen=True,
)  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class CardInZone:
    """A card in a hand, a graveyard or exile, and who owns it (CR 400.3).

    >>> CardInZone(id="h1", card=bears.card).owner
    <Player.YOU: 'you'>
    """

    id: str = field(metadata=json_field(ID))
    card: CardDefinition = field(metadata=json_field(CARD_NAME))
    owner: Player = field(default=Player.YOU, metadata=json_field(_PLAYER))
    exiled_with: str | None = None
    """In exile: the permanent that exiled it (see :class:`ExiledCard`)."""
    may_play: bool = False
    """In exile: an effect lets the acting player play it (see :class:`ExiledCard`)."""
    on_adventure: bool = False
    """In exile: it went on an adventure (see :class:`ExiledCard`)."""

    def fits(self, found: Filter, *, player: Player, x: int = 0) -> bool:
        """Whether it is what ``found`` describes, for ``player``: its owner and its printed
        characteristics.

        >>> from engine.filters import read_filter
        >>> CardInZone(id="h1", card=bears.card).fits(read_filter("green card"), player=Player.YOU)
        True
        """
        return found.controller.accepts(self.owner, player) and found.fits(self.card, x=x)


CARD_IN_ZONE = Record(
    CardInZone, name="ZoneCard", description="A card in a hand, a graveyard or a library.",
    essential=("id", "card"), memoize=True, seen=True,
)  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class ExiledCard(CardInZone):
    """A card in exile, with what the permissions to cast it from there ask (601.3).

    >>> ExiledCard(id="e1", card=bears.card, exiled_with="c1").exiled_with
    'c1'
    """

    exiled_with: str | None = field(
        default=None,
        metadata=json_field(
            Text(max_length=MAX_TEXT),
            description="The battlefield id of the permanent that exiled it, for that "
            'permanent\'s "cards exiled with" abilities (406.6, 607.2a).',
        ),
    )
    may_play: bool = field(
        default=False,
        metadata=json_field(
            BOOLEAN,
            description="An effect that has resolved lets the acting player play it now "
            '("Until end of turn, you may play that card", 601.3).',
        ),
    )
    on_adventure: bool = field(
        default=False,
        metadata=json_field(
            BOOLEAN,
            description="It went on an adventure: its owner cast it as an Adventure, and it "
            "was exiled as it resolved. Its owner may cast it from exile, not as an Adventure "
            "(715.3d).",
        ),
    )


EXILED_CARD = Record(
    ExiledCard, name="ExiledCard", description="A card in exile.",
    essential=("id", "card"), memoize=True, seen=True,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Life:
    """Both players' life totals (CR 119.1).

    >>> Life().you
    20
    """

    you: int = field(default=20, metadata=json_field(Integer(maximum=MAX_LIFE)))
    opponent: int = field(default=20, metadata=json_field(Integer(maximum=MAX_LIFE)))


LIFE = Record(Life, name="Life", description="Life totals (default 20 each).")


@dataclass(frozen=True, slots=True)
class PlayerCounters:
    """Counters on each player, by kind (CR 122.1: experience, energy, poison…).

    >>> PlayerCounters(you=(("experience", 2),)).of(Player.YOU, "experience")
    2
    """

    you: tuple[tuple[str, int], ...] = field(default=(), metadata=json_field(COUNTERS))
    opponent: tuple[tuple[str, int], ...] = field(default=(), metadata=json_field(COUNTERS))

    def of(self, player: Player, kind: str) -> int:
        """How many counters of ``kind`` ``player`` has."""
        return dict(self.you if player is Player.YOU else self.opponent).get(kind, 0)


PLAYER_COUNTERS = Record(
    PlayerCounters,
    name="PlayerCounters",
    description='Counters each player has, by kind ({"you": {"experience": 2}}; CR 122.1).',
)

_COUNT = Integer(maximum=MAX_LIFE)


@dataclass(frozen=True, slots=True)
class PerPlayer:
    """A count for each player (life lost, spells cast this turn).

    >>> PerPlayer(opponent=3).of(Player.OPPONENT)
    3
    """

    you: int = field(default=0, metadata=json_field(_COUNT))
    opponent: int = field(default=0, metadata=json_field(_COUNT))

    def of(self, player: Player) -> int:
        """The count of ``player``.

        >>> PerPlayer(you=1).of(Player.YOU)
        1
        """
        return self.you if player is Player.YOU else self.opponent


PER_PLAYER = Record(PerPlayer, name="PerPlayer", description="A count for each player.")
_TYPES = ListOf(Text(max_length=MAX_TEXT), max_items=MAX_CHOICES,
                not_a_list="must be a list of creature types")  # fmt: skip
_ZONE_IDS = ListOf(Text(max_length=MAX_TEXT), max_items=MAX_CHOICES,
                   not_a_list="must be a list of exile ids")  # fmt: skip
_PERMANENT_IDS = ListOf(Text(max_length=MAX_TEXT), max_items=MAX_CHOICES,
                        not_a_list="must be a list of battlefield ids")  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellThisTurn:
    """A spell cast earlier this turn, when what it was matters ("if you've cast an instant or
    sorcery spell this turn", "the first kicked spell you cast each turn").

    >>> SpellThisTurn(card=bears.card, caster=Player.OPPONENT).kicked
    False
    """

    card: CardDefinition = field(metadata=json_field(CARD_NAME))
    caster: Player = field(default=Player.YOU, metadata=json_field(_PLAYER))
    kicked: bool = field(
        default=False,
        metadata=json_field(BOOLEAN, description="It was kicked (a kicker cost was paid)."),
    )


def _check_spell_this_turn(values: dict[str, Any], reader: Reader, path: Path) -> None:
    card = values["card"]
    kickable = isinstance(card, CardDefinition) and (card.kicker_costs or card.multikicker_cost)
    if values["kicked"] and isinstance(card, CardDefinition) and not kickable:
        reader.error((*path, "kicked"), f"{card.name} has no kicker")


SPELL_THIS_TURN = Record(
    SpellThisTurn, name="SpellThisTurn", description="A spell cast earlier this turn.",
    check=_check_spell_this_turn, essential=("card",),
)  # fmt: skip
_SPELLS = ListOf(SPELL_THIS_TURN, max_items=MAX_CHOICES, not_a_list="must be a list of spells",
                 too_long="has more than {limit} spells")  # fmt: skip


def _count_field(description: str) -> Any:
    return field(
        default_factory=PerPlayer, metadata=json_field(PER_PLAYER, description=description)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ThisTurn:
    """What happened earlier this turn that casting rules ask about (spectacle 702.137a,
    surge 702.117a, prowl 702.76a, miracle 702.94a, foretell 702.143a, and card text such as
    "if a creature died this turn"): a board holds no history, so the request says it.

    Each :class:`~engine.contract.TurnCount` is a field of the same name, a count per player.
    ``spells`` lists spells cast earlier this turn whose qualities matter; a player's count
    of spells cast is ``spells_cast`` or the number of their spells listed, whichever is more,
    and a spell counted but not listed has no quality a text asks about.

    >>> ThisTurn(life_lost=PerPlayer(opponent=2)).life_lost.of(Player.OPPONENT)
    2
    """

    life_lost: PerPlayer = _count_field("Life each player lost this turn.")
    spells_cast: PerPlayer = _count_field(
        "Spells each player cast this turn before the one being cast."
    )
    life_gained: PerPlayer = _count_field("Life each player gained this turn.")
    cards_drawn: PerPlayer = _count_field("Cards each player drew this turn.")
    cards_discarded: PerPlayer = _count_field(
        "Cards each player discarded this turn (a cycled card was discarded, 702.29a)."
    )
    creatures_died: PerPlayer = _count_field(
        "Creatures that died this turn, by the player who controlled them."
    )
    attacked_with: PerPlayer = _count_field(
        "Creatures each player attacked with this turn (declared as attackers, 508.1)."
    )
    noncombat_damage: PerPlayer = _count_field("Noncombat damage dealt to each player this turn.")
    lands_played: PerPlayer = _count_field("Lands each player played this turn (305.2).")
    creatures_entered: PerPlayer = _count_field(
        "Creatures that entered the battlefield under each player's control this turn."
    )
    lands_entered: PerPlayer = _count_field(
        "Lands that entered the battlefield under each player's control this turn."
    )
    artifacts_entered: PerPlayer = _count_field(
        "Artifacts that entered the battlefield under each player's control this turn."
    )
    cards_put_into_graveyard: PerPlayer = _count_field(
        "Cards put into each player's graveyard from anywhere this turn."
    )
    library_searches: PerPlayer = _count_field("Times each player searched their library.")
    damaged_by_creatures: PerPlayer = _count_field(
        "Creatures that dealt damage to each player this turn (each counted once)."
    )
    creature_spells_countered: PerPlayer = _count_field(
        "Creature spells each player cast this turn that a spell or ability of the other "
        "player countered."
    )
    noncreature_permanents_destroyed: PerPlayer = _count_field(
        "Noncreature permanents each player controlled that a spell or ability of the other "
        "player destroyed this turn."
    )
    spells: tuple[SpellThisTurn, ...] = field(
        default=(),
        metadata=json_field(
            _SPELLS,
            description="Spells cast this turn before the one being cast whose qualities "
            "matter (card type, color, kicked), in the order they were cast; each counts in "
            "its caster's spells_cast.",
        ),
    )
    combat_damage_by_types: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            _TYPES,
            description="The creature types of the acting player's creatures that dealt combat "
            "damage to a player this turn (prowl).",
        ),
    )
    first_card_drawn: str | None = field(
        default=None,
        metadata=json_field(
            Text(max_length=MAX_TEXT),
            description="The hand id of the first card the acting player drew this turn (miracle).",
        ),
    )
    foretold_this_turn: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            _ZONE_IDS, description="Exile ids of the cards foretold this turn (foretell)."
        ),
    )

    permissions_used: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            _PERMANENT_IDS,
            description="Battlefield ids of the permanents whose once-each-turn permission "
            'the acting player has already used this turn ("Once each turn, you may cast …", '
            '"During each of your turns, you may cast a creature spell from your graveyard", '
            "601.3): casting by it again is not allowed.",
        ),
    )

    def count(self, kind: TurnCount, player: Player | None) -> int:
        """A count of the turn for ``player``, or for both players together (None).

        >>> turn = ThisTurn(creatures_died=PerPlayer(you=1, opponent=2))
        >>> turn.count(TurnCount.CREATURES_DIED, None), turn.count(TurnCount.CREATURES_DIED,
        ...     Player.YOU)
        (3, 1)
        >>> ThisTurn(spells=(SpellThisTurn(card=bears.card),)).count(TurnCount.SPELLS_CAST,
        ...     Player.YOU)
        1
        """
        if player is None:
            return self.count(kind, Player.YOU) + self.count(kind, Player.OPPONENT)
        counts: PerPlayer = getattr(self, kind.value)
        number = counts.of(player)
        if kind is TurnCount.SPELLS_CAST and self.spells:
            number = max(number, sum(1 for s in self.spells if s.caster is player))
        return number

    def spells_fitting(
        self, spells: Filter | None, player: Player | None, *, kicked: bool = False
    ) -> int:
        """How many listed spells ``player`` (None: either player) cast this turn that fit
        ``spells`` (None: any spell) and, with ``kicked``, were kicked.

        >>> from engine.filters import read_filter
        >>> ThisTurn(spells=(SpellThisTurn(card=bears.card),)).spells_fitting(
        ...     read_filter("creature spell"), Player.YOU)
        1
        """
        return sum(
            1
            for spell in self.spells
            if (player is None or spell.caster is player)
            and (not kicked or spell.kicked)
            and (spells is None or spells.fits(spell.card))
        )

    def dealt_combat_damage(self, subtypes: frozenset[str]) -> bool:
        """Whether a creature with one of these creature types dealt combat damage to a
        player this turn (subtypes in lower case).

        >>> ThisTurn(combat_damage_by_types=("Rogue",)).dealt_combat_damage(frozenset({"rogue"}))
        True
        """
        return any(kind.lower() in subtypes for kind in self.combat_damage_by_types)


THIS_TURN = Record(
    ThisTurn,
    name="ThisTurn",
    description="What happened earlier this turn (the board holds no history).",
)


def _objects(record: Record[Any], limit: int) -> ListOf[Any]:
    return ListOf(record, max_items=limit, too_long="has more than {limit} objects")


@dataclass(frozen=True, slots=True, kw_only=True)
class Board:
    """Everything the engine looks at: battlefield, stack (bottom to top), mana pool, turn.

    >>> Board().stack
    ()
    """

    battlefield: tuple[Permanent, ...] = field(
        default=(), metadata=json_field(_objects(PERMANENT, MAX_PERMANENTS))
    )
    stack: tuple[StackObject, ...] = field(
        default=(),
        metadata=json_field(_objects(STACK_OBJECT, MAX_STACK), description="Bottom to top."),
    )
    hand: tuple[CardInZone, ...] = field(
        default=(),
        metadata=json_field(
            _objects(CARD_IN_ZONE, MAX_ZONE),
            description="Cards in the players' hands (the cast card need not be listed).",
        ),
    )
    graveyard: tuple[CardInZone, ...] = field(
        default=(),
        metadata=json_field(_objects(CARD_IN_ZONE, MAX_ZONE), description="Cards in graveyards."),
    )
    exile: tuple[CardInZone, ...] = field(
        default=(),
        metadata=json_field(_objects(EXILED_CARD, MAX_ZONE), description="Cards in exile."),
    )
    library: tuple[CardInZone, ...] = field(
        default=(),
        metadata=json_field(
            _objects(CARD_IN_ZONE, 2),
            description="The top card of each player's library, when it is known (at most "
            "one per owner): a card cast from the top of a library.",
        ),
    )
    life: Life = field(default_factory=Life, metadata=json_field(LIFE))
    player_counters: PlayerCounters = field(
        default_factory=PlayerCounters, metadata=json_field(PLAYER_COUNTERS)
    )
    mana_pool: ManaCost = field(
        default_factory=ManaCost,
        metadata=json_field(
            Mana(max_length=MAX_MANA_TEXT, pool=True),
            description="Mana already in the acting player's pool.",
        ),
    )
    turn: Turn = field(default_factory=Turn, metadata=json_field(TURN))
    this_turn: ThisTurn = field(default_factory=ThisTurn, metadata=json_field(THIS_TURN))
    _ids: dict[str, Permanent | StackObject | CardInZone] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _zones: dict[str, Zone] = field(init=False, repr=False, compare=False, hash=False)
    casting_permanents: tuple[Permanent, ...] = field(
        init=False, repr=False, compare=False, hash=False
    )
    """The face-up permanents whose text bears on casting other spells: casting statics,
    cost changes, or casting text not understood (most boards have none)."""
    casting_statics: tuple[tuple[Permanent, CastingStatic], ...] = field(
        init=False, repr=False, compare=False, hash=False
    )
    """Each casting static of those permanents, with its permanent, in board order."""
    stack_cost_modifiers: bool = field(init=False, repr=False, compare=False, hash=False)
    """Whether a spell on the stack has a cost change that works there (113.6b)."""

    def __post_init__(self) -> None:
        ids: dict[str, Permanent | StackObject | CardInZone] = {}
        zones: dict[str, Zone] = {}
        if self.library or self.exile or self.graveyard or self.hand:
            listed = ((Zone.LIBRARY, self.library), (Zone.EXILE, self.exile),
                      (Zone.GRAVEYARD, self.graveyard), (Zone.HAND, self.hand))  # fmt: skip
            for zone, cards in listed:
                for card in cards:
                    ids[card.id] = card
                    zones[card.id] = zone
        if self.stack:
            ids.update({s.id: s for s in self.stack})
        ids.update({p.id: p for p in self.battlefield})
        object.__setattr__(self, "_ids", ids)
        object.__setattr__(self, "_zones", zones)
        casting = tuple(
            [p for p in self.battlefield if p.card.bears_on_casting and not p.face_down]
        )
        object.__setattr__(self, "casting_permanents", casting)
        statics = tuple([(p, static) for p in casting for static in p.card.statics])
        object.__setattr__(self, "casting_statics", statics)
        on_stack = bool(self.stack) and any(
            m.on_stack for s in self.stack for m in s.card.cost_modifiers
        )
        object.__setattr__(self, "stack_cost_modifiers", on_stack)

    def card_in(self, object_id: str) -> tuple[Zone, CardInZone] | None:
        """The card with this id in a hand, a graveyard or exile, and that zone.

        >>> Board().card_in("h1") is None
        True
        """
        zone = self._zones.get(object_id)
        found = self._ids.get(object_id)
        if zone is None or not isinstance(found, CardInZone):
            return None
        return zone, found

    def zone(self, zone: Zone) -> tuple[CardInZone, ...]:
        """The cards listed in a zone.

        >>> Board().zone(Zone.HAND)
        ()
        """
        return {
            Zone.HAND: self.hand,
            Zone.GRAVEYARD: self.graveyard,
            Zone.EXILE: self.exile,
            Zone.LIBRARY: self.library,
        }[zone]

    def life_of(self, player: Player) -> int:
        """A player's life total.

        >>> Board().life_of(Player.OPPONENT)
        20
        """
        return self.life.you if player is Player.YOU else self.life.opponent

    def attached_player(self, permanent: Permanent) -> Player | None:
        """The player an Aura enchants ("enchanted player"), or the controller of the
        permanent it is attached to ("enchanted creature's controller"); None when it is
        attached to nothing.

        >>> Board().attached_player(Permanent(id="a1", card=bears.card, attached_to="opponent"))
        <Player.OPPONENT: 'opponent'>
        """
        target = permanent.attached_to
        if target is None:
            return None
        if target in PLAYER_NAMES:
            return Player(target)
        found = self.permanent(target)
        return found.controller if found is not None else None

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

    def ref(self, object_id: str) -> ObjectRef | Player:
        """How a message names what this id stands for: a player, or an object of the board.

        >>> Board().ref("opponent"), Board().ref("c9")
        (<Player.OPPONENT: 'opponent'>, ObjectRef(id='c9', card=None, named=False))
        """
        if object_id in PLAYER_NAMES:
            return Player(object_id)
        found = self._ids.get(object_id)
        return ObjectRef(object_id) if found is None else _object_ref(found.id, found.card, False)

    @property
    def ids(self) -> dict[str, frozenset[str]]:
        """The ids of its objects, by zone.

        >>> Board().ids["battlefield"], sorted(Board().ids)
        (frozenset(), ['battlefield', 'exile', 'graveyard', 'hand', 'library', 'stack'])
        """
        none = _NO_IDS
        return {
            "battlefield": frozenset([p.id for p in self.battlefield]),
            "stack": frozenset([s.id for s in self.stack]) if self.stack else none,
            "hand": frozenset([c.id for c in self.hand]) if self.hand else none,
            "graveyard": frozenset([c.id for c in self.graveyard]) if self.graveyard else none,
            "exile": frozenset([c.id for c in self.exile]) if self.exile else none,
            "library": frozenset([c.id for c in self.library]) if self.library else none,
        }


_ZONE_KEYS = ("battlefield", "stack", "hand", "graveyard", "exile", "library")
_NO_IDS: frozenset[str] = frozenset()


def _check_board(values: dict[str, Any], reader: Reader, path: Path) -> None:
    permanents: tuple[Permanent, ...] = values["battlefield"] or ()
    ids = [p.id for p in permanents]
    for zone in _ZONE_KEYS[1:]:
        if values[zone]:
            ids.extend([obj.id for obj in values[zone]])
    if len(set(ids)) != len(ids):
        _duplicate_ids(values, reader, path)
    if values["library"] or values["exile"]:
        _check_zone_cards(values, reader, path)
    # one look at each permanent: most have no attachment and no combat flag
    flagged = [p for p in permanents if p.attached_to or p.attacking or p.blocking]
    if flagged and any(p.attached_to for p in flagged):
        _check_attachments(permanents, reader, path)
    this_turn = values["this_turn"]
    if isinstance(this_turn, ThisTurn):
        _check_this_turn(this_turn, values, reader, (*path, "this_turn"))
    turn = values["turn"]
    if flagged and isinstance(turn, Turn):
        for index, permanent in enumerate(permanents):
            if not (permanent.attacking or permanent.blocking):
                continue  # no combat flag, no combat problem
            for flag, problem in combat_problems(permanent, turn):
                reader.error((*path, "battlefield", index, flag), problem)


def _duplicate_ids(values: dict[str, Any], reader: Reader, path: Path) -> None:
    seen: set[str] = set()
    for zone in _ZONE_KEYS:
        for index, obj in enumerate(values[zone] or ()):
            if obj.id in seen:
                reader.error((*path, zone, index, "id"), f"duplicate id {obj.id!r}")
            seen.add(obj.id)


def _check_zone_cards(values: dict[str, Any], reader: Reader, path: Path) -> None:
    """A library lists one top card per owner; an exiled card's ``exiled_with`` is a
    battlefield id, and only an adventurer card goes on an adventure (715.3d)."""
    owners: set[Player] = set()
    library = values["library"]
    for index, card in enumerate(library if isinstance(library, tuple) else ()):
        if card.owner in owners:
            reader.error((*path, "library", index, "owner"),
                         f"{card.owner.value} already has a top card listed")  # fmt: skip
        owners.add(card.owner)
    permanents = values["battlefield"]
    battlefield = {p.id for p in permanents} if isinstance(permanents, tuple) else set()
    exile = values["exile"]
    for index, card in enumerate(exile if isinstance(exile, tuple) else ()):
        if card.exiled_with is not None and card.exiled_with not in battlefield:
            reader.error((*path, "exile", index, "exiled_with"),
                         f"{card.exiled_with!r} is not a battlefield id")  # fmt: skip
        if card.on_adventure and card.card.layout is not Layout.ADVENTURE:
            reader.error((*path, "exile", index, "on_adventure"),
                         f"{card.card.name} has no Adventure")  # fmt: skip


def _check_attachments(permanents: tuple[Permanent, ...], reader: Reader, path: Path) -> None:
    """``attached_to`` names another battlefield id or a player."""
    ids = {p.id for p in permanents}
    for index, permanent in enumerate(permanents):
        target = permanent.attached_to
        if target is None or target in PLAYER_NAMES:
            continue
        if target == permanent.id:
            reader.error((*path, "battlefield", index, "attached_to"),
                         "a permanent can't be attached to itself (CR 303.4d)")  # fmt: skip
        elif target not in ids:
            reader.error((*path, "battlefield", index, "attached_to"),
                         f"{target!r} is not a battlefield id or a player")  # fmt: skip


def _check_this_turn(
    this_turn: ThisTurn, values: dict[str, Any], reader: Reader, path: Path
) -> None:
    """``first_card_drawn`` names a card in a hand, ``foretold_this_turn`` cards in exile,
    ``permissions_used`` permanents on the battlefield."""
    if (
        this_turn.first_card_drawn is None
        and not this_turn.foretold_this_turn
        and not this_turn.permissions_used
    ):
        return  # no id to check (most boards)
    hand = {c.id for c in values["hand"] or ()}
    exile = {c.id for c in values["exile"] or ()}
    drawn = this_turn.first_card_drawn
    if drawn is not None and drawn not in hand:
        reader.error((*path, "first_card_drawn"), f"{drawn!r} is not a hand id")
    for index, object_id in enumerate(this_turn.foretold_this_turn):
        if object_id not in exile:
            reader.error((*path, "foretold_this_turn", index), f"{object_id!r} is not an exile id")
    used = this_turn.permissions_used
    permanents = {p.id for p in values["battlefield"] or ()} if used else set()
    for index, object_id in enumerate(used):
        if object_id not in permanents:
            reader.error((*path, "permissions_used", index),
                         f"{object_id!r} is not a battlefield id")  # fmt: skip


def combat_problems(permanent: Permanent, turn: Turn) -> list[tuple[str, str]]:
    """Why ``permanent`` can't be attacking or blocking as the request says: each problem
    with the flag it is about. Such a board can't happen, so a request holding it is refused
    (a :class:`RequestError`), never judged.

    >>> from engine.cards import CardDefinition
    >>> bears = CardDefinition.parse(name="Grizzly Bears", mana_cost="{1}{G}",
    ...     type_line="Creature — Bear", oracle_text="", colors="G")
    >>> combat_problems(Permanent(id="c1", card=bears, attacking=True), Turn())
    [('attacking', 'a creature is attacking only during the combat phase (CR 508.1, 511.3)')]
    >>> combat_problems(Permanent(id="c1", card=bears, attacking=True), Turn(phase=Phase.COMBAT))
    []
    """
    problems: list[tuple[str, str]] = []
    declared = (
        ("attacking", permanent.attacking, "508.1"),
        ("blocking", permanent.blocking, "509.1"),
    )
    for flag, on, step_rule in declared:
        if not on:
            continue
        if not permanent.is_creature:
            problems.append((flag, f"only a creature can be {flag} (CR 508.1a, 509.1a)"))
        elif turn.phase is not Phase.COMBAT:
            problems.append(
                (flag, f"a creature is {flag} only during the combat phase (CR {step_rule}, 511.3)")
            )
        elif flag == "attacking" and permanent.controller is not turn.active_player:
            problems.append((flag, "only the active player's creatures attack (CR 508.1a)"))
        elif flag == "blocking" and permanent.controller is turn.active_player:
            problems.append((flag, "only the defending player's creatures block (CR 509.1a)"))
    if permanent.attacking and permanent.blocking and permanent.is_creature:
        problems.append(("blocking", "a creature can't be attacking and blocking (CR 509.1a)"))
    return problems


BOARD = Record(Board, name="Board", check=_check_board)
"""The board's JSON: the request's own top-level keys (see :mod:`engine.request`)."""


def object_ref(obj: Permanent | StackObject | CardInZone, *, named: bool = False) -> ObjectRef:
    """How a message names a permanent or a spell: its id and its card.

    >>> str(object_ref(bolt_spell, named=True))
    'Burst Lightning (s1)'
    """
    return _object_ref(obj.id, obj.card, named)


@functools.lru_cache(maxsize=4096)
def _object_ref(object_id: str, card: CardDefinition, named: bool) -> ObjectRef:
    return ObjectRef(object_id, card.ref, named)


def kick_counts(obj: StackObject | Permanent) -> tuple[int, ...]:
    """How many times each kicker cost of a spell or permanent was paid (CR 702.33d).

    This is the one place the engine asks "was it kicked?": a spell keeps what its controller
    announced, a copy of a spell keeps the original's (CR 707.10), a permanent keeps it only if
    it was that kicked spell (a card put onto the battlefield or a clone has none).

    >>> from dataclasses import replace
    >>> kick_counts(replace(bolt_spell, kicked_with=(1,)))
    (1,)
    """
    return obj.kicked_with


def was_kicked(obj: StackObject | Permanent, position: int | None = None) -> bool:
    """Whether a spell or permanent was kicked, or kicked with the given kicker (CR 702.33d, f).

    >>> from dataclasses import replace
    >>> kicked = replace(bolt_spell, kicked_with=(1,))
    >>> was_kicked(replace(bolt_spell, kicked_with=(0,))), was_kicked(kicked, 0)
    (False, True)
    """
    counts = kick_counts(obj)
    if position is None:
        return any(counts)
    return position < len(counts) and counts[position] > 0


def has_split_second(spell: StackObject) -> bool:
    """Whether a spell has split second now: printed, or granted "if it was kicked" (702.61a).

    >>> has_split_second(bolt_spell)
    False
    """
    return spell.card.has_split_second or (spell.card.split_second_if_kicked and was_kicked(spell))


def split_second_spells(stack: tuple[StackObject, ...]) -> tuple[StackObject, ...]:
    """The spells on the stack that have split second right now (CR 702.61a).

    >>> split_second_spells(())
    ()
    """
    return tuple(spell for spell in stack if has_split_second(spell))
