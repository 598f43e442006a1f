"""Numbers card text counts on the board: "for each artifact you control", "for each creature
card in your graveyard", "for each opponent you have", "for each basic land type among lands
you control" (what affinity, undaunted and "This spell costs {1} less to cast for each …"
count, CR 601.2f, 702.41a, 702.125a).

A :class:`Count` is read from the phrase after "for each"; :func:`read_count` returns None
for a phrase it does not understand (a fact of the turn's history, a word it doesn't know),
so the sentence is reported as not understood.

>>> count = read_count("artifact you control")
>>> count.zone, count.filter.controller.value
(None, 'you')
>>> read_count("creature that died this turn").turn_count.value
'creatures_died'
>>> read_count("creature that was dealt damage this turn") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import TYPE_CHECKING

from engine.contract import Player, TurnCount, Zone
from engine.filters import CARD_TYPES, Filter, Noun, Whose, read_filter
from engine.mana import COLOR_WORDS, Color, ManaType

if TYPE_CHECKING:
    from engine.board import Board, Permanent

__all__ = ["Count", "Counted", "read_count"]

STARTING_LIFE = 20
"""Each player's starting life total (CR 103.4; the board is a two-player game)."""
BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


@unique
class Counted(StrEnum):
    """What a count counts."""

    OBJECTS = "objects"  # permanents on the battlefield, or cards in a zone
    OPPONENTS = "opponents"  # the opponents the player has
    BASIC_LAND_TYPES = "basic_land_types"  # among the lands fitting the filter
    CARD_TYPES = "card_types"  # among the cards fitting the filter
    MANA_VALUES = "mana_values"  # different mana values among the cards fitting the filter
    PARTY = "party"  # a Cleric, a Rogue, a Warrior and a Wizard at most (700.8)
    DEVOTION = "devotion"  # mana symbols of a color among permanents' mana costs (700.5)
    TOTAL_POWER = "total_power"  # of the permanents fitting the filter
    GREATEST_POWER = "greatest_power"  # among the permanents fitting the filter
    TOTAL_MANA_VALUE = "total_mana_value"  # of the permanents fitting the filter
    TURN = "turn"  # a count of this_turn (life gained, creatures died…)
    SPELLS_THIS_TURN = "spells_this_turn"  # listed spells cast this turn fitting the filter
    COUNTERS_ON_SOURCE = "counters_on_source"  # counters of a kind on the permanent itself
    SOURCE_POWER = "source_power"  # the permanent's own power
    LIFE_BELOW_START = "life_below_start"  # the starting life total (103.4) less the life total
    PLAYER_COUNTERS = "player_counters"  # counters of a kind the player has (122.1)
    CREATURE_TYPES = "creature_types"  # among the permanents fitting the filter (205.3m)
    POWERS = "powers"  # different powers among the permanents fitting the filter
    MODIFIED = "modified"  # the permanents fitting the filter that are modified (700.9)


