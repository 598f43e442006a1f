"""Mana symbols: the Mana font's glyphs, spoken in the page's language, legible (WCAG 1.4.3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from rulesite.cards.symbols import FONT_CLASSES, font_class, spoken

VENDORED_CSS = Path(settings.BASE_DIR, "static", "vendor", "mana-font", "mana.css")
SITE_CSS = Path(settings.BASE_DIR, "static", "css", "site.css")
RULE_RE = re.compile(r"([^{}]+)\{([^{}]*)\}")


@pytest.mark.parametrize(
    ("symbols", "en", "fr"),
    [
        (["R"], "one red mana", "un mana rouge"),
        (["2"], "two generic mana", "deux manas génériques"),
        (["1"], "one generic mana", "un mana générique"),
        (["0"], "zero mana", "zéro mana"),
        (
            ["3", "U", "U"],
            "three generic mana, two blue mana",
            "trois manas génériques, deux manas bleus",
        ),
        (
            ["B", "G", "B"],
            "one black mana, one green mana, one black mana",
            "un mana noir, un mana vert, un mana noir",
        ),
        (["W/U"], "one white or blue mana", "un mana blanc ou bleu"),
        (["2/W"], "two generic mana or one white mana", "deux manas génériques ou un mana blanc"),
        (["G/P"], "one Phyrexian green mana", "un mana vert phyrexian"),
        (["C"], "one colorless mana", "un mana incolore"),
        (["X", "R"], "X generic mana, one red mana", "X manas génériques, un mana rouge"),
        (["T"], "the tap symbol", "le symbole d'engagement"),
        (["25"], "25 generic mana", "25 manas génériques"),
    ],
)
def test_symbols_are_spoken_in_english_and_french(symbols: list[str], en: str, fr: str) -> None:
    with translation.override("en"):
        assert spoken(symbols) == en
    with translation.override("fr"):
        assert spoken(symbols) == fr


def test_every_glyph_the_markup_uses_is_in_the_vendored_css() -> None:
    css = VENDORED_CSS.read_text()
    symbols = ["W", "U", "B", "R", "G", "C", "S", "X", "T", "Q", "½", "∞", "W/U", "G/U/P", "2/B"]
    symbols += [str(n) for n in range(21)]

    for symbol in symbols:
        glyph = font_class(symbol)
        assert glyph in FONT_CLASSES
        assert f".{glyph}::before" in css, symbol


def test_vendored_css_keeps_only_the_rules_of_classes_the_site_uses() -> None:
    css = VENDORED_CSS.read_text()
    named = set(re.findall(r"\.(ms-[a-z0-9-]+|ms)\b", css))

    assert named <= FONT_CLASSES
    assert css.count("@font-face") == 1
    assert 'src: url("mana.woff2' in css
    assert "http" not in css.split("*/", 1)[1]


def relative_luminance(colour: str) -> float:
    hexa = colour.lstrip("#")
    if len(hexa) == 3:
        hexa = "".join(c * 2 for c in hexa)
    channels = [int(hexa[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def declarations(css: str) -> list[tuple[list[str], dict[str, str]]]:
    rules = []
    for match in RULE_RE.finditer(css):
        selectors = [s.strip() for s in match.group(1).split(",")]
        body = {}
        for line in match.group(2).split(";"):
            if ":" in line:
                name, value = line.split(":", 1)
                body[name.strip()] = value.strip()
        rules.append((selectors, body))
    return rules


def symbol_colours() -> dict[str, tuple[str, str]]:
    """``class → (glyph colour, background)`` for every coloured background the CSS gives a
    symbol, hybrids counted once per half."""
    rules = declarations(VENDORED_CSS.read_text())
    variables = {k: v for _s, body in rules for k, v in body.items() if k.startswith("--ms-mana")}
    base = next(body for selectors, body in rules if selectors == [".ms-cost"])
    found: dict[str, tuple[str, str]] = {".ms-cost": (base["color"], base["background-color"])}
    for selectors, body in rules:
        backgrounds = [body.get("background-color")]
        backgrounds += [body.get(k) for k in ("--ms-split-top", "--ms-split-bottom")]
        for selector in selectors:
            for index, background in enumerate(backgrounds):
                if background is None or "::" in selector:
                    continue
                value = re.sub(r"var\((--[\w-]+)\)", lambda m: variables[m.group(1)], background)
                found[f"{selector}#{index}"] = (body.get("color", base["color"]), value)
    for selectors, body in declarations(SITE_CSS.read_text()):
        if ".ms-fallback" in selectors:
            found[".ms-fallback"] = (body["color"], body["background"])
    return found


def test_every_mana_symbol_has_a_contrast_of_at_least_4_5_to_1() -> None:
    colours = symbol_colours()

    assert len(colours) > 20
    too_low = {
        name: round(contrast(glyph, background), 2)
        for name, (glyph, background) in colours.items()
        if contrast(glyph, background) < 4.5
    }
    assert too_low == {}
