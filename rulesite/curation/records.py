"""What an importer hands to the card upsert: one oracle card and its official rulings.

Readers (``rulesite.curation.sources``) turn MTGJSON or Scryfall files into these records; the
upsert (``rulesite.curation.services.importing.import_cards``) compares them with the database.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

COLOR_ORDER = "WUBRG"

#: Layouts that are not cards a player casts or looks up rulings for.
SKIPPED_LAYOUTS = frozenset(
    {"token", "double_faced_token", "emblem", "art_series", "reversible_card", "audit"}
)

#: Faces of a multi-face card are joined with this separator (Scryfall's own convention for
#: names and mana costs); oracle texts are joined with it on a line of its own.
FACE_SEPARATOR = " // "
TEXT_FACE_SEPARATOR = "\n//\n"


class SourceError(ValueError):
    """An input file is unreadable or not in the expected format (message names the file)."""


@dataclass(frozen=True, slots=True)
class RulingRecord:
    published_on: datetime.date
    source: str
    text: str


@dataclass(frozen=True, slots=True)
class PrintingRecord:
    """One printing of a card: set code (upper case), set name, release date, rarity, number."""

    set_code: str
    set_name: str
    released_on: datetime.date | None
    rarity: str
    collector_number: str


@dataclass(slots=True)
class CardRecord:
    """One oracle card. ``None`` for French fields, keywords or rulings = "the source says
    nothing": the importer keeps what the database has."""

    name: str
    oracle_id: str | None = None
    mana_cost: str = ""
    mana_value: Decimal = Decimal(0)
    type_line: str = ""
    colors: str = ""
    power: str = ""
    toughness: str = ""
    loyalty: str = ""
    oracle_text: str = ""
    keywords: tuple[str, ...] | None = None
    name_fr: str | None = None
    type_line_fr: str | None = None
    printed_text_fr: str | None = None
    printed_set_fr: str | None = None
    rulings: tuple[RulingRecord, ...] | None = None
    color_identity: str = ""
    printings: tuple[PrintingRecord, ...] | None = None
    legalities: dict[str, str] | None = None
    meld_back_face: bool = False
    """The back face of a meld pair, which the source gives as a card of its own (712.4b)."""
    extra: dict[str, object] = field(default_factory=dict)


#: One mana symbol as printed on a card, Un-cards included: a number (Gleemax's {1000000}),
#: {X} {Y} {Z}, a color, {C} or {S}, hybrid and Phyrexian symbols, half mana ({HW}, {½}), {∞}.
#: Anything else ({Q}, {T}, {abc}) is not a mana cost.
_PRINTED_SYMBOL = (
    r"\{(?:\d{1,7}|[WUBRGCSXYZ]|[WUBRG]/[WUBRGP]|[WUBRG]/[WUBRG]/P|[2C]/[WUBRG]|H[WUBRGS]?|½|∞)\}"
)
_PRINTED_COST = re.compile(f"(?:{_PRINTED_SYMBOL})*")
# In a name: any C0 or C1 control character, or a lone surrogate. In other text: what no
# database keeps, NUL and lone surrogates (the French printed text of a few real cards holds a
# stray U+0081, which is kept).
_BAD_IN_NAME = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def record_problem(record: CardRecord) -> str:
    """Why ``record`` must not be stored ("" if it may): a mana cost that is not printed
    notation, a name with a control character, or text no database keeps (NUL, lone
    surrogates).

    >>> record_problem(CardRecord(name="Gleemax", mana_cost="{1000000}"))
    ''
    >>> record_problem(CardRecord(name="Bad", mana_cost="{Q}{999999}"))
    "mana cost '{Q}{999999}' is not mana notation"
    >>> record_problem(CardRecord(name="Bad" + chr(0xD800)))
    'name holds a control character or a lone surrogate'
    >>> day = datetime.date(2020, 9, 25)
    >>> record_problem(CardRecord(name="Bad", rulings=(RulingRecord(day, "wotc", "a" + chr(0)),)))
    'a ruling holds a NUL character or a lone surrogate'
    >>> record_problem(CardRecord(name="Fine", oracle_text="Kicker {4}", name_fr="Bien"))
    ''
    """
    if not record.name.strip():
        return "no name"
    for face in record.mana_cost.split(FACE_SEPARATOR):
        if not _PRINTED_COST.fullmatch(face.strip()):
            return f"mana cost {record.mana_cost[:60]!r} is not mana notation"
    # Nearly every record is clean: one look at its names and one at all its text, and the
    # field is looked for only when something is found.
    names = record.name + (record.name_fr or "")
    joined = "".join(
        (
            record.type_line,
            record.type_line_fr or "",
            record.oracle_text,
            record.printed_text_fr or "",
            *(ruling.text for ruling in record.rulings or ()),
        )
    )
    if not _BAD_IN_NAME.search(names) and not _UNSTORABLE.search(joined):
        return ""
    for name in ("name", "name_fr"):
        if _BAD_IN_NAME.search(getattr(record, name) or ""):
            return f"{name} holds a control character or a lone surrogate"
    texts = [
        ("type_line", record.type_line),
        ("type_line_fr", record.type_line_fr),
        ("oracle_text", record.oracle_text),
        ("printed_text_fr", record.printed_text_fr),
        *(("a ruling", ruling.text) for ruling in record.rulings or ()),
    ]
    for name, text in texts:
        if text and _UNSTORABLE.search(text):
            return f"{name} holds a NUL character or a lone surrogate"
    return ""


def color_string(colors: Iterable[str]) -> str:
    """WUBRG-ordered colour letters.

    >>> color_string(["G", "W", "G"])
    'WG'
    """
    present = set(colors)
    return "".join(c for c in COLOR_ORDER if c in present)


def mana_value(value: object) -> Decimal:
    """A mana value as stored (one decimal place: Little Girl has 0.5).

    >>> mana_value(2.0), mana_value(0.5), mana_value(None)
    (Decimal('2.0'), Decimal('0.5'), Decimal('0.0'))
    """
    if value is None or value == "":
        return Decimal("0.0")
    try:
        return Decimal(str(value)).quantize(Decimal("0.1"))
    except ArithmeticError as exc:
        raise SourceError(f"mana value {value!r} is not a number") from exc


def parse_date(value: object, *, where: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError as exc:
        raise SourceError(f"{where}: {value!r} is not a YYYY-MM-DD date") from exc


def join_faces(values: Iterable[str | None], separator: str = FACE_SEPARATOR) -> str:
    """Join the non-empty values of a card's faces.

    >>> join_faces(["{1}{R}", "{1}{U}"])
    '{1}{R} // {1}{U}'
    >>> join_faces(["{4}{W}{W}{W}", ""])
    '{4}{W}{W}{W}'
    """
    return separator.join(v for v in values if v)