@dataclass(frozen=True, slots=True)
class Count:
    """A number counted on the board for a player: objects fitting ``filter`` (permanents,
    or cards in ``zone``), the player's opponents, or the distinct types among objects.

    ``all_zones``: cards in every player's ``zone`` ("in all graveyards"). Counts of the
    turn so far: ``turn_count`` of ``whose`` (``Whose.ANY``: both players together), or the
    spells of ``whose`` fitting ``filter`` among ``this_turn.spells``. ``kind``: the counter
    kind counted on the permanent whose text it is (``source``), or that the player has
    (``PLAYER_COUNTERS``: "for each experience counter you have").
    """

    counted: Counted
    text: str
    filter: Filter | None = None
    zone: Zone | None = None
    color: Color | None = None
    turn_count: TurnCount | None = None
    whose: Whose = Whose.YOU
    kind: str = ""
    produces: ManaType | None = None
    """Only the permanents that could produce that type of mana (106.7: an ability of theirs
    would add it): "for each land your opponents control that could produce {C}"."""

    def of(self, board: Board, player: Player, source: Permanent | None = None) -> int:
        """The number for ``player`` ("you") on ``board``; ``source``: the permanent whose
        text counts (None for a card's own text).

        >>> from engine.board import Board
        >>> read_count("opponent you have").of(Board(), Player.YOU)
        1
        """
        if self.counted is Counted.OPPONENTS:
            return 1  # a board has two players
        if self.counted is Counted.TURN:
            assert self.turn_count is not None
            return board.this_turn.count(self.turn_count, _player(self.whose, player))
        if self.counted is Counted.SPELLS_THIS_TURN:
            return board.this_turn.spells_fitting(self.filter, _player(self.whose, player))
        if self.counted is Counted.COUNTERS_ON_SOURCE:
            return source.counter(self.kind) if source is not None else 0
        if self.counted is Counted.PLAYER_COUNTERS:
            return board.player_counters.of(player, self.kind)
        if self.counted is Counted.LIFE_BELOW_START:
            return max(0, STARTING_LIFE - board.life_of(player))
        if self.counted is Counted.SOURCE_POWER:
            from engine.resolution import power_of  # the board's reader of power

            return max(0, power_of(source) or 0) if source is not None else 0
        if self.counted is Counted.PARTY:
            return _party(board, player)
        if self.counted is Counted.DEVOTION:
            return sum(
                1
                for p in board.battlefield
                if p.controller is player and not p.face_down
                for s in p.card.mana_cost.symbols
                if self.color in s.colors
            )
        found = self.filter
        assert found is not None
        if self.zone is None:
            objects = [p for p in board.battlefield if p.fits(found, player=player)]
            if self.produces is not None:
                objects = [p for p in objects if _could_produce(p, self.produces)]
            cards = [p.card for p in objects if not p.face_down]
            types = [p.card_types for p in objects]
        else:
            in_zone = [c for c in board.zone(self.zone) if c.fits(found, player=player)]
            cards = [c.card for c in in_zone]
            types = [c.card.card_types for c in in_zone]
        if self.counted is Counted.MODIFIED:
            return sum(1 for p in objects if _modified(board, p))
        if self.counted is Counted.CREATURE_TYPES:
            if any("changeling" in card.keywords for card in cards):
                return CREATURE_TYPE_COUNT  # 702.73a: every creature type
            return len({s for card in cards if card.is_creature for s in card.subtypes})
        if self.counted is Counted.BASIC_LAND_TYPES:
            return len({s for card in cards for s in card.subtypes if s in BASIC_LAND_TYPES})
        if self.counted is Counted.CARD_TYPES:
            return len({t for kinds in types for t in kinds if t in CARD_TYPES})
        if self.counted is Counted.MANA_VALUES:
            return len({card.mana_cost.mana_value for card in cards})
        if self.counted is Counted.TOTAL_MANA_VALUE:
            return sum(p.mana_value for p in objects) if self.zone is None else 0
        if self.counted is Counted.POWERS:
            from engine.resolution import power_of  # the board's reader of power

            if self.zone is not None:
                return 0
            return len({power for p in objects if (power := power_of(p)) is not None})
        if self.counted in (Counted.TOTAL_POWER, Counted.GREATEST_POWER):
            from engine.resolution import power_of  # the board's reader of power

            powers = [max(0, power_of(p) or 0) for p in objects] if self.zone is None else []
            if self.counted is Counted.TOTAL_POWER:
                return sum(powers)
            return max(powers, default=0)
        return len(types)


def _could_produce(permanent: Permanent, mana: ManaType) -> bool:
    """Whether one of a permanent's mana abilities adds that type of mana (106.7)."""
    if permanent.face_down:
        return False
    return any(
        mana in kinds for ability in permanent.card.mana_abilities for kinds in ability.produces
    )


def _modified(board: Board, permanent: Permanent) -> bool:
    """Whether a permanent is modified (700.9): it has a counter, is equipped, or is enchanted
    by an Aura its controller controls."""
    if any(amount > 0 for _kind, amount in permanent.counters):
        return True
    for other in board.battlefield:
        if other.attached_to != permanent.id or other.face_down:
            continue
        if "equipment" in other.card.subtypes:
            return True
        if "aura" in other.card.subtypes and other.controller is permanent.controller:
            return True
    return False


