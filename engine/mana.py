"""Mana symbols and mana costs (CR 107.4, 202.3), in the notation printed on cards.

Notation is strict: every symbol is in braces. ``"R"`` (no braces), ``"{Q}"`` (unknown
symbol) and ``"{2"`` (unclosed) raise :class:`InvalidNotationError`. The empty string is
"no mana cost"; ``"{0}"`` is a cost of zero mana. Costs are kept in a canonical order
({X}, generic, colored and hybrid symbols grouped in order of first appearance, {C}, {S}), so
``str()`` returns canonical notation and ``repr()`` returns a ``ManaCost.parse(...)`` call.

>>> cost = ManaCost.parse("{2}{G}")
>>> str(cost), cost.mana_value
('{2}{G}', 3)
>>> cost + ManaCost.parse("{4}")
ManaCost.parse('{6}{G}')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum, unique

from engine.errors import InvalidNotationError

__all__ = ["Color", "ManaCost", "ManaSymbol", "ManaType", "SymbolKind"]


@unique
class Color(StrEnum):
    """The five colors and their mana symbols (CR 105.1, 107.4a).

    >>> Color("G")
    <Color.GREEN: 'G'>
    """

    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"


COLOR_WORDS = {
    "white": Color.WHITE,
    "blue": Color.BLUE,
    "black": Color.BLACK,
    "red": Color.RED,
    "green": Color.GREEN,
}
"""The colors as card text names them."""


@unique
class ManaType(StrEnum):
    """The six types of mana a unit of mana can be (CR 106.1b): five colors and colorless.

    >>> ManaType("C")
    <ManaType.COLORLESS: 'C'>
    """

    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"
    COLORLESS = "C"


@unique
class SymbolKind(StrEnum):
    """What a mana symbol in a cost asks for (CR 107.4).

    >>> SymbolKind("hybrid")
    <SymbolKind.HYBRID: 'hybrid'>
    """

    GENERIC = "generic"
    VARIABLE = "variable"
    COLORED = "colored"
    COLORLESS = "colorless"
    HYBRID = "hybrid"
    MONOCOLORED_HYBRID = "monocolored_hybrid"
    COLORLESS_HYBRID = "colorless_hybrid"
    PHYREXIAN = "phyrexian"
    SNOW = "snow"


_COLOR_LETTERS = "WUBRG"
_TOKEN = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One mana symbol such as ``{G}``, ``{3}``, ``{X}``, ``{R/G}``, ``{2/W}``, ``{G/U/P}``.

    >>> ManaSymbol.parse("{2/W}").mana_value
    2
    >>> str(ManaSymbol.parse("{g/u/p}"))
    '{G/U/P}'
    """

    kind: SymbolKind
    colors: tuple[Color, ...] = ()
    amount: int = 1

    @classmethod
    def parse(cls, text: str) -> ManaSymbol:
        """Parse one braced symbol (CR 107.4).

        :raises InvalidNotationError: if it is not a mana symbol.

        >>> ManaSymbol.parse("{R/P}").kind
        <SymbolKind.PHYREXIAN: 'phyrexian'>
        """
        match = _TOKEN.fullmatch(text.strip())
        if match is None:
            raise InvalidNotationError(f"invalid mana symbol {text!r}")
        return _symbol_from_body(match.group(1), text)

    @property
    def mana_value(self) -> int:
        """Its share of a mana value (CR 202.3): X is 0 here, hybrid uses the largest half.

        >>> ManaSymbol.parse("{X}").mana_value, ManaSymbol.parse("{R/G}").mana_value
        (0, 1)
        """
        if self.kind is SymbolKind.VARIABLE:
            return 0
        if self.kind in (SymbolKind.GENERIC, SymbolKind.MONOCOLORED_HYBRID):
            return self.amount
        return 1

    @property
    def is_colored(self) -> bool:
        """Whether it is a colored mana symbol (CR 107.4a, 107.4e, 107.4f).

        >>> ManaSymbol.parse("{2/W}").is_colored, ManaSymbol.parse("{C}").is_colored
        (True, False)
        """
        return bool(self.colors)

    def accepts(self, mana: ManaType) -> bool:
        """Whether one mana of this type pays this symbol outright (CR 107.4).

        Generic symbols take any mana; {C} takes only colorless; {2/W} is paid with one white
        mana here (its generic half is two symbols' worth, handled by payment).

        >>> ManaSymbol.parse("{R/G}").accepts(ManaType.GREEN)
        True
        >>> ManaSymbol.parse("{C}").accepts(ManaType.RED)
        False
        """
        if self.kind is SymbolKind.GENERIC:
            return True
        if self.kind is SymbolKind.COLORLESS:
            return mana is ManaType.COLORLESS
        if self.kind is SymbolKind.COLORLESS_HYBRID and mana is ManaType.COLORLESS:
            return True
        return any(color.value == mana.value for color in self.colors)

    def __str__(self) -> str:
        letters = "".join(c.value for c in self.colors)
        match self.kind:
            case SymbolKind.GENERIC:
                return f"{{{self.amount}}}"
            case SymbolKind.VARIABLE:
                return "{X}"
            case SymbolKind.COLORLESS:
                return "{C}"
            case SymbolKind.SNOW:
                return "{S}"
            case SymbolKind.MONOCOLORED_HYBRID:
                return f"{{{self.amount}/{letters}}}"
            case SymbolKind.COLORLESS_HYBRID:
                return f"{{C/{letters}}}"
            case SymbolKind.PHYREXIAN:
                return "{" + "/".join(c.value for c in self.colors) + "/P}"
            case SymbolKind.HYBRID:
                return "{" + "/".join(c.value for c in self.colors) + "}"
            case _:
                return f"{{{letters}}}"


