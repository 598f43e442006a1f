"""What a player does, with every choice announced with it (CR 601.2b–c), and its JSON form.

>>> Action(kind=ActionKind.TURN_FACE_UP, source="c1").player
<Player.YOU: 'you'>
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engine.cards import CardDefinition
from engine.codec import (
    INVALID,
    Choice,
    Codec,
    Integer,
    ListOf,
    Mana,
    Path,
    Reader,
    Record,
    Text,
    _Invalid,
    json_field,
)
from engine.contract import (
    MAX_COST_INCREASES,
    MAX_COST_SYMBOLS,
    MAX_MANA_TEXT,
    MAX_TEXT,
    MAX_X,
    ActionKind,
    Player,
)
from engine.fields import CARD_NAME, KICKER, Refs, check_kicker
from engine.mana import ManaCost

__all__ = ["ACTION", "CONVOKE_AUTO", "Action"]

_MANA = Mana(max_length=MAX_MANA_TEXT)
_COSTS = ListOf(_MANA, max_items=MAX_COST_INCREASES, not_a_list="must be a list of mana costs")
_IDS = ListOf(Text(max_length=MAX_TEXT), not_a_list="must be a list of strings")
_BATTLEFIELD_IDS = Refs(_IDS.item, not_a_list=_IDS.not_a_list)
CONVOKE_AUTO: Literal["auto"] = "auto"
"""``"convoke": "auto"``: the engine chooses the creatures to convoke (see :class:`Action`)."""


class _Convoke(Codec["tuple[str, ...] | Literal['auto']"]):
    """The creatures tapped for convoke: a list of battlefield ids, or ``"auto"``."""

    def read(
        self, value: object, reader: Reader, path: Path
    ) -> tuple[str, ...] | Literal["auto"] | _Invalid:
        if value == CONVOKE_AUTO:
            return CONVOKE_AUTO
        ids = _BATTLEFIELD_IDS.read(value, reader, path)
        return INVALID if ids is INVALID else ids

    def write(self, value: tuple[str, ...] | Literal["auto"]) -> object:
        return value if value == CONVOKE_AUTO else list(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            "oneOf": [
                _BATTLEFIELD_IDS.schema(defs),
                {"const": CONVOKE_AUTO, "description": "The engine chooses the creatures."},
            ]
        }


_TARGETS = Refs(
    _IDS.item,
    not_a_list=_IDS.not_a_list,
    zones=("battlefield", "stack"),
    players=True,
    repeats=True,
    what="neither a player (you, opponent) nor a battlefield or stack id",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """An action and every choice announced with it (CR 601.2b–c).

    ``kicker`` is None when no kicker was announced; otherwise one count per printed kicker
    cost (multikicker: one count). ``targets``/``sacrifice`` are None when not given.
    ``assume_mana`` is the request's: any mana is available, payment is not judged.

    >>> Action(kind=ActionKind.CAST, kicker=(1,)).kicker
    (1,)
    """

    kind: ActionKind = field(metadata=json_field(Choice(ActionKind, "action kind")))
    player: Player = field(
        default=Player.YOU, metadata=json_field(Choice(Player, "player"), description="Who acts.")
    )
    card: CardDefinition | None = field(
        default=None,
        metadata=json_field(
            CARD_NAME,
            description=(
                "The card acted on (cast, put_onto_battlefield, enter_as_copy: the entering "
                "card, cast_from_trigger). English or French name."
            ),
        ),
    )
    kicker: tuple[int, ...] | None = field(default=None, metadata=json_field(KICKER))
    x: int = field(default=0, metadata=json_field(Integer(maximum=MAX_X)))
    alternative_cost: ManaCost | None = field(
        default=None,
        metadata=json_field(_MANA, description="Paid instead of the mana cost; {0} = free."),
    )
    cost_increases: tuple[ManaCost, ...] = field(default=(), metadata=json_field(_COSTS))
    cost_reductions: tuple[ManaCost, ...] = field(default=(), metadata=json_field(_COSTS))
    convoke: tuple[str, ...] | Literal["auto"] = field(
        default=(),
        metadata=json_field(
            _Convoke(),
            description=(
                'Battlefield ids of the creatures tapped for convoke, or "auto": the engine '
                "proposes creatures (as few as a real payment needs; under assume_mana, as many "
                "as can pay). A list is an explicit choice and is used as it is."
            ),
        ),
    )
    sacrifice: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(
            _BATTLEFIELD_IDS,
            description="Battlefield ids sacrificed for additional costs (omitted: the "
            "engine chooses).",
        ),
    )
    targets: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(
            _TARGETS,
            description="'you', 'opponent', or battlefield or stack ids (omitted: targets "
            "are not judged).",
        ),
    )
    copy_of: str | None = field(
        default=None,
        metadata=json_field(
            Text(max_length=MAX_TEXT),
            description="copy_spell: a stack id; enter_as_copy: a battlefield id.",
        ),
    )
    source: str | None = field(
        default=None,
        metadata=json_field(
            Text(max_length=MAX_TEXT), description="The permanent whose ability it is."
        ),
    )
    assume_mana: bool = False

    @property
    def convoke_is_auto(self) -> bool:
        """Whether the engine chooses the creatures to convoke (``"convoke": "auto"``).

        >>> Action(kind=ActionKind.CAST, convoke="auto").convoke_is_auto
        True
        """
        return self.convoke == CONVOKE_AUTO

    @property
    def convoke_ids(self) -> tuple[str, ...]:
        """The creatures the player chose to convoke (none when the engine chooses).

        >>> Action(kind=ActionKind.CAST, convoke=("c1",)).convoke_ids, Action(
        ...     kind=ActionKind.CAST, convoke="auto").convoke_ids
        (('c1',), ())
        """
        return () if self.convoke == CONVOKE_AUTO else self.convoke


def _check_action(values: dict[str, Any], reader: Reader, path: Path) -> None:
    """How the action's fields fit its kind, its card and the board."""
    kind: ActionKind = values["kind"]
    card = values["card"]
    known = isinstance(card, CardDefinition)
    if card is None and kind.needs_card:
        reader.error((*path, "card"), f"is required for {kind.value}")
    if values["kicker"] and known and kind.is_cast:
        values["kicker"] = check_kicker(values["kicker"], card, reader, (*path, "kicker"))
    if values["x"] and known and not card.has_x:
        reader.error((*path, "x"), f"{card.name} has no {{X}} in its mana cost")
    costs = [
        values["alternative_cost"],
        *(values["cost_increases"] or ()),
        *(values["cost_reductions"] or ()),
    ]
    symbols = sum(len(c.symbols) for c in costs if isinstance(c, ManaCost))
    if symbols > MAX_COST_SYMBOLS:
        reader.error(
            (*path, "cost_increases"),
            f"the alternative cost, cost increases and reductions hold {symbols} mana symbols; "
            f"at most {MAX_COST_SYMBOLS}",
        )
    ids = reader.context.get("ids", {})
    copy_of, copies = values["copy_of"], kind.copies
    if copy_of is None and copies is not None:
        reader.error((*path, "copy_of"), f"is required for {kind.value}")
    elif isinstance(copy_of, str) and copies is not None and copy_of not in ids.get(copies, ()):
        what = "a stack id" if copies == "stack" else "a battlefield id"
        reader.error((*path, "copy_of"), f"{copy_of!r} is not {what}")
    source = values["source"]
    if source is None and kind.needs_source:
        reader.error((*path, "source"), f"is required for {kind.value}")
    elif isinstance(source, str) and source not in ids.get("battlefield", ()):
        reader.error((*path, "source"), f"{source!r} is not a battlefield id")


ACTION = Record(
    Action,
    name="Action",
    description="The action to judge and every choice announced with it.",
    check=_check_action,
    gate=("kind",),
)