def _player(whose: Whose, player: Player) -> Player | None:
    """Whose count, for ``player`` ("you"): None for both players together."""
    if whose is Whose.ANY:
        return None
    return player.other if whose is Whose.OPPONENT else player


_TURN_COUNTS: tuple[tuple[str, TurnCount, Whose], ...] = (
    (r"(?:1 life|the amount of life) you(?:'ve| have)? gained", TurnCount.LIFE_GAINED, Whose.YOU),
    (
        r"(?:1 life|the amount of life) your opponents have lost",
        TurnCount.LIFE_LOST,
        Whose.OPPONENT,
    ),
    (r"(?:1 life|the amount of life) you(?:'ve| have)? lost", TurnCount.LIFE_LOST, Whose.YOU),
    (r"creatures? that died", TurnCount.CREATURES_DIED, Whose.ANY),
    (r"creatures? you attacked with", TurnCount.ATTACKED_WITH, Whose.YOU),
    (r"cards? you've (?:cycled or )?discarded", TurnCount.CARDS_DISCARDED, Whose.YOU),
    (r"cards? you've drawn", TurnCount.CARDS_DRAWN, Whose.YOU),
    (
        r"the total amount of noncombat damage dealt to your opponents",
        TurnCount.NONCOMBAT_DAMAGE,
        Whose.OPPONENT,
    ),
    (r"other spells? cast", TurnCount.SPELLS_CAST, Whose.ANY),
    (r"other spells? (?:you've|that player has) cast", TurnCount.SPELLS_CAST, Whose.YOU),
)
_SPELLS_CAST = re.compile(r"(?P<what>.+?) spells? (?P<who>you've|that player has) cast")


def _turn_count(lowered: str, text: str) -> Count | None:
    """A count of the turn so far ("1 life you gained this turn", "instant and sorcery spell
    you've cast this turn"); None when it is not one ``this_turn`` holds. "That player" is
    the one the count is for (the caster of the spell whose cost it changes)."""
    body = lowered.removesuffix(" this turn")
    for pattern, kind, whose in _TURN_COUNTS:
        if re.fullmatch(pattern, body):
            return Count(Counted.TURN, text, turn_count=kind, whose=whose)
    spells = _SPELLS_CAST.fullmatch(body)
    if spells and not spells.group("what").startswith("other"):
        found = read_filter(spells.group("what") + " spell")
        if found is not None and not found.another:
            return Count(Counted.SPELLS_THIS_TURN, text, filter=found)
    return None


CREATURE_TYPE_COUNT = 314
"""How many creature types CR 205.3m lists (2026-01-16): what a changeling counts for in "for
each creature type among creatures you control" (702.73a)."""
_PARTY = ("cleric", "rogue", "warrior", "wizard")


def _party(board: Board, player: Player) -> int:
    """The creatures in the player's party: one each of Cleric, Rogue, Warrior and Wizard at
    most, chosen to make it as large as possible (700.8): a matching of roles to creatures."""
    creatures = [
        frozenset(r for r in _PARTY if r in p.card.subtypes or "changeling" in p.card.keywords)
        for p in board.battlefield
        if p.controller is player and p.is_creature and not p.face_down
    ]
    holder: dict[int, str] = {}  # creature index -> its role

    def place(role: str, seen: set[int]) -> bool:
        for index, roles in enumerate(creatures):
            if role not in roles or index in seen:
                continue
            seen.add(index)
            if index not in holder or place(holder[index], seen):
                holder[index] = role
                return True
        return False

    return sum(1 for role in _PARTY if place(role, set()))


_AMONG = re.compile(
    r"^(?P<what>basic land type|card type|creature type|(?:different )?mana value)s? among "
    r"(?P<phrase>.+)$",
    re.IGNORECASE,
)
_AMONG_KINDS = {
    "basic land type": Counted.BASIC_LAND_TYPES,
    "card type": Counted.CARD_TYPES,
    "creature type": Counted.CREATURE_TYPES,
    "different mana value": Counted.MANA_VALUES,
    "mana value": Counted.MANA_VALUES,
}
_ON_BATTLEFIELD = re.compile(r"\s+on the battlefield$", re.IGNORECASE)
_ALL_ZONES = re.compile(r"\s+in all (?P<zone>graveyards)$", re.IGNORECASE)


