"""Turning an evaluate request (JSON-ready dict) into a typed board and action.

Every problem is collected with its field path and raised together as :class:`RequestError`;
nothing else escapes. Unknown keys are rejected.

>>> from engine.catalog import DictCatalog
>>> try:
...     parse_request({"action": {"kind": "fly"}}, DictCatalog([]))
... except RequestError as error:
...     print(error.errors[0].field)
action.kind
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TypeVar, cast

from engine.actions import Action, ActionKind
from engine.board import Board, Permanent, Phase, Player, StackObject, Turn
from engine.cards import CardDefinition
from engine.catalog import Catalog
from engine.errors import EngineError, FieldError, RequestError
from engine.mana import ManaCost, SymbolKind

__all__ = [
    "MAX_COST_INCREASES",
    "MAX_COST_SYMBOLS",
    "MAX_PERMANENTS",
    "MAX_REQUEST_BYTES",
    "MAX_REQUEST_DEPTH",
    "MAX_STACK",
    "parse_request",
]

MAX_PERMANENTS = 200
MAX_STACK = 50
MAX_LIST = 30
MAX_TEXT = 200
MAX_X = 1000
MAX_KICKS = 20
# Bounded work: a request within these limits is answered within 50 ms (README, make bench).
MAX_COST_INCREASES = 10  # entries of cost_increases, and of cost_reductions
MAX_COST_SYMBOLS = 40  # mana symbols in alternative_cost, cost_increases and cost_reductions
MAX_REQUEST_BYTES = 64 * 1024  # the request as JSON text (API body, decoded ?s= link)
MAX_REQUEST_DEPTH = 32  # how deeply its arrays and objects nest

_TOP_KEYS = {"action", "battlefield", "stack", "mana_pool", "assume_mana", "turn"}
_ACTION_KEYS = {
    "kind", "player", "card", "kicker", "x", "alternative_cost", "cost_increases",
    "cost_reductions", "convoke", "sacrifice", "targets", "copy_of", "source",
}  # fmt: skip
_PERMANENT_KEYS = {
    "id", "card", "controller", "tapped", "summoning_sick", "attacking", "blocking",
    "face_down", "kicker", "counters", "token",
}  # fmt: skip
_FLAGS = ("tapped", "summoning_sick", "attacking", "blocking", "face_down", "token")
_FLAG_KEYS = frozenset(_FLAGS)
_STACK_KEYS = {"id", "card", "controller", "kicker", "x", "targets", "copy"}
_TURN_KEYS = {"active_player", "phase"}
_PLAYER_NAMES = frozenset(player.value for player in Player)
_EMPTY_POOL = ManaCost()
_NEEDS_CARD = {
    ActionKind.CAST, ActionKind.PUT_ONTO_BATTLEFIELD, ActionKind.ENTER_AS_COPY,
    ActionKind.CAST_FROM_TRIGGER,
}  # fmt: skip
_NEEDS_SOURCE = {
    ActionKind.ACTIVATE_ABILITY, ActionKind.ACTIVATE_MANA_ABILITY, ActionKind.TURN_FACE_UP,
}  # fmt: skip

_E = TypeVar("_E", Player, Phase, ActionKind)


class _Reader:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.errors: list[FieldError] = []

    def error(self, field: str, message: str) -> None:
        self.errors.append(FieldError(field=field, message=message))

    def mapping(self, value: object, field: str, keys: set[str]) -> Mapping[str, object] | None:
        # JSON objects arrive as dicts: the plain type check spares the ABC lookup.
        if not isinstance(value, (dict, Mapping)):
            self.error(field, "must be an object")
            return None
        if not keys.issuperset(value):
            for key in value:
                if key not in keys:
                    self.error(f"{field}.{key}" if field else str(key), "unknown field")
        return value

    def boolean(self, data: Mapping[str, object], key: str, field: str) -> bool:
        value = data.get(key, False)
        if value is False or value is True:
            return value
        if not isinstance(value, bool):
            self.error(f"{field}.{key}" if field else key, "must be true or false")
            return False
        return value

    def integer(self, value: object, field: str, maximum: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(field, "must be an integer")
            return 0
        if value < 0:
            self.error(field, "must not be negative")
            return 0
        if value > maximum:
            self.error(field, f"must be at most {maximum}")
            return 0
        return value

    def text(self, value: object, field: str) -> str | None:
        if not isinstance(value, str):
            self.error(field, "must be a string")
            return None
        if len(value) > MAX_TEXT:
            self.error(field, f"is longer than {MAX_TEXT} characters")
            return None
        if not value.strip():
            self.error(field, "must not be empty")
            return None
        return value

    def strings(self, value: object, field: str) -> tuple[str, ...]:
        if not isinstance(value, list | tuple):
            self.error(field, "must be a list of strings")
            return ()
        if len(value) > MAX_LIST:
            self.error(field, f"has more than {MAX_LIST} items")
            return ()
        result = []
        for index, item in enumerate(value):
            text = self.text(item, f"{field}[{index}]")
            if text is not None:
                result.append(text)
        return tuple(result)

    def choice(self, value: object, field: str, enum: type[_E]) -> _E | None:
        member = enum._value2member_map_.get(value) if isinstance(value, str) else None
        if member is not None:
            return cast(_E, member)
        options = [m.value for m in enum]
        if not isinstance(value, str) or value not in options:
            self.error(
                field, f"unknown {_noun(enum)} {value!r}; expected one of " + ", ".join(options)
            )
            return None
        return enum(value)

    def mana(self, value: object, field: str) -> ManaCost | None:
        if not isinstance(value, str):
            self.error(field, "must be mana notation such as '{2}{G}'")
            return None
        try:
            return ManaCost.parse(value)
        except EngineError as error:
            self.error(field, str(error))
            return None

    def card(self, value: object, field: str) -> CardDefinition | None:
        name = self.text(value, field)
        if name is None:
            return None
        try:
            found = self.catalog.get(name)
        except EngineError as error:  # a catalog card the engine can't read (an Un-card)
            self.error(field, str(error))
            return None
        if found is None:
            close = self.catalog.suggest(name)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            self.error(field, f"unknown card {name!r}{hint}")
        return found

    def kicker(self, value: object, field: str, card: CardDefinition | None) -> tuple[int, ...]:
        if not isinstance(value, list | tuple):
            self.error(field, "must be a list of counts")
            return ()
        if len(value) > MAX_LIST:
            self.error(field, f"has more than {MAX_LIST} items")
            return ()
        counts = tuple(self.integer(v, f"{field}[{i}]", MAX_KICKS) for i, v in enumerate(value))
        if card is None:
            return counts
        costs = card.announce_costs
        if len(counts) > len(costs):
            self.error(
                field,
                f"{card.name} has {len(costs)} kicker cost"
                f"{'' if len(costs) == 1 else 's'}; got {len(counts)} counts",
            )
            return ()
        for index, count in enumerate(counts):
            multi = card.multikicker_cost is not None and index == len(costs) - 1
            if count > 1 and not multi:
                self.error(
                    f"{field}[{index}]",
                    f"{card.name}'s kicker {costs[index]} can be paid "
                    "at most once (the kicker ability doesn't let you pay a kicker cost "
                    "more than once)",
                )
        return counts


def _noun(enum: type[object]) -> str:
    return {"Player": "player", "Phase": "phase", "ActionKind": "action kind"}[enum.__name__]


def parse_request(request: object, catalog: Catalog) -> tuple[Board, Action]:
    """Validate a request and return its board and action.

    :raises RequestError: with every error found.

    >>> from engine.catalog import DictCatalog
    >>> board, action = parse_request({"action": {"kind": "put_trigger_on_stack"}},
    ...                               DictCatalog([]))
    >>> action.kind
    <ActionKind.PUT_TRIGGER_ON_STACK: 'put_trigger_on_stack'>
    """
    reader = _Reader(catalog)
    data = reader.mapping(request, "", _TOP_KEYS)
    if data is None:
        raise RequestError(reader.errors)
    battlefield = _battlefield(reader, data.get("battlefield", []))
    stack = _stack(reader, data.get("stack", []))
    seen: set[str] = set()
    located = (("battlefield", [p.id for p in battlefield]), ("stack", [s.id for s in stack]))
    for section, ids in located:
        for index, object_id in enumerate(ids):
            if object_id in seen:
                reader.error(f"{section}[{index}].id", f"duplicate id {object_id!r}")
            seen.add(object_id)
    pool = _EMPTY_POOL
    if "mana_pool" in data:
        parsed = reader.mana(data["mana_pool"], "mana_pool")
        if parsed is not None:
            bad = [
                s
                for s in parsed.symbols
                if s.kind not in (SymbolKind.COLORED, SymbolKind.COLORLESS)
            ]
            if bad:
                reader.error("mana_pool", "a mana pool holds only {W}{U}{B}{R}{G}{C} mana")
            else:
                pool = parsed
    turn = _turn(reader, data.get("turn", {}))
    assume = reader.boolean(data, "assume_mana", "")
    board = Board(battlefield=battlefield, stack=stack, mana_pool=pool, turn=turn)
    action = None
    if "action" not in data:
        reader.error("action", "is required")
    else:
        action = _action(reader, data["action"], board, assume)
    if reader.errors or action is None:
        raise RequestError(reader.errors)
    return board, action


def _list(reader: _Reader, value: object, field: str, limit: int) -> Sequence[object]:
    if not isinstance(value, list | tuple):
        reader.error(field, "must be a list")
        return ()
    if len(value) > limit:
        reader.error(field, f"has more than {limit} objects")
        return ()
    return value


def _object_id(reader: _Reader, data: Mapping[str, object], field: str) -> str | None:
    if "id" not in data:
        reader.error(f"{field}.id", "is required")
        return None
    value = reader.text(data["id"], f"{field}.id")
    if value in _PLAYER_NAMES:
        reader.error(f"{field}.id", f"{value!r} names a player and can't be an id")
        return None
    return value


def _controller(reader: _Reader, data: Mapping[str, object], key: str, field: str) -> Player:
    if key not in data:
        return Player.YOU
    return reader.choice(data[key], f"{field}.{key}", Player) or Player.YOU


def _battlefield(reader: _Reader, value: object) -> tuple[Permanent, ...]:
    permanents = []
    for index, item in enumerate(_list(reader, value, "battlefield", MAX_PERMANENTS)):
        field = f"battlefield[{index}]"
        data = reader.mapping(item, field, _PERMANENT_KEYS)
        if data is None:
            continue
        object_id = _object_id(reader, data, field)
        card = reader.card(data.get("card"), f"{field}.card")
        counted = _counters(reader, data["counters"], field) if "counters" in data else ()
        kicker = reader.kicker(data["kicker"], f"{field}.kicker", card) if "kicker" in data else ()
        if _FLAG_KEYS.isdisjoint(data):  # most permanents set no flag
            tapped = sick = attacking = blocking = face_down = token = False
        else:
            tapped, sick, attacking, blocking, face_down, token = [
                reader.boolean(data, key, field) if key in data else False for key in _FLAGS
            ]
        controller = _controller(reader, data, "controller", field)
        if object_id is None or card is None:
            continue
        permanents.append(
            _permanent(
                object_id, card, controller, tapped, sick, attacking, blocking, face_down,
                kicker, counted, token,
            )
        )  # fmt: skip
    return tuple(permanents)


def _counters(reader: _Reader, value: object, field: str) -> tuple[tuple[str, int], ...]:
    """A permanent's counters, sorted by kind; kinds with no counter are left out."""
    if not isinstance(value, Mapping) or len(value) > MAX_LIST:
        reader.error(f"{field}.counters", "must be an object of counts")
        return ()
    counters: dict[str, int] = {}
    for kind, amount in value.items():
        if isinstance(kind, str) and len(kind) <= 40:
            counters[kind] = reader.integer(amount, f"{field}.counters.{kind}", 10_000)
        else:
            reader.error(f"{field}.counters", "counter kinds are short strings")
    return tuple(sorted((k, v) for k, v in counters.items() if v))


