"""What a player does, with every choice announced with it (CR 601.2b–c), and its JSON form.

>>> Action(kind=ActionKind.TURN_FACE_UP, source="c1").player
<Player.YOU: 'you'>
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.cards import CardDefinition
from engine.chosen import CHOSEN, NOTHING_CHOSEN, Chosen
from engine.codec import (
    BOOLEAN,
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
    MAX_CHOICES,
    MAX_COST_INCREASES,
    MAX_COST_SYMBOLS,
    MAX_FACES,
    MAX_MANA_TEXT,
    MAX_TEXT,
    MAX_X,
    ActionKind,
    Player,
    Zone,
)
from engine.fields import FACE_NAME, KICKER, Refs, check_kicker, check_modes
from engine.keyword_costs import WAYS
from engine.mana import ManaCost
from engine.optional_costs import OPTIONAL_COUNTS, check_optional_counts

__all__ = ["ACTION", "CONVOKE_AUTO", "Action", "AlternativeChoice"]

_MANA = Mana(max_length=MAX_MANA_TEXT)
_COSTS = ListOf(_MANA, max_items=MAX_COST_INCREASES, not_a_list="must be a list of mana costs")
_IDS = ListOf(Text(max_length=MAX_TEXT), not_a_list="must be a list of strings")
_BATTLEFIELD_IDS = Refs(_IDS.item, not_a_list=_IDS.not_a_list)
CONVOKE_AUTO: Literal["auto"] = "auto"
"""``"convoke": "auto"``: the engine chooses the creatures to convoke (see :class:`Action`)."""


class _IdsOrAuto(Codec["tuple[str, ...] | Literal['auto']"]):
    """Objects chosen to pay for part of a cost (convoke, delve, improvise): a list of ids of
    one zone, or ``"auto"`` (the engine chooses)."""

    def __init__(self, ids: Refs, auto: str) -> None:
        self.ids = ids
        self.auto = auto

    def read(
        self, value: object, reader: Reader, path: Path
    ) -> tuple[str, ...] | Literal["auto"] | _Invalid:
        if value == CONVOKE_AUTO:
            return CONVOKE_AUTO
        ids = self.ids.read(value, reader, path)
        return INVALID if ids is INVALID else ids

    def write(self, value: tuple[str, ...] | Literal["auto"]) -> object:
        return value if value == CONVOKE_AUTO else list(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"oneOf": [self.ids.schema(defs), {"const": CONVOKE_AUTO, "description": self.auto}]}


_TARGETS = Refs(
    _IDS.item,
    not_a_list=_IDS.not_a_list,
    zones=("battlefield", "stack", "graveyard", "exile"),
    players=True,
    repeats=True,
    what="neither a player (you, opponent) nor a battlefield, stack, graveyard or exile id",
)


def _choices(zones: tuple[str, ...], what: str) -> Refs:
    return Refs(
        _IDS.item,
        max_items=MAX_CHOICES,
        not_a_list=_IDS.not_a_list,
        zones=zones,
        what=what,
    )


_HAND_IDS = _choices(("hand",), "not a hand id")
_EXILED_IDS = _choices(
    ("hand", "graveyard", "battlefield"), "not a hand, graveyard or battlefield id"
)
_PERMANENT_IDS = _choices(("battlefield",), "not a battlefield id")
_GRAVEYARD_IDS = _choices(("graveyard",), "not a graveyard id")
_SPLICE_IDS = _choices(("hand",), "not a hand id")
_CONVOKE = _IdsOrAuto(_BATTLEFIELD_IDS, "The engine chooses the creatures.")
_DELVE = _IdsOrAuto(_GRAVEYARD_IDS, "The engine chooses the cards.")
_IMPROVISE = _IdsOrAuto(_PERMANENT_IDS, "The engine chooses the artifacts.")
_MODES = ListOf(
    Integer(maximum=MAX_CHOICES), max_items=MAX_CHOICES, not_a_list="must be a list of mode numbers"
)
_KEY = re.compile(r"^[a-z][a-z-]*(?::[1-9][0-9]?)?$")

AlternativeChoice = ManaCost | str
"""An alternative cost in a request: an effect's (mana notation), or the card's own by name
("printed", "printed:2"; keyword costs by their keyword)."""


class _Alternative(Codec[AlternativeChoice]):
    """``"{0}"`` (mana notation: an effect's alternative cost) or a name of one of the card's
    own ("printed" is its first "rather than pay" cost, "printed:2" its second)."""

    def read(self, value: object, reader: Reader, path: Path) -> AlternativeChoice | _Invalid:
        if isinstance(value, str) and _KEY.match(value):
            return value
        if isinstance(value, str) and value.strip().startswith("{"):
            return _MANA.read(value, reader, path)
        if isinstance(value, str) and value.strip() == "":
            return _MANA.read(value, reader, path)
        return reader.error(
            path,
            "must be mana notation such as '{0}', or one of the card's own alternative costs "
            "('printed', 'printed:2')",
        )

    def write(self, value: AlternativeChoice) -> object:
        return value if isinstance(value, str) else str(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "string",
            "maxLength": MAX_MANA_TEXT,
            "description": (
                "Paid instead of the mana cost: mana notation for an effect's alternative cost "
                "({0} = free), or the card's own: 'printed' is its first \"rather than pay this "
                "spell's mana cost\" text, 'printed:2' its second, and a keyword's by its name ("
                + ", ".join(WAYS)
                + "; retrace, jump-start and aftermath add to the mana cost instead). A card "
                "lists its own in its alternative-cost keys."
            ),
            "examples": ["{0}", "printed", "printed:2", "flashback", "evoke"],
        }


_ALTERNATIVE = _Alternative()


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
            FACE_NAME,
            description=(
                "The card acted on (cast, put_onto_battlefield, enter_as_copy: the entering "
                "card, cast_from_trigger). English or French name; a card with several faces "
                'by its whole name or a face\'s own name ("Stomp" casts that face).'
            ),
        ),
    )
    face: int | None = field(
        default=None,
        metadata=json_field(
            Integer(maximum=MAX_FACES),
            description="Which face of a card with several is cast, 0-based in printed order: "
            "a half of a split card (709.3), an adventurer's Adventure (715.3), a modal "
            "double-faced card's back face (712.11b). Omitted: the face 'card' names by its "
            "own name, else the first face.",
        ),
    )
    fuse: bool = field(
        default=False,
        metadata=json_field(
            BOOLEAN,
            description="Cast both halves of a split card with fuse as one spell, from a hand "
            "(702.102a); 'face' is then omitted.",
        ),
    )
    from_zone: Zone = field(
        default=Zone.HAND,
        metadata=json_field(
            Choice(Zone, "zone"),
            key="from",
            description="Where the cast card is: hand, graveyard or exile.",
        ),
    )
    card_id: str | None = field(
        default=None,
        metadata=json_field(
            Text(max_length=MAX_TEXT),
            description="The cast card's id in its zone, when it is listed there ('card' may "
            "then be omitted).",
        ),
    )
    kicker: tuple[int, ...] | None = field(default=None, metadata=json_field(KICKER))
    modes: tuple[int, ...] | None = field(
        default=None,
        metadata=json_field(
            _MODES, description="The modes chosen, 0-based in printed order (700.2)."
        ),
    )
    x: int | None = field(
        default=None,
        metadata=json_field(
            Integer(maximum=MAX_X),
            description="The value announced for X (omitted: not announced).",
        ),
    )
    alternative_cost: AlternativeChoice | None = field(
        default=None, metadata=json_field(_ALTERNATIVE)
    )
    cost_increases: tuple[ManaCost, ...] = field(default=(), metadata=json_field(_COSTS))
    cost_reductions: tuple[ManaCost, ...] = field(default=(), metadata=json_field(_COSTS))
    convoke: tuple[str, ...] | Literal["auto"] = field(
        default=(),
        metadata=json_field(
            _CONVOKE,
            description=(
                'Battlefield ids of the creatures tapped for convoke, or "auto": the engine '
                "proposes creatures (as few as a real payment needs; under assume_mana, as many "
                "as can pay). A list is an explicit choice and is used as it is."
            ),
        ),
    )
    optional_costs: tuple[tuple[str, int], ...] = field(
        default=(),
        metadata=json_field(
            OPTIONAL_COUNTS,
            description=(
                "How many times each optional additional cost is paid (601.2b): buyback, "
                "entwine, casualty and conspire once; escalate once per mode beyond the first "
                "(counted from the modes when omitted); replicate any number of times; splice "
                "once per card listed in 'splice'."
            ),
        ),
    )
    values_chosen: Chosen = field(
        default=NOTHING_CHOSEN,
        metadata=json_field(
            CHOSEN,
            key="chosen",
            description="Values chosen as the spell is cast, for its additional costs ('As an "
            "additional cost to cast this spell, choose a creature type / a number between 0 "
            "and 5', 601.2b).",
        ),
    )
    splice: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            _SPLICE_IDS,
            description="Hand ids of the cards spliced onto the spell (revealed, 702.47a).",
        ),
    )
    delve: tuple[str, ...] | Literal["auto"] = field(
        default=(),
        metadata=json_field(
            _DELVE,
            description=(
                "Graveyard ids of the cards exiled for delve (each pays {1} of the generic "
                'part, 702.66a), or "auto": the engine proposes cards (as few as a real payment '
                "needs; under assume_mana, as many as can pay)."
            ),
        ),
    )
    improvise: tuple[str, ...] | Literal["auto"] = field(
        default=(),
        metadata=json_field(
            _IMPROVISE,
            description=(
                "Battlefield ids of the artifacts tapped for improvise (each pays {1} of the "
                'generic part, 702.126a), or "auto": the engine proposes artifacts.'
            ),
        ),
    )
    assist: int = field(
        default=0,
        metadata=json_field(
            Integer(maximum=MAX_X),
            description=(
                "Generic mana of the total cost another player pays for a spell with assist "
                "(702.132a): at most the generic part; more is a violation. That player's own "
                "mana is not on the board and is taken as paid."
            ),
        ),
    )
    sacrifice: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(_PERMANENT_IDS, description="Battlefield ids sacrificed to pay costs."),
    )
    discard: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(_HAND_IDS, description="Hand ids discarded to pay costs."),
    )
    exile: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(
            _EXILED_IDS,
            description="Hand, graveyard or battlefield ids exiled to pay costs.",
        ),
    )
    tap: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(
            _PERMANENT_IDS,
            description="Battlefield ids tapped to pay costs (not for mana, not convoke).",
        ),
    )
    return_: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(
            _PERMANENT_IDS,
            key="return",
            description="Battlefield ids returned to hand to pay costs.",
        ),
    )
    reveal: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(_HAND_IDS, description="Hand ids revealed to pay costs."),
    )
    counter: tuple[str, ...] | None = field(
        default=None,
        metadata=json_field(
            _PERMANENT_IDS,
            description="Battlefield ids that get a -1/-1 counter to pay costs ('put a -1/-1 "
            "counter on a creature you control').",
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

    def chosen(self, kind: str) -> tuple[str, ...] | None:
        """The ids of a cost choice list by its request key ("return" for ``return_``).

        >>> Action(kind=ActionKind.CAST, return_=("c5",)).chosen("return")
        ('c5',)
        """
        return getattr(self, "return_" if kind == "return" else kind)  # type: ignore[no-any-return]


def _check_card_id(values: dict[str, Any], reader: Reader, path: Path) -> None:
    """The cast card's id: in the zone it is cast from, and that card."""
    card_id, zone = values["card_id"], values["from_zone"]
    kind: ActionKind = values["kind"]
    if card_id is None or card_id is INVALID:
        return
    if not kind.is_cast:
        reader.error((*path, "card_id"), f"is only for a cast, not {kind.value}")
        return
    board = reader.context.get("board")
    found = board.card_in(card_id) if board is not None else None
    if found is None or not isinstance(zone, Zone) or found[0] is not zone:
        where = zone.value if isinstance(zone, Zone) else "its zone"
        reader.error((*path, "card_id"), f"{card_id!r} is not a card in the {where}")
        return
    card = values["card"]
    if card is None:
        values["card"] = found[1].card
    elif isinstance(card, CardDefinition) and card is not found[1].card:
        reader.error((*path, "card_id"), f"{card_id!r} is {found[1].card.name}, not {card.name}")


def _check_face(values: dict[str, Any], reader: Reader, path: Path) -> None:
    """The face cast: one its card can cast; the action's card becomes that face. Without
    ``face``, the face the card is named by (its own name, "Stomp"), else the first; a
    ``face`` given wins over the name."""
    face, card, kind = values["face"], values["card"], values["kind"]
    if values["fuse"] is True:
        _check_fuse(values, reader, path)
        return
    where = "face"
    if isinstance(card, CardDefinition) and card.face and face is None:
        if not kind.is_cast:
            values["card"] = card.faces[0]  # the card itself, as it is put or enters
            return
        face, where = card.face, "card"
        values["face"] = face
    if face is None or face is INVALID:
        return
    if not kind.is_cast:
        reader.error((*path, "face"), f"is only for a cast, not {kind.value}")
    elif isinstance(card, CardDefinition):
        if not card.faces and face:
            reader.error((*path, "face"), f"{card.name} has one face")
        elif card.faces and face not in card.cast_faces:
            castable = ", ".join(f"{i} ({card.faces[i].name})" for i in card.cast_faces)
            named = f"names {card.faces[face].name}, which " if where == "card" else ""
            reader.error(
                (*path, where), f"{named}is not a face {card.whole_name} casts: {castable}"
            )
        elif card.faces:
            values["card"] = card.faces[face]


def _check_fuse(values: dict[str, Any], reader: Reader, path: Path) -> None:
    """A fused cast: a cast of a split card with fuse, no face chosen; the action's card
    becomes the fused split spell (702.102a-b)."""
    card, kind = values["card"], values["kind"]
    if not kind.is_cast:
        reader.error((*path, "fuse"), f"is only for a cast, not {kind.value}")
    elif values["face"] is not None and values["face"] is not INVALID:
        reader.error((*path, "face"), "is omitted when both halves are cast fused")
    elif isinstance(card, CardDefinition):
        if card.fused is None:
            reader.error((*path, "fuse"), f"{card.whole_name} has no fuse")
        else:
            values["card"] = card.fused


def _check_action(values: dict[str, Any], reader: Reader, path: Path) -> None:
    """How the action's fields fit its kind, its card and the board."""
    kind: ActionKind = values["kind"]
    _check_card_id(values, reader, path)
    _check_face(values, reader, path)
    card = values["card"]
    known = isinstance(card, CardDefinition)
    if card is None and kind.needs_card and values["card_id"] is None:
        reader.error((*path, "card"), f"is required for {kind.value}")
    if values["from_zone"] is not Zone.HAND and not kind.is_cast:
        reader.error((*path, "from"), f"is only for a cast, not {kind.value}")
    if values["kicker"] and known and kind.is_cast:
        values["kicker"] = check_kicker(values["kicker"], card, reader, (*path, "kicker"))
    if values["modes"] and known and kind.is_cast:
        values["modes"] = check_modes(values["modes"], card, reader, (*path, "modes"))
    if values["x"] and known and not card.has_x:
        reader.error((*path, "x"), f"{card.name} has no {{X}} in its mana cost")
    elif values["x"] == 0 and not (known and card.has_x):
        values["x"] = None  # no X to announce: 0 says nothing
    if values["optional_costs"] and known and kind.is_cast:
        values["optional_costs"] = check_optional_counts(
            values["optional_costs"], card, reader, (*path, "optional_costs")
        )
    alternative = values["alternative_cost"]
    if isinstance(alternative, str) and known and alternative not in card.alternative_keys:
        own = ", ".join(card.alternative_keys)
        reader.error(
            (*path, "alternative_cost"),
            f"{card.name} has no alternative cost {alternative!r}"
            + (f"; it has {own}" if own else " of its own"),
        )
    increases, reductions = values["cost_increases"] or (), values["cost_reductions"] or ()
    if increases or reductions or isinstance(alternative, ManaCost):
        costs = [alternative, *increases, *reductions]
        symbols = sum([len(c.symbols) for c in costs if isinstance(c, ManaCost)])
        if symbols > MAX_COST_SYMBOLS:
            reader.error(
                (*path, "cost_increases"),
                f"the alternative cost, cost increases and reductions hold {symbols} mana "
                f"symbols; at most {MAX_COST_SYMBOLS}",
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
    memoize=True,
)
