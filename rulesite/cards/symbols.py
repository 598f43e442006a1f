"""Mana symbols: which Mana font glyph shows each ``{…}`` symbol, and how it is spoken.

>>> font_class("R"), font_class("2/W"), font_class("G/U/P"), font_class("T"), font_class("42")
('ms-r', 'ms-2w', 'ms-gup', 'ms-tap', None)
>>> from django.utils import translation
>>> with translation.override("en"):
...     spoken(["2", "R", "R"]), spoken(["W/U"]), spoken(["T"])
('two generic mana, two red mana', 'one white or blue mana', 'the tap symbol')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

COLOURS = "WUBRG"
# The Mana font names hybrids in this order (ms-wu, ms-rw, ms-gu…), as Oracle text writes them.
HYBRID_PAIRS = ("WU", "WB", "UB", "UR", "BR", "BG", "RW", "RG", "GW", "GU")
GLYPH_NAMES = {"T": "tap", "Q": "untap", "½": "1-2", "∞": "infinity"}
SINGLE_GLYPHS = frozenset(COLOURS) | {"C", "S", "E", "X", "Y", "Z", "P"}
LARGEST_GENERIC_GLYPH = 20


def font_class(symbol: str) -> str | None:
    """The Mana font class for the inside of one ``{…}`` symbol, or None without a glyph."""
    upper = symbol.upper()
    if upper.isdigit():
        return f"ms-{int(upper)}" if int(upper) <= LARGEST_GENERIC_GLYPH else None
    if upper in GLYPH_NAMES:
        return f"ms-{GLYPH_NAMES[upper]}"
    if upper in SINGLE_GLYPHS:
        return f"ms-{upper.lower()}"
    parts = upper.split("/")
    phyrexian = len(parts) > 1 and parts[-1] == "P"
    colours = parts[:-1] if phyrexian else parts
    if len(colours) == 1 and colours[0] in COLOURS and phyrexian:
        return f"ms-{colours[0].lower()}p"
    if len(colours) == 2 and "".join(colours) in HYBRID_PAIRS:
        return f"ms-{''.join(colours).lower()}{'p' if phyrexian else ''}"
    if len(colours) == 2 and colours[0] in {"2", "C"} and colours[1] in COLOURS and not phyrexian:
        return f"ms-{''.join(colours).lower()}"
    return None


def _all_font_classes() -> frozenset[str]:
    classes = {"ms", "ms-cost"}
    classes |= {f"ms-{n}" for n in range(LARGEST_GENERIC_GLYPH + 1)}
    classes |= {f"ms-{name}" for name in GLYPH_NAMES.values()}
    classes |= {f"ms-{s.lower()}" for s in SINGLE_GLYPHS}
    classes |= {f"ms-{c.lower()}p" for c in COLOURS}
    classes |= {f"ms-{pair.lower()}{p}" for pair in HYBRID_PAIRS for p in ("", "p")}
    classes |= {f"ms-{g}{c.lower()}" for g in ("2", "c") for c in COLOURS}
    return frozenset(classes)


# Every class the site's markup can carry: what scripts/vendor_mana_font.py keeps of the CSS.
FONT_CLASSES = _all_font_classes()

NUMBER_WORDS: tuple[Promise, ...] = (
    pgettext_lazy("number of mana", "zero"),
    pgettext_lazy("number of mana", "one"),
    pgettext_lazy("number of mana", "two"),
    pgettext_lazy("number of mana", "three"),
    pgettext_lazy("number of mana", "four"),
    pgettext_lazy("number of mana", "five"),
    pgettext_lazy("number of mana", "six"),
    pgettext_lazy("number of mana", "seven"),
    pgettext_lazy("number of mana", "eight"),
    pgettext_lazy("number of mana", "nine"),
    pgettext_lazy("number of mana", "ten"),
    pgettext_lazy("number of mana", "eleven"),
    pgettext_lazy("number of mana", "twelve"),
    pgettext_lazy("number of mana", "thirteen"),
    pgettext_lazy("number of mana", "fourteen"),
    pgettext_lazy("number of mana", "fifteen"),
    pgettext_lazy("number of mana", "sixteen"),
    pgettext_lazy("number of mana", "seventeen"),
    pgettext_lazy("number of mana", "eighteen"),
    pgettext_lazy("number of mana", "nineteen"),
    pgettext_lazy("number of mana", "twenty"),
)


def number_word(count: int) -> str:
    return str(NUMBER_WORDS[count]) if 0 <= count < len(NUMBER_WORDS) else str(count)


def _coloured(symbol: str, count: int) -> str:
    word = number_word(count)
    spoken_by_symbol: dict[str, Callable[[], str]] = {
        "W": lambda: ngettext("%(count)s white mana", "%(count)s white mana", count),
        "U": lambda: ngettext("%(count)s blue mana", "%(count)s blue mana", count),
        "B": lambda: ngettext("%(count)s black mana", "%(count)s black mana", count),
        "R": lambda: ngettext("%(count)s red mana", "%(count)s red mana", count),
        "G": lambda: ngettext("%(count)s green mana", "%(count)s green mana", count),
        "C": lambda: ngettext("%(count)s colorless mana", "%(count)s colorless mana", count),
        "S": lambda: ngettext("%(count)s snow mana", "%(count)s snow mana", count),
        "E": lambda: ngettext("%(count)s energy", "%(count)s energy", count),
    }
    return spoken_by_symbol[symbol]() % {"count": word}


def colour_word(colour: str) -> str:
    """A colour as the adjective of one mana ("red", "rouge")."""
    return {
        "W": pgettext("colour of one mana", "white"),
        "U": pgettext("colour of one mana", "blue"),
        "B": pgettext("colour of one mana", "black"),
        "R": pgettext("colour of one mana", "red"),
        "G": pgettext("colour of one mana", "green"),
    }[colour]


def _one(symbol: str) -> str:
    """How one symbol that is not counted with its neighbours is spoken."""
    if symbol.isdigit():
        count = int(symbol)
        if count == 0:
            return gettext("zero mana")
        return ngettext("%(count)s generic mana", "%(count)s generic mana", count) % {
            "count": number_word(count)
        }
    named = {
        "T": gettext("the tap symbol"),
        "Q": gettext("the untap symbol"),
        "½": gettext("half a generic mana"),
        "∞": gettext("infinite generic mana"),
        "P": gettext("the Phyrexian symbol"),
    }
    if symbol in named:
        return named[symbol]
    if symbol in {"X", "Y", "Z"}:
        return gettext("%(letter)s generic mana") % {"letter": symbol}
    parts = symbol.split("/")
    phyrexian = len(parts) > 1 and parts[-1] == "P"
    colours = parts[:-1] if phyrexian else parts
    if not all(c in COLOURS or c in {"2", "C"} for c in colours):
        return "{" + symbol + "}"
    if len(colours) == 1 and phyrexian and colours[0] in COLOURS:
        return gettext("one Phyrexian %(colour)s mana") % {"colour": colour_word(colours[0])}
    if len(colours) == 2 and colours[0] == "2" and colours[1] in COLOURS:
        return gettext("two generic mana or one %(colour)s mana") % {
            "colour": colour_word(colours[1])
        }
    if len(colours) == 2 and colours[0] == "C" and colours[1] in COLOURS:
        return gettext("one colorless mana or one %(colour)s mana") % {
            "colour": colour_word(colours[1])
        }
    if len(colours) == 2 and all(c in COLOURS for c in colours):
        words = {"first": colour_word(colours[0]), "second": colour_word(colours[1])}
        if phyrexian:
            return gettext("one Phyrexian %(first)s or %(second)s mana") % words
        return gettext("one %(first)s or %(second)s mana") % words
    return "{" + symbol + "}"


COUNTED = frozenset(COLOURS) | {"C", "S", "E"}


def spoken(symbols: Iterable[str]) -> str:
    """Adjacent symbols (``["2", "R", "R"]``) as words in the active language; runs of the
    same coloured symbol are counted ("two red mana")."""
    words: list[str] = []
    previous = ""
    count = 0
    for raw in [*symbols, ""]:
        symbol = raw.upper()
        if symbol == previous and symbol in COUNTED:
            count += 1
            continue
        if previous:
            words.append(_coloured(previous, count) if previous in COUNTED else _one(previous))
        previous, count = symbol, 1
    return ", ".join(words)