@functools.lru_cache(maxsize=4096)
def _permanent(
    object_id: str,
    card: CardDefinition,
    controller: Player,
    tapped: bool,
    sick: bool,
    attacking: bool,
    blocking: bool,
    face_down: bool,
    kicker: tuple[int, ...],
    counters: tuple[tuple[str, int], ...],
    token: bool,
) -> Permanent:
    return Permanent(
        id=object_id,
        card=card,
        controller=controller,
        tapped=tapped,
        summoning_sick=sick,
        attacking=attacking,
        blocking=blocking,
        face_down=face_down,
        kicked_with=kicker,
        counters=counters,
        is_token=token,
    )


def _stack(reader: _Reader, value: object) -> tuple[StackObject, ...]:
    spells = []
    for index, item in enumerate(_list(reader, value, "stack", MAX_STACK)):
        field = f"stack[{index}]"
        data = reader.mapping(item, field, _STACK_KEYS)
        if data is None:
            continue
        object_id = _object_id(reader, data, field)
        card = reader.card(data.get("card"), f"{field}.card")
        kicker = reader.kicker(data.get("kicker", []), f"{field}.kicker", card)
        x = reader.integer(data.get("x", 0), f"{field}.x", MAX_X)
        targets = reader.strings(data.get("targets", []), f"{field}.targets")
        is_copy = reader.boolean(data, "copy", field)
        controller = _controller(reader, data, "controller", field)
        if object_id is None or card is None:
            continue
        spells.append(
            StackObject(
                id=object_id,
                card=card,
                controller=controller,
                kicked_with=kicker,
                x=x if card.has_x else 0,
                targets=targets,
                is_copy=is_copy,
            )
        )
    return tuple(spells)