def _color(letter: str, text: str) -> Color:
    if letter not in _COLOR_LETTERS:
        raise InvalidNotationError(f"invalid mana symbol {{{letter}}} in {text!r}")
    return Color(letter)


def _symbol_from_body(body: str, text: str) -> ManaSymbol:
    raw = body.strip().upper()
    if raw.isdigit():
        if len(raw) > 4:
            raise InvalidNotationError(f"generic mana amount too large in {text!r}")
        return ManaSymbol(SymbolKind.GENERIC, amount=int(raw))
    if raw == "X":
        return ManaSymbol(SymbolKind.VARIABLE, amount=0)
    if raw == "C":
        return ManaSymbol(SymbolKind.COLORLESS)
    if raw == "S":
        return ManaSymbol(SymbolKind.SNOW)
    if len(raw) == 1 and raw in _COLOR_LETTERS:
        return ManaSymbol(SymbolKind.COLORED, (Color(raw),))
    parts = raw.split("/")
    if len(parts) == 2 and parts[1] == "P":
        return ManaSymbol(SymbolKind.PHYREXIAN, (_color(parts[0], text),))
    if len(parts) == 3 and parts[2] == "P" and parts[0] != parts[1]:
        return ManaSymbol(SymbolKind.PHYREXIAN, (_color(parts[0], text), _color(parts[1], text)))
    if len(parts) == 2 and parts[0] == "2":
        return ManaSymbol(SymbolKind.MONOCOLORED_HYBRID, (_color(parts[1], text),), amount=2)
    if len(parts) == 2 and parts[0].isdigit():
        raise InvalidNotationError(
            f"invalid mana symbol {{{body}}} in {text!r}: monocolored hybrid symbols are "
            "{2/W}, {2/U}, {2/B}, {2/R} and {2/G}"
        )
    if len(parts) == 2 and parts[0] == "C":
        return ManaSymbol(SymbolKind.COLORLESS_HYBRID, (_color(parts[1], text),))
    if len(parts) == 2 and parts[0] != parts[1]:
        return ManaSymbol(SymbolKind.HYBRID, (_color(parts[0], text), _color(parts[1], text)))
    raise InvalidNotationError(f"invalid mana symbol {{{body}}} in {text!r}")