def read_count(phrase: str) -> Count | None:
    """Read what "for each …" counts; None when it is not understood.

    >>> read_count("instant and sorcery card in your graveyard").zone
    <Zone.GRAVEYARD: 'graveyard'>
    >>> read_count("basic land type among lands you control").counted.value
    'basic_land_types'
    >>> read_count("different mana value among cards in your graveyard").counted.value
    'mana_values'
    >>> read_count("creature on the battlefield").filter.controller.value
    'any'
    """
    text = " ".join(phrase.replace("’", "'").split()).strip().rstrip(".")
    lowered = text.lower()
    if lowered in ("creature in your party", "creatures in your party"):
        return Count(Counted.PARTY, text)
    devotion = re.fullmatch(r"your devotion to (white|blue|black|red|green)", lowered)
    if devotion:
        return Count(Counted.DEVOTION, text, color=COLOR_WORDS[devotion.group(1)])
    measured = re.fullmatch(
        r"the (?P<what>total power|greatest power|total mana value) (?:of|among) (?P<phrase>.+)",
        text,
        re.IGNORECASE,
    )
    if measured:
        found = read_filter(measured.group("phrase"))
        if found is None or found.zone is not None or found.another:
            return None
        kinds = {
            "total power": Counted.TOTAL_POWER,
            "greatest power": Counted.GREATEST_POWER,
            "total mana value": Counted.TOTAL_MANA_VALUE,
        }
        return Count(kinds[measured.group("what").lower()], text, filter=found)
    if lowered.endswith(" this turn"):
        return _turn_count(lowered, text)
    counters = re.fullmatch(r"(?P<kind>[+\-/\w]+) counter on ~", lowered)
    if counters:
        return Count(Counted.COUNTERS_ON_SOURCE, text, kind=counters.group("kind"))
    had = re.fullmatch(r"(?P<kind>[a-z]+) counter you have", lowered)
    if had:
        return Count(Counted.PLAYER_COUNTERS, text, kind=had.group("kind"))
    if lowered == "the difference between your starting life total and your life total":
        return Count(Counted.LIFE_BELOW_START, text)
    if lowered in ("~'s power", "the power of ~"):
        return Count(Counted.SOURCE_POWER, text)
    if re.search(r"\bthis (?:turn|game|way)\b|\bparty\b|\bcounters?\b", lowered):
        return None
    if lowered in ("opponent you have", "opponent"):
        return Count(Counted.OPPONENTS, text)
    produces: ManaType | None = None
    could = re.fullmatch(r"(?P<what>.+?) that could produce \{(?P<mana>[WUBRGC])\}", text)
    if could:
        text, produces = could.group("what"), ManaType(could.group("mana"))
    counted = Counted.OBJECTS
    modified = re.match(r"modified (?=\w)", text, re.IGNORECASE)
    if modified:
        counted, text = Counted.MODIFIED, text[modified.end() :]
    among = _AMONG.match(text)
    if among:
        counted = _AMONG_KINDS[among.group("what").lower()]
        text = among.group("phrase")
    every_zone = False
    all_zones = _ALL_ZONES.search(text)
    if all_zones:
        text, every_zone = text[: all_zones.start()], True
    text = _ON_BATTLEFIELD.sub("", text)
    found = read_filter(text)
    if found is None or found.another:
        return None
    zone = found.zone
    if every_zone:
        zone = Zone.GRAVEYARD
    if zone is None and found.noun is Noun.CARD:
        return None  # cards, but where?
    if zone is not None and zone is not Zone.GRAVEYARD:
        return None
    if zone is None and found.noun is Noun.SPELL:
        return None
    if every_zone and found.controller is not Whose.ANY:
        return None
    if produces is not None and zone is not None:
        return None
    return Count(counted, phrase.strip(), filter=found, zone=zone, produces=produces)