def _turn(reader: _Reader, value: object) -> Turn:
    data = reader.mapping(value, "turn", _TURN_KEYS)
    if data is None:
        return Turn()
    active = _controller(reader, data, "active_player", "turn")
    phase = Phase.MAIN1
    if "phase" in data:
        phase = reader.choice(data["phase"], "turn.phase", Phase) or Phase.MAIN1
    return Turn(active_player=active, phase=phase)


def _ids(
    reader: _Reader, value: object, field: str, allowed: set[str], what: str
) -> tuple[str, ...]:
    ids = reader.strings(value, field)
    for index, object_id in enumerate(ids):
        if object_id not in allowed:
            reader.error(f"{field}[{index}]", f"{object_id!r} is not {what}")
    if len(set(ids)) != len(ids):
        reader.error(field, "lists the same id twice")
    return ids


def _action(reader: _Reader, value: object, board: Board, assume: bool) -> Action | None:
    data = reader.mapping(value, "action", _ACTION_KEYS)
    if data is None:
        return None
    if "kind" not in data:
        reader.error("action.kind", "is required")
        return None
    kind = reader.choice(data["kind"], "action.kind", ActionKind)
    if kind is None:
        return None
    player = _controller(reader, data, "player", "action")
    card = None
    if "card" in data:
        card = reader.card(data["card"], "action.card")
    elif kind in _NEEDS_CARD:
        reader.error("action.card", f"is required for {kind.value}")
    battlefield_ids = {p.id for p in board.battlefield}
    stack_ids = {s.id for s in board.stack}
    kicker = None
    if "kicker" in data:
        judged = card if kind in (ActionKind.CAST, ActionKind.CAST_FROM_TRIGGER) else None
        kicker = reader.kicker(data["kicker"], "action.kicker", judged)
    x = reader.integer(data.get("x", 0), "action.x", MAX_X)
    if x and card is not None and not card.has_x:
        reader.error("action.x", f"{card.name} has no {{X}} in its mana cost")
    alternative = None
    if "alternative_cost" in data:
        alternative = reader.mana(data["alternative_cost"], "action.alternative_cost")
    increases = _manas(reader, data.get("cost_increases", []), "action.cost_increases")
    reductions = _manas(reader, data.get("cost_reductions", []), "action.cost_reductions")
    symbols = sum(len(c.symbols) for c in (alternative or _EMPTY_POOL, *increases, *reductions))
    if symbols > MAX_COST_SYMBOLS:
        reader.error(
            "action.cost_increases",
            f"the alternative cost, cost increases and reductions hold {symbols} mana symbols; "
            f"at most {MAX_COST_SYMBOLS}",
        )
    convoke = _ids(
        reader, data.get("convoke", []), "action.convoke", battlefield_ids, "a battlefield id"
    )
    sacrifice = None
    if "sacrifice" in data:
        sacrifice = _ids(
            reader, data["sacrifice"], "action.sacrifice", battlefield_ids, "a battlefield id"
        )
    targets = None
    if "targets" in data:
        allowed = battlefield_ids | stack_ids | _PLAYER_NAMES
        targets = _ids_allow_repeats(reader, data["targets"], "action.targets", allowed)
    copy_of = _reference(reader, data, "copy_of", kind, board)
    source = None
    if "source" in data:
        source = reader.text(data["source"], "action.source")
        if source is not None and source not in battlefield_ids:
            reader.error("action.source", f"{source!r} is not a battlefield id")
    elif kind in _NEEDS_SOURCE:
        reader.error("action.source", f"is required for {kind.value}")
    return Action(
        kind=kind,
        player=player,
        card=card,
        kicker=kicker,
        x=x,
        alternative_cost=alternative,
        cost_increases=increases,
        cost_reductions=reductions,
        convoke=convoke,
        sacrifice=sacrifice,
        targets=targets,
        copy_of=copy_of,
        source=source,
        assume_mana=assume,
    )