@functools.lru_cache(maxsize=4096)
def _cost_text(symbols: tuple[ManaSymbol, ...]) -> str:
    return "".join(str(s) for s in symbols)


def _rank(symbol: ManaSymbol) -> int:
    """Oracle's order: {X}, generic, {C}, coloured symbols, {S} ({C}{W}{U}{B}{R}{G})."""
    ranks = {SymbolKind.VARIABLE: 0, SymbolKind.GENERIC: 1, SymbolKind.COLORLESS: 2}
    return ranks.get(symbol.kind, 4 if symbol.kind is SymbolKind.SNOW else 3)


def _canonical(symbols: Iterable[ManaSymbol]) -> tuple[ManaSymbol, ...]:
    return _canonical_cached(tuple(symbols))


@functools.lru_cache(maxsize=4096)
def _canonical_cached(symbols: tuple[ManaSymbol, ...]) -> tuple[ManaSymbol, ...]:
    items = list(symbols)
    generic = sum(s.amount for s in items if s.kind is SymbolKind.GENERIC)
    had_generic = any(s.kind is SymbolKind.GENERIC for s in items)
    others = [s for s in items if s.kind is not SymbolKind.GENERIC]
    first_seen: dict[ManaSymbol, int] = {}
    for index, symbol in enumerate(others):
        first_seen.setdefault(symbol, index)
    others.sort(key=lambda s: (_rank(s), first_seen[s]))
    if generic or (had_generic and not others):
        others.insert(sum(1 for s in others if s.kind is SymbolKind.VARIABLE), _generic(generic))
    return tuple(others)


