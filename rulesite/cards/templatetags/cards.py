"""Template helpers for card text: mana symbols and links to the Comprehensive Rules.

``{% load cards %}`` then::

    {% mana_symbols card.mana_cost %}      {# {2}{R} as Mana font symbols, spoken as words #}
    {{ card.oracle_text|mana_text }}       {# escapes, then {R} inside text becomes a symbol #}
    {{ ruling.text_en|rule_links }}        {# escapes, then "rule 601.2f" links to the rule page #}
    {{ card.oracle_text|card_text }}       {# all of the above, plus line breaks #}
    {{ card.printed_text_fr|printed_text }} {# card_text, with the breaks the source data lost #}
    {{ rule|rule_title:french_first }}     {# the title in the page's language, where stored #}

None of these raise on odd input: what is not a symbol is shown as (escaped) text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from django import template
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import get_language

from rulesite.cards.symbols import font_class, spoken
from rulesite.core.text import printed_line_breaks

if TYPE_CHECKING:
    from rulesite.cards.models import Rule

register = template.Library()

# One symbol between braces, e.g. {R}, {12}, {W/U}, {2/W}, {G/P}, {W/U/P}, {X}, {T}, {½}.
SYMBOL_RE = re.compile(r"\{([^{}\s]{1,8})\}")
# A run of adjacent symbols: {2}{R}{R} is one group.
SYMBOL_RUN_RE = re.compile(r"(?:\{[^{}\s]{1,8}\})+")
# "rule 601.2f", "rules 702.33a", "règle 601.2f", "CR 707.10", or a bare "702.33a".
RULE_MENTION_RE = re.compile(
    r"(?:\b(?:rules?|r[èe]gles?|CR)\s+)?(?<![\d.])\b([1-9]\d{2}\.\d{1,3}[a-z]?)\b(?!\.\d)",
    re.IGNORECASE,
)
TAG_RE = re.compile(r"(<[^>]*>)")


def render_symbol(symbol: str) -> SafeString:
    """One symbol: its Mana font glyph, or its notation in a circle when the font has none."""
    glyph = font_class(symbol)
    if glyph is None:
        return format_html('<span class="ms-fallback" aria-hidden="true">{}</span>', symbol.upper())
    return format_html('<i class="ms ms-cost {}" aria-hidden="true"></i>', glyph)


def render_symbol_run(notation: str) -> SafeString:
    """A group of adjacent symbols: ``{2}{R}`` → one ``<span class="mana" role="img">`` whose
    accessible name is spoken in the page's language ("two generic mana, one red mana"); the
    notation stays in the text for copying and searching."""
    return _symbol_run(notation, get_language() or "en")


@lru_cache(maxsize=4096)
def _symbol_run(notation: str, language: str) -> SafeString:
    # The markup is a function of the notation and the language alone (the Mana font's classes
    # and the translations are the code's): remembered, since the same costs come up on every
    # page and every workbench answer.
    symbols = [m.group(1) for m in SYMBOL_RE.finditer(notation)]
    inner = mark_safe("".join(render_symbol(symbol) for symbol in symbols))  # noqa: S308 - built from format_html pieces
    return format_html(
        '<span class="mana" role="img" aria-label="{}" lang="{}" title="{}">{}'
        '<span class="visually-hidden">{}</span></span>',
        spoken(symbols),
        language,
        notation,
        inner,
        notation,
    )


def _escaped(value: object) -> str:
    """``value`` as HTML: escaped unless already safe, ``None`` as nothing."""
    if value is None:
        return ""
    return str(conditional_escape(value if isinstance(value, SafeData) else str(value)))


@register.simple_tag
def mana_symbols(cost: object) -> SafeString:
    """Render a mana cost such as ``{2}{R}`` as symbols; odd text is kept, escaped."""
    text = "" if cost is None else str(cost)
    if not text:
        return mark_safe("")  # noqa: S308 - empty
    return _symbolise(escape(text))


def _symbolise(escaped: str) -> SafeString:
    """Replace every run of ``{…}`` symbols in already-escaped text with symbol markup."""
    # Braces, letters, digits, "/" and "½" survive escaping unchanged, so matching on the
    # escaped text is safe; the notation we put back is escaped again by format_html.
    out: list[str] = []
    position = 0
    for match in SYMBOL_RUN_RE.finditer(escaped):
        out.append(escaped[position : match.start()])
        out.append(render_symbol_run(match.group(0)))
        position = match.end()
    out.append(escaped[position:])
    return mark_safe("".join(out))  # noqa: S308 - every piece is escaped or format_html


def symbolise_html(html: str) -> SafeString:
    """Mana symbols in the text of already-safe HTML; tags, attributes and code are kept."""
    pieces = TAG_RE.split(str(html))
    in_code = 0
    for index, piece in enumerate(pieces):
        if index % 2:
            lowered = piece.lower()
            if lowered.startswith(("<code", "<pre")):
                in_code += 1
            elif lowered.startswith(("</code", "</pre")):
                in_code = max(0, in_code - 1)
        elif piece and not in_code:
            pieces[index] = _symbolise(piece)
    return mark_safe("".join(pieces))  # noqa: S308 - safe input, symbols built by format_html


@register.filter(is_safe=True)
def mana_text(value: object) -> SafeString:
    """Escape ``value`` then show each ``{R}``-style symbol in it as a mana symbol."""
    return _symbolise(_escaped(value))


def rule_url(number: str) -> str | None:
    """The address of rule ``number``'s page in the current language, or None for a number
    the site has no page address for."""
    return rule_url_at(number, get_language() or "", get_script_prefix(), get_urlconf())


@lru_cache(maxsize=4096)
def rule_url_at(number: str, language: str, prefix: str, urlconf: str | None) -> str | None:
    """:func:`rule_url`, given the active language, script prefix and URLconf (everything
    ``reverse`` reads), and remembered under them."""
    try:
        return reverse("cards:rule_detail", args=[number])
    except NoReverseMatch:
        return None


@register.filter
def rule_href(number: object) -> str:
    """``{{ step.rule|rule_href }}``: the address of the rule's page (as ``{% url
    'cards:rule_detail' number %}``), or "" when there is none."""
    return rule_url(str(number)) or ""


@register.filter
def rule_title(rule: Rule, french: bool) -> SafeString:
    """``{{ rule|rule_title:french_first }}``: the rule's title in the page's language, its
    French where stored (marked French), else its English (marked English on a French page)."""
    if not french:
        return format_html("{}", rule.title)
    if rule.title_fr:
        return format_html('<span lang="fr">{}</span>', rule.title_fr)
    return format_html('<span lang="en">{}</span>', rule.title)


def _link_rules(fragment: str) -> str:
    def replace(match: re.Match[str]) -> str:
        url = rule_url(match.group(1))
        if url is None:
            return match.group(0)
        return str(format_html('<a class="rule-link" href="{}">{}</a>', url, match.group(0)))

    return RULE_MENTION_RE.sub(replace, fragment)


@register.filter(is_safe=True)
def rule_links(value: object) -> SafeString:
    """Escape ``value`` (unless already safe) and link each rule mention to its rule page.

    Inside already-safe HTML only the text between tags is touched, never attributes.
    """
    return _outside_links(_escaped(value), _link_rules)


def _outside_links(html: str, link: Callable[[str], str]) -> SafeString:
    """``html`` with ``link`` applied to the text between its tags, outside existing links
    (``html`` is escaped; ``link`` builds its links with ``format_html``)."""
    pieces = TAG_RE.split(html)
    inside_link = False
    for index, piece in enumerate(pieces):
        if index % 2:  # a tag
            lowered = piece.lower()
            if lowered.startswith("<a ") or lowered == "<a>":
                inside_link = True
            elif lowered.startswith("</a"):
                inside_link = False
        elif piece and not inside_link:
            pieces[index] = link(piece)
    return mark_safe("".join(pieces))  # noqa: S308 - escaped above, links built by format_html


@register.filter(is_safe=True)
def card_text(value: object) -> SafeString:
    """Oracle or ruling text for display: escaped, symbols, rule links, line breaks kept."""
    html = rule_links(mana_text(value))
    return mark_safe(html.replace("\r\n", "\n").replace("\n", "<br>"))  # noqa: S308 - escaped


@register.filter(is_safe=True)
def printed_text(value: object) -> SafeString:
    """Printed (French) card text: ``card_text`` after restoring lost line breaks."""
    return card_text(printed_line_breaks(str(value or "")))


_glossary: tuple[int, re.Pattern[str] | None, dict[str, str]] | None = None


def _glossary_terms() -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """A pattern of the linkable glossary names (longest first) and name → slug, rebuilt when
    the content version changes."""
    global _glossary
    from rulesite.cards.models import GlossaryTerm
    from rulesite.cards.rulebook import GlossaryEntry, glossary_aliases
    from rulesite.core.cache import content_version

    version = content_version()
    if _glossary is None or _glossary[0] != version:
        slugs: dict[str, str] = {}
        for slug, term, text in GlossaryTerm.objects.values_list("slug", "term", "text_en"):
            for alias in glossary_aliases(GlossaryEntry(term, text)):
                slugs.setdefault(alias.casefold(), slug)
        names = sorted(slugs, key=len, reverse=True)
        pattern = (
            re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])", re.I)
            if names
            else None
        )
        _glossary = (version, pattern, slugs)
    return _glossary[1], _glossary[2]


@register.filter(is_safe=True)
def glossary_links(value: object) -> SafeString:
    """Link the first mention of each glossary term (two words or more, or a keyword) to its
    glossary entry, outside tags and existing links. Apply after ``card_text``."""
    html = _escaped(value)
    pattern, slugs = _glossary_terms()
    if pattern is None:
        return mark_safe(html)  # noqa: S308 - escaped above
    seen: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        key = match.group(1).casefold()
        slug = slugs.get(key)
        if slug is None or slug in seen:
            return match.group(0)
        seen.add(slug)
        try:
            url = reverse("cards:glossary_term", args=[slug])
        except NoReverseMatch:
            return match.group(0)
        return str(format_html('<a class="glossary-link" href="{}">{}</a>', url, match.group(1)))

    return _outside_links(html, lambda piece: pattern.sub(replace, piece))