def _ids_allow_repeats(
    reader: _Reader, value: object, field: str, allowed: set[str]
) -> tuple[str, ...]:
    ids = reader.strings(value, field)
    for index, object_id in enumerate(ids):
        if object_id not in allowed:
            reader.error(
                f"{field}[{index}]",
                f"{object_id!r} is neither a player (you, opponent) nor a battlefield or stack id",
            )
    return ids


def _reference(
    reader: _Reader, data: Mapping[str, object], key: str, kind: ActionKind, board: Board
) -> str | None:
    wants_stack = kind is ActionKind.COPY_SPELL
    wants_battlefield = kind is ActionKind.ENTER_AS_COPY
    if key not in data:
        if wants_stack or wants_battlefield:
            reader.error(f"action.{key}", f"is required for {kind.value}")
        return None
    value = reader.text(data[key], f"action.{key}")
    if value is None:
        return None
    if wants_stack and board.spell(value) is None:
        reader.error(f"action.{key}", f"{value!r} is not a stack id")
    elif wants_battlefield and board.permanent(value) is None:
        reader.error(f"action.{key}", f"{value!r} is not a battlefield id")
    return value


def _manas(reader: _Reader, value: object, field: str) -> tuple[ManaCost, ...]:
    if not isinstance(value, list | tuple):
        reader.error(field, "must be a list of mana costs")
        return ()
    if len(value) > MAX_COST_INCREASES:
        reader.error(field, f"has more than {MAX_COST_INCREASES} items")
        return ()
    costs = []
    for index, item in enumerate(value):
        cost = reader.mana(item, f"{field}[{index}]")
        if cost is not None:
            costs.append(cost)
    return tuple(costs)