def _generic(amount: int) -> ManaSymbol:
    return ManaSymbol(SymbolKind.GENERIC, amount=amount)


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost: a canonical tuple of mana symbols (CR 107.4, 202.1).

    >>> ManaCost.parse("{G}{X}{G}{G}")
    ManaCost.parse('{X}{G}{G}{G}')
    >>> ManaCost.parse("")
    ManaCost.parse('')
    >>> ManaCost.parse("{Q}")
    Traceback (most recent call last):
    ...
    engine.errors.InvalidNotationError: invalid mana symbol {Q} in '{Q}'
    """

    symbols: tuple[ManaSymbol, ...] = field(default=())
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        symbols = _canonical(self.symbols)
        object.__setattr__(self, "symbols", symbols)
        object.__setattr__(self, "_text", _cost_text(symbols))

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Parse printed notation such as ``{3}{W}{W}`` (CR 107.4).

        :raises InvalidNotationError: on anything but a run of braced mana symbols.

        >>> str(ManaCost.parse("{1}{1}{r}"))
        '{2}{R}'
        >>> ManaCost.parse("R")
        Traceback (most recent call last):
        ...
        engine.errors.InvalidNotationError: mana symbols are written in braces, e.g. '{R}'; got 'R'
        """
        if not isinstance(text, str):
            raise InvalidNotationError(f"a mana cost is text, got {type(text).__name__}")
        stripped = text.strip()
        if len(stripped) > 200:
            raise InvalidNotationError("mana cost notation is too long")
        symbols: list[ManaSymbol] = []
        position = 0
        for match in _TOKEN.finditer(stripped):
            if match.start() != position:
                break
            symbols.append(_symbol_from_body(match.group(1), text))
            position = match.end()
        if position != len(stripped):
            if "{" not in stripped and "}" not in stripped:
                raise InvalidNotationError(
                    f"mana symbols are written in braces, e.g. '{{R}}'; got {text!r}"
                )
            raise InvalidNotationError(f"malformed mana cost {text!r} at position {position}")
        return cls(tuple(symbols))

    @classmethod
    def generic(cls, amount: int) -> ManaCost:
        """A cost of ``amount`` generic mana.

        >>> ManaCost.generic(3)
        ManaCost.parse('{3}')
        """
        return cls((_generic(amount),))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"ManaCost.parse({self._text!r})"

    def __hash__(self) -> int:
        # Equal costs have the same canonical text, whose hash Python computes only once.
        return hash(self._text)

    def __add__(self, other: ManaCost) -> ManaCost:
        return ManaCost(self.symbols + other.symbols)

    def __mul__(self, times: int) -> ManaCost:
        if times == 1:
            return self  # frozen: the same cost
        if times <= 0:
            return ManaCost()
        return ManaCost(self.symbols * times)

    def __bool__(self) -> bool:
        return bool(self.symbols)

    @property
    def mana_value(self) -> int:
        """The mana value off the stack, where X is 0 (CR 202.3, 202.3e).

        >>> ManaCost.parse("{X}{R}{R}").mana_value, ManaCost.parse("{5}{B/G}{B/G}").mana_value
        (2, 7)
        """
        return sum(s.mana_value for s in self.symbols)

    def mana_value_with_x(self, x: int) -> int:
        """The mana value on the stack, X being the announced value (CR 202.3e).

        >>> ManaCost.parse("{X}{X}").mana_value_with_x(2)
        4
        """
        return self.mana_value + x * self.x_count

    @property
    def x_count(self) -> int:
        """How many {X} it has.

        >>> ManaCost.parse("{X}{X}").x_count
        2
        """
        return sum(1 for s in self.symbols if s.kind is SymbolKind.VARIABLE)

    @property
    def generic_amount(self) -> int:
        """Its generic mana, X excluded.

        >>> ManaCost.parse("{4}{R}").generic_amount
        4
        """
        return sum(s.amount for s in self.symbols if s.kind is SymbolKind.GENERIC)

    @property
    def pips(self) -> tuple[ManaSymbol, ...]:
        """Every symbol that is neither generic nor X.

        >>> [str(s) for s in ManaCost.parse("{2}{R}{R}").pips]
        ['{R}', '{R}']
        """
        return tuple(
            s for s in self.symbols if s.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)
        )

    @property
    def colors(self) -> frozenset[Color]:
        """The colors of its symbols (CR 202.2).

        >>> sorted(ManaCost.parse("{G}{W}").colors)
        [<Color.GREEN: 'G'>, <Color.WHITE: 'W'>]
        """
        return frozenset(c for s in self.symbols for c in s.colors)

    @property
    def total_mana(self) -> int:
        """How much mana it asks for as written, X as 0 (for "would cost less than N").

        >>> ManaCost.parse("{1}{R}").total_mana
        2
        """
        return self.mana_value

    def with_x(self, x: int) -> ManaCost:
        """Replace each {X} by the announced value as generic mana (CR 107.3a, 601.2b).

        >>> ManaCost.parse("{X}{G}{G}{G}").with_x(3)
        ManaCost.parse('{3}{G}{G}{G}')
        """
        x_count = self.x_count
        if not x_count:
            return self
        kept = tuple(s for s in self.symbols if s.kind is not SymbolKind.VARIABLE)
        return ManaCost(kept + (_generic(x * x_count),))

    def without_generic(self, amount: int) -> ManaCost:
        """Reduce only the generic part by ``amount``; excess is lost (CR 118.7a, 601.2f).

        >>> ManaCost.parse("{R}").without_generic(1)
        ManaCost.parse('{R}')
        >>> ManaCost.parse("{1}").without_generic(3)
        ManaCost.parse('{0}')
        """
        remaining = max(0, self.generic_amount - amount)
        kept = tuple(s for s in self.symbols if s.kind is not SymbolKind.GENERIC)
        return ManaCost(kept + (_generic(remaining),))

    def without_symbol(self, symbol: ManaSymbol) -> ManaCost | None:
        """Remove one copy of ``symbol``; None if it has none.

        >>> ManaCost.parse("{2}{R}{R}").without_symbol(ManaSymbol.parse("{R}"))
        ManaCost.parse('{2}{R}')
        """
        items = list(self.symbols)
        if symbol not in items:
            return None
        items.remove(symbol)
        had_generic = any(s.kind is SymbolKind.GENERIC for s in items)
        return ManaCost(tuple(items) if items or had_generic else (_generic(0),))
