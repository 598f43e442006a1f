"""Card search: names in English or French plus Scryfall-style filters.

    burst                 name contains "burst" (English or French, any case or accents)
    "gnarlid colony"      name contains the phrase
    kw:kicker             has the keyword (slug, English or French name: kw:kick, kw:"split second")
    t:instant             type line contains the word (English or French: t:éphémère, t:ephemere)
    o:"split second"      Oracle text contains the phrase (any case or accents)
    mv<=3                 mana value compares (also mv=3, mv:3, mv!=3, mv<3, mv>3, mv>=3;
                          cmc and manavalue are synonyms)
    c:rg                  has all these colours (c:c = colourless)
    -t:creature           any filter can be negated with a leading minus

Terms combine with AND. :func:`parse` turns the text into a :class:`ParsedSearch` holding a
``Q`` object, or raises :class:`SearchSyntaxError` with a message for the person searching.

Speed (migration ``cards.0003``): a name or ``o:`` term is ``LIKE '%…%'`` on a folded column,
which no B-tree index serves. On PostgreSQL, ``pg_trgm`` GIN indexes serve it directly. On
SQLite, the FTS5 trigram table ``cards_card_search`` finds the candidate cards of a term of
three characters or more; when they are few (at most :data:`FTS_MAX_CANDIDATES`), the query
reads only those rows (and still checks the ``LIKE``, so the results are exactly those of a
scan); when they are many, reading the whole table in name order is cheaper and the term stays
a plain ``LIKE``. Negated terms always stay a plain ``LIKE`` (they match most cards).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.db import connections, router
from django.db.models import Q
from django.db.models.expressions import RawSQL
from django.utils.text import slugify
from django.utils.translation import gettext as _

from rulesite.cards.models import Card, Keyword
from rulesite.core.text import fold

MAX_QUERY_LENGTH = 200
MAX_TERMS = 12
FILTER_RE = re.compile(r"^([a-z]+)(<=|>=|!=|:|=|<|>)(.*)$", re.IGNORECASE | re.DOTALL)
KEYS = {
    "kw": "kw",
    "keyword": "kw",
    "t": "t",
    "type": "t",
    "o": "o",
    "oracle": "o",
    "mv": "mv",
    "cmc": "mv",
    "manavalue": "mv",
    "c": "c",
    "color": "c",
    "colour": "c",
}
COMPARISONS = {
    ":": "exact",
    "=": "exact",
    "<": "lt",
    "<=": "lte",
    ">": "gt",
    ">=": "gte",
}
COLOUR_WORDS = {
    "white": "W",
    "blue": "U",
    "black": "B",
    "red": "R",
    "green": "G",
    "colorless": "C",
    "colourless": "C",
}


# French card types and supertypes (as printed), accent-folded, to their Oracle English word:
# t:ephemere finds instants even though the printed French type line has accents.
FRENCH_TYPES = {
    "ephemere": "Instant",
    "rituel": "Sorcery",
    "creature": "Creature",
    "artefact": "Artifact",
    "enchantement": "Enchantment",
    "terrain": "Land",
    "bataille": "Battle",
    "legendaire": "Legendary",
    "neigeux": "Snow",
    "tribal": "Tribal",
    "terrain de base": "Basic Land",
}


# SQLite full-text index of search_name and search_text (see the module docstring).
FTS_TABLE = "cards_card_search"
FTS_MIN_LENGTH = 3  # the trigram tokenizer cannot look up anything shorter
FTS_MAX_CANDIDATES = 2000  # above this, a scan in name order answers sooner


class SearchSyntaxError(ValueError):
    """The query cannot be understood; ``str(error)`` is a message for the person searching."""


@dataclass(frozen=True)
class Term:
    key: str  # "" for a name search
    operator: str
    value: str
    negated: bool = False


@dataclass
class ParsedSearch:
    text: str
    terms: list[Term] = field(default_factory=list)
    q: Q = field(default_factory=Q)

    @property
    def is_empty(self) -> bool:
        return not self.terms


def tokenize(text: str) -> list[str]:
    """Split on spaces, keeping double-quoted phrases (also after ``key:``) together."""
    tokens: list[str] = []
    position = 0
    length = len(text)
    while position < length:
        if text[position].isspace():
            position += 1
            continue
        start = position
        while position < length and not text[position].isspace():
            if text[position] == '"':
                closing = text.find('"', position + 1)
                if closing == -1:
                    raise SearchSyntaxError(
                        _("A quotation mark is not closed: %(fragment)s")
                        % {"fragment": text[position:]}
                    )
                position = closing + 1
            else:
                position += 1
        tokens.append(text[start:position])
    return tokens


def _unquote(value: str) -> str:
    return value.replace('"', "").strip()


def _term(token: str) -> Term:
    negated = token.startswith("-") and len(token) > 1
    body = token[1:] if negated else token
    match = FILTER_RE.match(body)
    if match is None or match.group(1).lower() not in KEYS and match.group(2) != ":":
        value = _unquote(body)
        if not value:
            raise SearchSyntaxError(_("Empty quotes: type a name or phrase between them."))
        return Term(key="", operator=":", value=value, negated=negated)
    raw_key, operator, raw_value = match.groups()
    key = KEYS.get(raw_key.lower())
    if key is None:
        raise SearchSyntaxError(
            _("Unknown filter “%(key)s:”. Use kw:, t:, o:, mv or c: (for example kw:kicker).")
            % {"key": raw_key}
        )
    value = _unquote(raw_value)
    if not value:
        raise SearchSyntaxError(
            _("“%(filter)s” needs a value, for example %(example)s.")
            % {"filter": f"{raw_key}{operator}", "example": _example(key)}
        )
    if key != "mv" and operator not in {":", "="}:
        raise SearchSyntaxError(
            _("“%(filter)s” only accepts “:”, as in %(example)s.")
            % {"filter": f"{raw_key}{operator}", "example": _example(key)}
        )
    return Term(key=key, operator=operator, value=value, negated=negated)


def _example(key: str) -> str:
    return {
        "kw": "kw:kicker",
        "t": "t:instant",
        "o": 'o:"split second"',
        "mv": "mv<=3",
        "c": "c:r",
    }[key]


def _keyword_q(value: str) -> Q:
    folded = fold(value)
    wanted = slugify(value)
    for keyword in Keyword.objects.only("slug", "name_en", "name_fr"):
        if wanted == keyword.slug or folded in {fold(keyword.name_en), fold(keyword.name_fr)}:
            # A subquery, so that kw:kicker kw:convoke needs both (not one row matching both).
            return Q(pk__in=Card.keywords.through.objects.filter(keyword=keyword).values("card_id"))
    known = ", ".join(
        f"kw:{slug}" if "-" not in slug else f'kw:"{slug.replace("-", " ")}"'
        for slug in Keyword.objects.values_list("slug", flat=True)
    )
    raise SearchSyntaxError(
        _("No keyword called “%(value)s”. Known keywords: %(known)s.")
        % {"value": value, "known": known}
    )


def _mana_value_q(term: Term) -> Q:
    try:
        number = Decimal(term.value.replace(",", "."))
    except InvalidOperation:
        number = None
    if number is None or not number.is_finite() or abs(number) > 1000:
        raise SearchSyntaxError(
            _("“%(value)s” is not a mana value: use a number, as in mv<=3.") % {"value": term.value}
        )
    if term.operator == "!=":
        return ~Q(mana_value=number)
    return Q(**{f"mana_value__{COMPARISONS[term.operator]}": number})


def _colour_q(value: str) -> Q:
    letters = COLOUR_WORDS.get(value.lower(), value.upper())
    if letters == "C":
        return Q(colors="")
    if not letters or any(letter not in "WUBRG" for letter in letters):
        raise SearchSyntaxError(
            _("“%(value)s” is not a colour: use letters W, U, B, R, G (or C), as in c:rg.")
            % {"value": value}
        )
    q = Q()
    for letter in dict.fromkeys(letters):
        q &= Q(colors__contains=letter)
    return q


@functools.cache
def _sqlite_has_trigram(database_module: object) -> bool:
    """Whether SQLite has FTS5 with the trigram tokenizer (3.34+), as migration 0003 checked."""
    try:
        db = database_module.connect(":memory:")  # type: ignore[attr-defined]
        try:
            db.execute("CREATE VIRTUAL TABLE probe USING fts5(x, tokenize='trigram')")
        finally:
            db.close()
    except (AttributeError, database_module.Error):  # type: ignore[attr-defined]
        return False
    return True


def _fts_match(column: str, folded: str) -> str:
    """An FTS5 query for the rows whose ``column`` has every trigram of ``folded`` (any case).

    Every row containing ``folded`` matches (usually a few more do): the trigrams of ``folded``
    taken three characters apart, plus its last three characters, each a quoted FTS5 string
    (literal; a double quote is doubled). The index has no positions (``detail=column``), so it
    cannot check they follow each other: the ``LIKE`` does that on these few rows.

    >>> _fts_match("search_text", "split second")
    '{search_text} : ("spl" AND "it " AND "sec" AND "ond")'
    >>> _fts_match("search_name", "burst")
    '{search_name} : ("bur" AND "rst")'
    """
    chunks = [folded[start : start + 3] for start in range(0, len(folded) - 2, 3)]
    chunks.append(folded[-3:])
    strings = " AND ".join(
        '"{}"'.format(chunk.replace('"', '""')) for chunk in dict.fromkeys(chunks)
    )
    return f"{{{column}}} : ({strings})"


def _contains_q(column: str, value: str, *, negated: bool) -> Q:
    """``column`` (a folded field) contains ``value`` folded; on SQLite through the FTS index."""
    folded = fold(value)
    q = Q(**{f"{column}__contains": folded})
    if negated or len(folded) < FTS_MIN_LENGTH:
        return q
    connection = connections[router.db_for_read(Card)]
    if connection.vendor != "sqlite" or not _sqlite_has_trigram(
        getattr(connection, "Database", None)
    ):
        return q
    match = _fts_match(column, folded)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s LIMIT %s)",
            [match, FTS_MAX_CANDIDATES + 1],
        )
        (candidates,) = cursor.fetchone()
    if candidates == 0:
        return Q(pk__in=[])  # no card can match: Django answers without a query
    if candidates > FTS_MAX_CANDIDATES:
        return q
    rowids = RawSQL(f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s", [match])
    return Q(pk__in=rowids) & q


def _term_q(term: Term) -> Q:
    if term.key == "":
        q = _contains_q("search_name", term.value, negated=term.negated)
    elif term.key == "kw":
        q = _keyword_q(term.value)
    elif term.key == "t":
        english = FRENCH_TYPES.get(fold(term.value), term.value)
        q = Q(type_line__icontains=english) | Q(type_line_fr__icontains=term.value)
    elif term.key == "o":
        q = _contains_q("search_text", term.value, negated=term.negated)
    elif term.key == "mv":
        q = _mana_value_q(term)
    else:
        q = _colour_q(term.value)
    return ~q if term.negated else q


def parse(text: str) -> ParsedSearch:
    """Parse a search box query; raise :class:`SearchSyntaxError` when it cannot be read."""
    text = (text or "").strip()
    if len(text) > MAX_QUERY_LENGTH:
        raise SearchSyntaxError(
            _("The search is too long (at most %(max)d characters).") % {"max": MAX_QUERY_LENGTH}
        )
    if "\x00" in text:
        raise SearchSyntaxError(_("The search contains a character that cannot be searched."))
    tokens = tokenize(text)
    if len(tokens) > MAX_TERMS:
        raise SearchSyntaxError(_("Too many search terms (at most %(max)d).") % {"max": MAX_TERMS})
    parsed = ParsedSearch(text=text)
    for token in tokens:
        term = _term(token)
        parsed.terms.append(term)
        parsed.q &= _term_q(term)
    return parsed
