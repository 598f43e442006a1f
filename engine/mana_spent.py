"""What a spell reads of the mana spent to cast it (CR 601.2h, 106.1): the colors spent
("for each color of mana spent to cast it", converge, 106.1a), the amount spent, "if at least
three red mana was spent" (adamant, 207.2c), mana from a Treasure, and {S} spent (107.4h).

These are effects on resolution, but they read the payment, so the engine answers them: the
answer's ``mana_spent`` says what the payment found spends, and the trace says what each
sentence reads. When a source could make more than one type of mana (a dual land paying
generic mana), its controller chooses the type as they activate it (106.1b, 605): the engine
reports the type that serves what the card reads (a color not yet spent when it counts
colors; the named color for "at least three red mana"). With mana assumed (the board lists
no sources), the generic part's mana has no known type: ``exact`` is false and what depends
on it is said to depend on it.

>>> read_spent("~ deals X damage to any target, where X is the number of colors of mana "
...     "spent to cast ~.").kind
<SpentKind.COLORS: 'colors'>
>>> reading = read_spent("If at least three red mana was spent to cast ~, ~ deals 4 damage.")
>>> reading.kind, reading.count, reading.color
(<SpentKind.AT_LEAST: 'at_least'>, 3, <Color.RED: 'R'>)
>>> read_spent("Draw a card.") is None
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum, unique
from typing import Any

from engine.codec import BOOLEAN, Codec, Integer, ListOf, Record, json_field
from engine.codec import Choice as ChoiceOf
from engine.mana import COLOR_WORDS, Color, ManaCost, ManaSymbol, ManaType, SymbolKind
from engine.text import number_word

__all__ = [
    "MANA_SPENT",
    "ManaSpent",
    "SpentKind",
    "SpentReading",
    "read_spent",
    "spend",
]


@unique
class SpentKind(StrEnum):
    """What a sentence reads of the mana spent to cast the spell.

    >>> SpentKind("treasure")
    <SpentKind.TREASURE: 'treasure'>
    """

    COLORS = "colors"
    AMOUNT = "amount"
    AT_LEAST = "at_least"
    TREASURE = "treasure"
    SNOW = "snow"


@dataclass(frozen=True, slots=True)
class SpentReading:
    """A sentence that reads the mana spent to cast its card.

    ``count``/``color``: "at least ``count`` mana of ``color``" (``color`` None: of any one
    color); ``condition``: the sentence asks whether it holds ("If mana from a Treasure was
    spent …") rather than how much.
    """

    kind: SpentKind
    text: str
    count: int = 0
    color: Color | None = None
    condition: bool = False


_ITSELF = r"(?:~|it\b)"
_COLORS = re.compile(rf"\bcolors? of mana spent to cast {_ITSELF}", re.IGNORECASE)
_AMOUNT = re.compile(rf"\b(?:amount of|each) mana spent to cast {_ITSELF}", re.IGNORECASE)
_SNOW = re.compile(rf"\bamount of \{{S\}} spent to cast {_ITSELF}", re.IGNORECASE)
_TREASURE = re.compile(
    rf"\bmana from a treasure (?:that )?(?:was )?spent to cast {_ITSELF}", re.IGNORECASE
)
_AT_LEAST = re.compile(
    r"^if at least (?P<count>\w+) (?:(?P<color>white|blue|black|red|green) mana|mana of the "
    r"same color) was spent to cast ~,",
    re.IGNORECASE,
)


def read_spent(sentence: str) -> SpentReading | None:
    """Read a sentence that reads the mana spent to cast its own card (``~``); None if it
    reads none, or another spell's.

    >>> read_spent("~ enters with a +1/+1 counter on it for each color of mana spent to cast "
    ...     "it.").kind
    <SpentKind.COLORS: 'colors'>
    >>> read_spent("If mana from a Treasure was spent to cast ~, draw a card.").condition
    True
    >>> read_spent("Other creatures you control enter with an additional +1/+1 counter on "
    ...     "them for each mana from a Treasure spent to cast them.") is None
    True
    """
    text = sentence.strip()
    if "~" not in text or re.search(r"\bspend\b|\bas though\b", text, re.IGNORECASE):
        return None
    match = _AT_LEAST.match(text)
    if match is not None:
        count = number_word(match.group("count"))
        if count is None:
            return None
        color = match.group("color")
        return SpentReading(
            kind=SpentKind.AT_LEAST,
            text=text,
            count=count,
            color=COLOR_WORDS[color.lower()] if color else None,
            condition=True,
        )
    if _TREASURE.search(text):
        return SpentReading(
            kind=SpentKind.TREASURE, text=text, condition=text.lower().startswith("if ")
        )
    for kind, pattern in (
        (SpentKind.SNOW, _SNOW),
        (SpentKind.COLORS, _COLORS),
        (SpentKind.AMOUNT, _AMOUNT),
    ):
        if pattern.search(text):
            return SpentReading(kind=kind, text=text)
    return None


class _ManaText(Codec[ManaCost]):
    def write(self, value: ManaCost) -> object:
        return str(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "examples": ["{W}{U}{U}"]}


@dataclass(frozen=True, slots=True, kw_only=True)
class ManaSpent:
    """The mana a payment spends to cast the spell, as what its card reads sees it.

    >>> ManaSpent(mana=ManaCost.parse("{W}{U}{U}"), colors=(Color.WHITE, Color.BLUE),
    ...     amount=3).to_dict()["colors"]
    ['W', 'U']
    """

    mana: ManaCost = field(
        metadata=json_field(
            _ManaText(),
            description="The mana spent, by type ({C} for colorless); generic symbols for "
            "mana of a type the board leaves open (mana assumed).",
        )
    )
    colors: tuple[Color, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(ChoiceOf(Color, "color"), max_items=None),
            description="The colors of mana spent, in WUBRG order (106.1a).",
        ),
    )
    amount: int = field(
        default=0, metadata=json_field(Integer(), description="How much mana was spent.")
    )
    treasure: int = field(
        default=0,
        metadata=json_field(Integer(), description="Mana spent that a Treasure made."),
    )
    snow: int = field(
        default=0,
        metadata=json_field(Integer(), description="Mana spent that snow sources made (107.4h)."),
    )
    exact: bool = field(
        default=True,
        metadata=json_field(
            BOOLEAN,
            description="False when mana is assumed: the type of the mana paying the generic "
            "part is then not known.",
        ),
    )

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form."""
        written = MANA_SPENT.write(self)
        assert isinstance(written, dict)
        return written


MANA_SPENT: Record[ManaSpent] = Record(
    ManaSpent,
    name="ManaSpent",
    description="The mana spent to cast the spell, when its text reads it (601.2h).",
    sparse=False,
)

_ORDER = (
    ManaType.WHITE,
    ManaType.BLUE,
    ManaType.BLACK,
    ManaType.RED,
    ManaType.GREEN,
    ManaType.COLORLESS,
)


def _chooser(
    readings: Iterable[SpentReading],
) -> Callable[[list[ManaType], Counter[ManaType]], ManaType]:
    """How a unit that could be several types is reported: the type its card's reading
    wants (see module)."""
    wanted = [ManaType(r.color.value) for r in readings if r.color is not None]
    kinds = {r.kind for r in readings}
    same = any(r.kind is SpentKind.AT_LEAST and r.color is None for r in readings)

    def choose(options: list[ManaType], spent: Counter[ManaType]) -> ManaType:
        for mana in wanted:
            if mana in options:
                return mana
        if SpentKind.COLORS in kinds:
            fresh = [m for m in options if m is not ManaType.COLORLESS and not spent[m]]
            if fresh:
                return fresh[0]
        if same:
            return max(options, key=lambda m: (m is not ManaType.COLORLESS, spent[m]))
        return options[0]

    return choose


def spend(
    readings: tuple[SpentReading, ...],
    units: tuple[tuple[str, frozenset[ManaType], ManaSymbol], ...],
    unmatched: ManaCost,
    *,
    treasures: frozenset[str] = frozenset(),
    snow: frozenset[str] = frozenset(),
) -> ManaSpent:
    """The mana spent: ``units`` are the payment's units of mana (who makes each, the types
    it can be, the symbol it pays), ``unmatched`` the mana paid from no listed source (mana
    assumed); ``treasures`` and ``snow`` the ids of sources that are Treasures or snow.

    >>> spent = spend((), (("m1", frozenset({ManaType.RED}), ManaSymbol.parse("{1}")),),
    ...     ManaCost.parse("{G}"))
    >>> str(spent.mana), spent.colors, spent.exact
    ('{R}{G}', (<Color.RED: 'R'>, <Color.GREEN: 'G'>), True)
    """
    choose = _chooser(readings)
    spent: Counter[ManaType] = Counter()
    flexible: list[list[ManaType]] = []
    treasure = snowy = 0
    for owner, types, symbol in units:
        options = [m for m in _ORDER if m in types and _pays(symbol, m)]
        if owner in treasures:
            treasure += 1
        if owner in snow:
            snowy += 1
        if len(options) == 1:
            spent[options[0]] += 1
        elif options:
            flexible.append(options)
    for options in flexible:
        spent[choose(options, spent)] += 1
    generic = 0
    for symbol in unmatched.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            generic += symbol.amount
        elif symbol.kind is SymbolKind.COLORLESS:
            spent[ManaType.COLORLESS] += 1
        elif symbol.colors and symbol.kind is not SymbolKind.VARIABLE:
            spent[ManaType(symbol.colors[0].value)] += 1
        else:
            generic += 1
    symbols = [ManaSymbol.parse("{" + m.value + "}") for m in _ORDER for _ in range(spent[m])]
    if generic:
        symbols.append(ManaSymbol(SymbolKind.GENERIC, amount=generic))
    colors = tuple(Color(m.value) for m in _ORDER if m is not ManaType.COLORLESS and spent[m])
    return ManaSpent(
        mana=ManaCost(tuple(symbols)),
        colors=colors,
        amount=sum(spent.values()) + generic,
        treasure=treasure,
        snow=snowy,
        exact=not generic,
    )


def _pays(symbol: ManaSymbol, mana: ManaType) -> bool:
    if symbol.kind in (SymbolKind.GENERIC, SymbolKind.SNOW, SymbolKind.VARIABLE):
        return True
    return symbol.accepts(mana)
