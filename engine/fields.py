"""The contract's own kinds of JSON value in requests: ids, card names, kicker counts,
counters, references to the board's objects (a message's, in answers, is
:mod:`engine.explain`'s).

>>> from engine.codec import Reader
>>> reader = Reader()
>>> ID.read("you", reader, ("battlefield", 0, "id")), reader.errors[0].message
(INVALID, "'you' names a player and can't be an id")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.codec import INVALID, Codec, Integer, ListOf, Path, Reader, Text, _Invalid
from engine.contract import MAX_COUNTER_KIND, MAX_COUNTERS, MAX_KICKS, MAX_LIST, MAX_TEXT, Player
from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.cards import CardDefinition

__all__ = [
    "CARD_NAME",
    "COUNTERS",
    "ID",
    "KICKER",
    "PLAYER_NAMES",
    "CardName",
    "Counters",
    "Id",
    "Kicker",
    "Refs",
    "check_kicker",
    "check_modes",
]

PLAYER_NAMES = frozenset(player.value for player in Player)
_NONE: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Id(Text):
    """An object's id on the board: text that is not a player's name."""

    def read(self, value: object, reader: Reader, path: Path) -> str | _Invalid:
        if type(value) is str:
            if value in PLAYER_NAMES:
                return reader.error(path, f"{value!r} names a player and can't be an id")
            if len(value) <= self.max_length and value.strip():
                return value
        return Text.read(self, value, reader, path)

    def reads_as_is(self, values: Sequence[object]) -> bool:
        return Text.reads_as_is(self, values) and PLAYER_NAMES.isdisjoint(values)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            **super().schema(defs),
            "not": {"enum": sorted(PLAYER_NAMES)},
            "description": "The object's own id in this request.",
        }


ID = Id()


@dataclass(frozen=True)
class CardName(Codec["CardDefinition"]):
    """A card, by its English or French name (any case or accents), found in the catalog.

    A card with several faces is found by its whole name or by a face's own name; it reads
    as its first face, or with ``faces`` as the face named (the card an action casts)."""

    faces: bool = False

    def read(self, value: object, reader: Reader, path: Path) -> CardDefinition | _Invalid:
        if type(value) is str and len(value) <= MAX_TEXT and value.strip():
            name = value
        else:
            text = _TEXT.read(value, reader, path)
            if isinstance(text, _Invalid):
                return INVALID
            name = text
        try:
            found = reader.catalog.get(name)
        except EngineError as error:  # a card of the catalog the engine can't read (an Un-card)
            return reader.error(path, str(error))
        if found is None:
            close = reader.catalog.suggest(name)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            return reader.error(path, f"unknown card {name!r}{hint}")
        return self._face(found, name)

    looks_up = True

    def find(self, value: object, reader: Reader) -> CardDefinition | None:
        if type(value) is not str:
            return None
        try:
            found = reader.catalog.get(value)
        except EngineError:
            return None
        return None if found is None else self._face(found, value)

    def _face(self, card: CardDefinition, name: str) -> CardDefinition:
        return card.face_named(name) if self.faces else card

    def write(self, value: CardDefinition) -> object:
        return value.whole_name

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            **_TEXT.schema(defs),
            "description": "English or French card name; case and accents are ignored.",
            "examples": list(_CARD_EXAMPLES),
        }


_TEXT = Text()
_CARD_EXAMPLES = ("Burst Lightning", "Éclair explosif")  # documentation of the schema only
CARD_NAME = CardName()
FACE_NAME = CardName(faces=True)


@dataclass(frozen=True)
class Kicker(ListOf[int]):
    """Times each printed kicker cost is paid, in printed order (multikicker: one count).

    A count that can't be read counts 0, so the list still lines up with the kicker costs.
    """

    def read(self, value: object, reader: Reader, path: Path) -> tuple[int, ...] | _Invalid:
        if not isinstance(value, list | tuple):
            return reader.error(path, self.not_a_list)
        if self.max_items is not None and len(value) > self.max_items:
            return reader.error(path, self.too_long.format(limit=self.max_items))
        if self.item.reads_as_is(value):
            return tuple(value)
        read = self.item.read
        counts = [read(v, reader, path + (i,)) for i, v in enumerate(value)]
        return tuple([0 if c is INVALID else c for c in counts])  # type: ignore[misc]

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            **super().schema(defs),
            "description": (
                "Times each printed kicker cost is paid, in printed order (multikicker: one "
                "count). Omitted: not kicked. No longer than the card's kicker costs; a count "
                "above 1 only for multikicker."
            ),
            "examples": [[1], [1, 0]],
        }


KICKER = Kicker(Integer(maximum=MAX_KICKS), not_a_list="must be a list of counts")


def check_kicker(
    counts: tuple[int, ...], card: CardDefinition, reader: Reader, path: Path
) -> tuple[int, ...]:
    """The kicker counts if ``card`` can be kicked so (CR 702.33b–c); else an error and ().

    >>> from engine.cards import CardDefinition
    >>> bolt = CardDefinition.parse(name="Burst Lightning", mana_cost="{R}",
    ...     type_line="Instant", oracle_text="Kicker {4}")
    >>> reader = Reader()
    >>> check_kicker((1, 0), bolt, reader, ("action", "kicker")), reader.errors[0].message
    ((), 'Burst Lightning has 1 kicker cost; got 2 counts')
    """
    costs = card.announce_costs
    if len(counts) > len(costs):
        plural = "" if len(costs) == 1 else "s"
        reader.error(
            path, f"{card.name} has {len(costs)} kicker cost{plural}; got {len(counts)} counts"
        )
        return ()
    for index, count in enumerate(counts):
        multi = card.multikicker_cost is not None and index == len(costs) - 1
        if count > 1 and not multi:
            reader.error(
                (*path, index),
                f"{card.name}'s kicker {costs[index]} can be paid at most once (the kicker "
                "ability doesn't let you pay a kicker cost more than once)",
            )
    return counts


def check_modes(
    modes: tuple[int, ...], card: CardDefinition, reader: Reader, path: Path
) -> tuple[int, ...]:
    """The modes if each is one of ``card``'s (0-based, printed order, CR 700.2); else an error
    for each that is not, and ().

    >>> from engine.cards import CardDefinition
    >>> charm = CardDefinition.parse(name="Charm", mana_cost="{G}", type_line="Instant",
    ...     oracle_text="Choose one —\\n• Draw a card.\\n• You gain 3 life.")
    >>> reader = Reader()
    >>> check_modes((0, 2), charm, reader, ("action", "modes")), reader.errors[0].message
    ((), 'Charm has modes 0 to 1; 2 is not one of them')
    """
    count = len(card.modes)
    wrong = False
    for index, mode in enumerate(modes):
        if mode >= count:
            wrong = True
            if count:
                reader.error(
                    (*path, index),
                    f"{card.name} has modes 0 to {count - 1}; {mode} is not one of them",
                )
            else:
                reader.error((*path, index), f"{card.name} is not modal")
    return () if wrong else modes


_COUNT = Integer(maximum=MAX_COUNTERS)


@dataclass(frozen=True)
class Counters(Codec[tuple[tuple[str, int], ...]]):
    """Counters on a permanent by kind (``{"+1/+1": 2}``), sorted; kinds with none left out."""

    def read(
        self, value: object, reader: Reader, path: Path
    ) -> tuple[tuple[str, int], ...] | _Invalid:
        if not isinstance(value, Mapping) or len(value) > MAX_LIST:
            return reader.error(path, "must be an object of counts")
        counters: dict[str, int] = {}
        for kind, amount in value.items():
            if isinstance(kind, str) and len(kind) <= MAX_COUNTER_KIND:
                counted = _COUNT.read(amount, reader, (*path, kind))
                counters[kind] = 0 if counted is INVALID else counted  # type: ignore[assignment]
            else:
                reader.error(path, "counter kinds are short strings")
        return tuple(sorted((k, v) for k, v in counters.items() if v))

    def write(self, value: tuple[tuple[str, int], ...]) -> object:
        return dict(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "object",
            "maxProperties": MAX_LIST,
            "propertyNames": {"maxLength": MAX_COUNTER_KIND},
            "additionalProperties": _COUNT.schema(defs),
            "examples": [{"+1/+1": 2}],
        }


COUNTERS = Counters()


@dataclass(frozen=True)
class Refs(ListOf[str]):
    """Ids of the board's objects (or players): each must name one, once unless ``repeats``.

    ``zones`` are the board's zones they may be in (``"battlefield"``, ``"stack"``); with
    ``players`` the players' names are allowed too. The board is the reader's
    ``context["ids"]``: a mapping of zone to ids.
    """

    zones: tuple[str, ...] = ("battlefield",)
    players: bool = False
    repeats: bool = False
    what: str = "not a battlefield id"

    def read(self, value: object, reader: Reader, path: Path) -> tuple[str, ...] | _Invalid:
        ids = super().read(value, reader, path)
        if ids is INVALID:
            return INVALID
        assert isinstance(ids, tuple)
        known: Mapping[str, frozenset[str]] = reader.context.get("ids", {})
        zones = [known.get(zone, _NONE) for zone in self.zones]
        if len(zones) == 1 and zones[0].issuperset(ids):  # ids of one zone, each found there
            if not self.repeats and len(set(ids)) != len(ids):
                reader.error(path, "lists the same id twice")
            return ids
        players = self.players
        for index, object_id in enumerate(ids):
            if players and object_id in PLAYER_NAMES:
                continue
            for zone_ids in zones:
                if object_id in zone_ids:
                    break
            else:
                reader.error((*path, index), f"{object_id!r} is {self.what}")
        if not self.repeats and len(set(ids)) != len(ids):
            reader.error(path, "lists the same id twice")
        return ids

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        schema = super().schema(defs)
        if not self.repeats:
            schema["uniqueItems"] = True
        return schema
