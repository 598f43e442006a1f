"""Card search: Scryfall's syntax, read by :mod:`rulesite.cards.searchsyntax`, turned into a ``Q``.

    burst  "gnarlid colony"  !"Burst Lightning"   name (English or French, any case or accents)
    kw:kicker                                     has the keyword (slug, English or French name)
    t:instant  t:éphémère                         type line contains the word (EN or FR)
    o:"split second"                              Oracle text contains the phrase
    mv<=3  pow>=4  tou<2  loy>=3  pow>tou         numbers compare (: = != < <= > >=)
    c:rg  c>=rg  c=r  c<=wu  c:m  c:c  id:wub     colours, colour identity (id: means "fits in")
    r:rare  r>=rare  s:zen  f:modern  banned:legacy  printings and legality
    is:permanent  is:spell  is:historic  is:multicolor  is:vanilla  …
    order:mv  order:pow  dir:desc                 the order of the results (default: name)

Terms combine with AND; ``or``, parentheses and a leading ``-`` are supported. :func:`parse`
returns a :class:`ParsedSearch` (``q`` to filter, ``order`` to sort) or raises
:class:`SearchSyntaxError`, whose message (in the visitor's language) names the problem and whose
``position`` points at it in the query. Filters of Scryfall's syntax that this site does not
support are refused by name (``usd:``…), never read as a name.

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
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import connections, router
from django.db.models import CharField, Exists, F, OuterRef, Q
from django.db.models.expressions import OrderBy, RawSQL
from django.db.models.functions import Length
from django.utils.text import slugify
from django.utils.translation import gettext as _

from rulesite.cards.models import Card, Keyword, Legality, Printing
from rulesite.cards.searchsyntax import All, Any, Filter, Name, Node, Not, QuerySyntaxError, read
from rulesite.core.text import fold

CharField.register_lookup(Length)

MAX_QUERY_LENGTH = 300
MAX_TERMS = 24
MAX_DEPTH = 8

#: Every key the site reads, with its synonyms, to the filter it names.
KEYS = {
    "kw": "kw",
    "keyword": "kw",
    "t": "t",
    "type": "t",
    "o": "o",
    "oracle": "o",
    "name": "name",
    "mv": "mv",
    "cmc": "mv",
    "manavalue": "mv",
    "pow": "pow",
    "power": "pow",
    "tou": "tou",
    "toughness": "tou",
    "loy": "loy",
    "loyalty": "loy",
    "c": "c",
    "color": "c",
    "colour": "c",
    "id": "id",
    "identity": "id",
    "ci": "id",
    "r": "r",
    "rarity": "r",
    "s": "s",
    "set": "s",
    "e": "s",
    "edition": "s",
    "f": "f",
    "format": "f",
    "legal": "f",
    "banned": "banned",
    "restricted": "restricted",
    "is": "is",
    "order": "order",
    "dir": "dir",
}
#: Scryfall keys this site does not support: named in the error, never read as a name.
SCRYFALL_ONLY = frozenset(
    [
        "a",
        "art",
        "artist",
        "b",
        "block",
        "border",
        "cn",
        "cube",
        "date",
        "devotion",
        "display",
        "eur",
        "flavor",
        "fo",
        "frame",
        "ft",
        "game",
        "has",
        "in",
        "include",
        "lang",
        "language",
        "m",
        "mana",
        "new",
        "not",
        "number",
        "papersets",
        "prefer",
        "prints",
        "produces",
        "score",
        "st",
        "stamp",
        "tix",
        "unique",
        "usd",
        "watermark",
        "wm",
        "year",
    ]
)
NUMERIC_FIELDS = {"mv": "mana_value", "pow": "power_value", "tou": "toughness_value"}
NUMERIC_FIELDS["loy"] = "loyalty_value"
COMPARISONS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
COLOUR_WORDS = {
    "white": "W",
    "blue": "U",
    "black": "B",
    "red": "R",
    "green": "G",
    "azorius": "WU",
    "dimir": "UB",
    "rakdos": "BR",
    "gruul": "RG",
    "selesnya": "GW",
    "orzhov": "WB",
    "izzet": "UR",
    "golgari": "BG",
    "boros": "RW",
    "simic": "GU",
    "bant": "GWU",
    "esper": "WUB",
    "grixis": "UBR",
    "jund": "BRG",
    "naya": "RGW",
    "abzan": "WBG",
    "jeskai": "URW",
    "sultai": "BGU",
    "mardu": "RWB",
    "temur": "GUR",
}
COLOURLESS_WORDS = frozenset({"c", "colorless", "colourless"})
MULTICOLOUR_WORDS = frozenset({"m", "multicolor", "multicolour", "multicolored", "multicoloured"})
RARITIES = ["common", "uncommon", "rare", "mythic"]
RARITY_WORDS = {"c": "common", "u": "uncommon", "r": "rare", "m": "mythic", "s": "special"}
OTHER_RARITIES = ("special", "bonus")
FORMATS = [
    "standard",
    "future",
    "historic",
    "timeless",
    "gladiator",
    "pioneer",
    "explorer",
    "modern",
    "legacy",
    "pauper",
    "vintage",
    "penny",
    "commander",
    "oathbreaker",
    "standardbrawl",
    "brawl",
    "historicbrawl",
    "alchemy",
    "paupercommander",
    "duel",
    "oldschool",
    "premodern",
    "predh",
]
ORDERS = {
    "name": ("name",),
    "mv": ("mana_value",),
    "cmc": ("mana_value",),
    "pow": ("power_value",),
    "power": ("power_value",),
    "tou": ("toughness_value",),
    "toughness": ("toughness_value",),
    "color": ("colors__length", "colors"),
    "colour": ("colors__length", "colors"),
}

NULLABLE_ORDERS = frozenset({"power_value", "toughness_value", "loyalty_value"})

# French card types and supertypes (as printed), accent-folded, to their Oracle English words:
# t:ephemere finds instants even though the printed French type line has accents. The 2026-01-16
# Comprehensive Rules renamed Tribal to Kindred ("Parenté" in French); older imports still say
# Tribal, so either word finds both.
FRENCH_TYPES = {
    "ephemere": ("Instant",),
    "rituel": ("Sorcery",),
    "creature": ("Creature",),
    "artefact": ("Artifact",),
    "enchantement": ("Enchantment",),
    "terrain": ("Land",),
    "bataille": ("Battle",),
    "legendaire": ("Legendary",),
    "neigeux": ("Snow",),
    "tribal": ("Kindred", "Tribal"),
    "kindred": ("Kindred", "Tribal"),
    "parente": ("Kindred", "Tribal"),
    "terrain de base": ("Basic Land",),
}
PERMANENT_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
SUPERTYPE_PREFIXES: tuple[str, ...] = ("", "Legendary ", "Snow ", "Basic ", "World ")
SUPERTYPE_PREFIXES += (
    "Basic Snow ",
    "Legendary Snow ",
    "Kindred ",
    "Tribal ",
    "Legendary Kindred ",
)

# SQLite full-text index of search_name and search_text (see the module docstring).
FTS_TABLE = "cards_card_search"
FTS_MIN_LENGTH = 3  # the trigram tokenizer cannot look up anything shorter
FTS_MAX_CANDIDATES = 2000  # above this, a scan in name order answers sooner


class SearchSyntaxError(ValueError):
    """The query cannot be understood; ``str(error)`` is a message for the person searching,
    ``position`` (0-based, or None) where in the query the problem is."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


@dataclass
class ParsedSearch:
    text: str
    q: Q = field(default_factory=Q)
    order: tuple[str, ...] = ()
    descending: bool = False
    terms: int = 0
    names: list[str] = field(default_factory=list)  # the name words, for suggestions

    @property
    def is_empty(self) -> bool:
        return not self.terms

    def order_by(self, *, french: bool = False) -> list[OrderBy]:
        """``order_by()`` arguments: the query's ``order:`` (name by default), then the name.

        Cards without the value ordered on (``order:pow`` for a sorcery) come last either way.
        """
        name = "sort_name_fr" if french else "name"
        columns = [name if column == "name" else column for column in self.order or ("name",)]
        order: list[OrderBy] = []
        for column in columns:
            expression = Length("colors") if column == "colors__length" else F(column)
            nulls = {"nulls_last": True} if column in NULLABLE_ORDERS else {}
            order.append(expression.desc(**nulls) if self.descending else expression.asc(**nulls))
        if name not in columns:
            order.append(F(name).asc())
        return order


def _syntax_message(error: QuerySyntaxError) -> str:
    messages = {
        "unclosed_quote": _("A quotation mark is not closed."),
        "unexpected_character": _("“%(text)s” cannot be read here."),
        "unclosed_parenthesis": _("A parenthesis is not closed."),
        "operator_alone": _("“%(text)s” needs a search on both sides."),
        "ends_early": _("The search ends too early."),
        "closes_nothing": _("This parenthesis closes nothing."),
        "misplaced_minus": _("“-” must stand just before what it excludes."),
        "unexpected": _("“%(text)s” cannot be read here."),
    }
    return messages[error.code] % {"text": error.text}


def _example(key: str) -> str:
    return {
        "kw": "kw:kicker",
        "t": "t:instant",
        "o": 'o:"split second"',
        "name": "name:lightning",
        "mv": "mv<=3",
        "pow": "pow>=3",
        "tou": "tou<=2",
        "loy": "loy>=4",
        "c": "c>=rg",
        "id": "id:wub",
        "r": "r:mythic",
        "s": "s:zen",
        "f": "f:modern",
        "banned": "banned:legacy",
        "restricted": "restricted:vintage",
        "is": "is:permanent",
        "order": "order:mv",
        "dir": "dir:desc",
    }[key]


class _Compiler:
    """Turns a query tree into a ``Q``, checking every filter (one instance per query)."""

    def __init__(self, parsed: ParsedSearch) -> None:
        self.parsed = parsed
        self._keywords: dict[str, int] | None = None

    def error(self, message: str, position: int | None) -> SearchSyntaxError:
        return SearchSyntaxError(message, position)

    def compile(self, node: Node, *, depth: int = 0, top: bool = True) -> Q:
        if depth > MAX_DEPTH:
            raise self.error(_("The search is nested too deeply."), None)
        if isinstance(node, All):
            q = Q()
            for term in node.terms:
                q &= self.compile(term, depth=depth + 1, top=top)
            return q
        if isinstance(node, Any):
            q = Q(pk__in=[])
            for term in node.terms:
                q |= self.compile(term, depth=depth + 1, top=False)
            return q
        if isinstance(node, Not):
            return ~self.compile(node.term, depth=depth + 1, top=False)
        self.parsed.terms += 1
        if self.parsed.terms > MAX_TERMS:
            raise self.error(
                _("Too many search terms (at most %(max)d).") % {"max": MAX_TERMS}, None
            )
        if isinstance(node, Name):
            return self.name(node)
        return self.filter(node, top=top)

    # ---- names ----------------------------------------------------------------------------
    def name(self, node: Name) -> Q:
        self._refuse_regex(node.text, node.position)
        if not node.text:
            raise self.error(
                _("Empty quotes: type a name or phrase between them."), node.position - 1
            )
        if node.exact:
            folded = fold(node.text)
            return Q(name__iexact=node.text) | Q(name_fr__iexact=node.text) | Q(search_name=folded)
        self.parsed.names.append(node.text)
        return _contains_q("search_name", node.text)

    # ---- filters --------------------------------------------------------------------------
    def filter(self, node: Filter, *, top: bool) -> Q:
        key = KEYS.get(node.key)
        if key is None:
            if node.key in SCRYFALL_ONLY:
                message = _(
                    "“%(key)s:” is Scryfall syntax that this site does not support. "
                    "Supported filters: %(supported)s."
                )
            else:
                message = _("Unknown filter “%(key)s:”. Supported filters: %(supported)s.")
            raise self.error(
                message % {"key": node.key, "supported": SUPPORTED_FILTERS}, node.position
            )
        if not node.value:
            raise self.error(
                _("“%(filter)s” needs a value, for example %(example)s.")
                % {"filter": f"{node.key}{node.operator}", "example": _example(key)},
                node.position,
            )
        if key in {"order", "dir"} and not top:
            raise self.error(
                _(
                    "“%(key)s:” sets the order of all results: it cannot be inside “or”, “-” or "
                    "parentheses."
                )
                % {"key": node.key},
                node.position,
            )
        comparable = key in NUMERIC_FIELDS or key in {"c", "id", "r"}
        if not comparable and node.operator not in {":", "="}:
            raise self.error(
                _("“%(filter)s” only accepts “:”, as in %(example)s.")
                % {"filter": f"{node.key}{node.operator}", "example": _example(key)},
                node.position,
            )
        self._refuse_regex(node.value, node.position)
        handler: Callable[[Filter], Q] = getattr(self, f"filter_{key}")
        return handler(node)

    def _refuse_regex(self, text: str, position: int) -> None:
        """Scryfall's /regular expressions/ are not supported: say so, never search for them."""
        if len(text) >= 3 and text.startswith("/") and text.endswith("/"):
            raise self.error(
                _(
                    "Regular expressions (%(text)s) are Scryfall syntax that this site does not "
                    "support: search for words or a quoted phrase."
                )
                % {"text": text},
                position,
            )

    def filter_name(self, node: Filter) -> Q:
        self.parsed.names.append(node.value)
        return _contains_q("search_name", node.value)

    def filter_o(self, node: Filter) -> Q:
        return _contains_q("search_text", node.value)

    def filter_t(self, node: Filter) -> Q:
        words = FRENCH_TYPES.get(fold(node.value), (node.value,))
        q = Q(type_line_fr__icontains=node.value)
        for word in words:
            q |= Q(type_line__icontains=word)
        return q

    def filter_kw(self, node: Filter) -> Q:
        if self._keywords is None:
            self._keywords = {}
            for pk, slug, name_en, name_fr in Keyword.objects.values_list(
                "pk", "slug", "name_en", "name_fr"
            ):
                for alias in (slug, fold(name_en), fold(name_fr)):
                    if alias:
                        self._keywords.setdefault(alias, pk)
        keyword = self._keywords.get(slugify(node.value)) or self._keywords.get(fold(node.value))
        if keyword is None:
            raise self.error(
                _("No keyword called “%(value)s”. Keyword pages: %(url)s.")
                % {"value": node.value, "url": _keywords_url()},
                node.position,
            )
        # A subquery, so that kw:kicker kw:convoke needs both (not one row matching both).
        return Q(pk__in=Card.keywords.through.objects.filter(keyword=keyword).values("card_id"))

    def _number(self, node: Filter) -> Decimal:
        try:
            number = Decimal(node.value.replace(",", "."))
            valid = number.is_finite() and abs(number) <= 1000
        except ArithmeticError:  # InvalidOperation, Overflow
            valid = False
        if not valid:
            raise self.error(
                _("“%(value)s” is not a number: use one, as in %(example)s.")
                % {"value": node.value, "example": _example(KEYS[node.key])},
                node.position,
            )
        return number

    def _numeric(self, node: Filter) -> Q:
        column = NUMERIC_FIELDS[KEYS[node.key]]
        other = KEYS.get(node.value.lower())
        value: Decimal | F = (
            F(NUMERIC_FIELDS[other]) if other in NUMERIC_FIELDS else self._number(node)
        )
        if node.operator == "!=":
            return ~Q(**{column: value}) & Q(**{f"{column}__isnull": False})
        return Q(**{f"{column}__{COMPARISONS[node.operator]}": value})

    filter_mv = filter_pow = filter_tou = filter_loy = _numeric

    def _colours(self, node: Filter, column: str, colon: str) -> Q:
        value = node.value.lower()
        if value in MULTICOLOUR_WORDS:
            if node.operator not in {":", "="}:
                raise self.error(
                    _("“%(value)s” only goes with “:”.") % {"value": node.value}, node.position
                )
            return Q(**{f"{column}__length__gte": 2})
        if value in COLOURLESS_WORDS:
            letters = ""
        else:
            letters = COLOUR_WORDS.get(value, value.upper())
            if not letters or any(letter not in "WUBRG" for letter in letters):
                raise self.error(
                    _(
                        "“%(value)s” is not a colour: use letters W, U, B, R, G (or C for "
                        "colourless, M for multicoloured), as in %(example)s."
                    )
                    % {"value": node.value, "example": _example(KEYS[node.key])},
                    node.position,
                )
        wanted = set(letters)
        exact = Q(**{column: "".join(c for c in "WUBRG" if c in wanted)})
        within = Q()
        for letter in "WUBRG":
            if letter not in wanted:
                within &= ~Q(**{f"{column}__contains": letter})
        covers = Q()
        for letter in sorted(wanted):
            covers &= Q(**{f"{column}__contains": letter})
        operator = colon if node.operator == ":" else node.operator
        if not wanted and operator == ">=":
            return Q()
        return {
            "=": exact,
            "!=": ~exact,
            ">=": covers,
            ">": covers & ~exact,
            "<=": within,
            "<": within & ~exact,
        }[operator]

    def filter_c(self, node: Filter) -> Q:
        # c:rg means "at least red and green"; c:c means colourless.
        colon = "=" if node.value.lower() in COLOURLESS_WORDS else ">="
        return self._colours(node, "colors", colon)

    def filter_id(self, node: Filter) -> Q:
        # id:rg means "fits in a red-green deck", as on Scryfall.
        return self._colours(node, "color_identity", "<=")

    def filter_r(self, node: Filter) -> Q:
        value = node.value.lower()
        rarity = RARITY_WORDS.get(value, value)
        if rarity not in RARITIES and rarity not in OTHER_RARITIES:
            raise self.error(
                _("“%(value)s” is not a rarity: use common, uncommon, rare, mythic or special.")
                % {"value": node.value},
                node.position,
            )
        if node.operator in {":", "="}:
            wanted = [rarity]
        elif rarity in OTHER_RARITIES:
            raise self.error(
                _("“%(value)s” cannot be compared; use r:%(value)s.") % {"value": rarity},
                node.position,
            )
        else:
            rank = RARITIES.index(rarity)
            compare: dict[str, Callable[[int], bool]] = {
                "<": lambda i: i < rank,
                "<=": lambda i: i <= rank,
                ">": lambda i: i > rank,
                ">=": lambda i: i >= rank,
                "!=": lambda i: i != rank,
            }
            wanted = [r for i, r in enumerate(RARITIES) if compare[node.operator](i)]
        return Q(pk__in=Printing.objects.filter(rarity__in=wanted).values("card_id"))

    def filter_s(self, node: Filter) -> Q:
        if not re.fullmatch(r"[A-Za-z0-9]{2,6}", node.value):
            raise self.error(
                _("“%(value)s” is not a set code: use the set's code, as in s:zen.")
                % {"value": node.value},
                node.position,
            )
        code = node.value.upper()
        return Q(pk__in=Printing.objects.filter(set_code=code).values("card_id"))

    def _legality(self, node: Filter, statuses: tuple[str, ...]) -> Q:
        name = node.value.lower()
        if name not in FORMATS:
            raise self.error(
                _("“%(value)s” is not a format. Formats: %(formats)s.")
                % {"value": node.value, "formats": ", ".join(FORMATS)},
                node.position,
            )
        # A correlated EXISTS (one probe of the (card, format) index per card that the other
        # terms leave): most cards are legal in the big formats, so an IN list of them would
        # be read in full.
        legal = Legality.objects.filter(card=OuterRef("pk"), format=name, status__in=statuses)
        return Q(Exists(legal))

    def filter_f(self, node: Filter) -> Q:
        return self._legality(node, (Legality.Status.LEGAL, Legality.Status.RESTRICTED))

    def filter_banned(self, node: Filter) -> Q:
        return self._legality(node, (Legality.Status.BANNED,))

    def filter_restricted(self, node: Filter) -> Q:
        return self._legality(node, (Legality.Status.RESTRICTED,))

    def filter_is(self, node: Filter) -> Q:
        flag = IS_FLAGS.get(node.value.lower())
        if flag is None:
            raise self.error(
                _("“is:%(value)s” is not supported. Supported: %(flags)s.")
                % {"value": node.value, "flags": ", ".join(f"is:{f}" for f in IS_FLAG_NAMES)},
                node.position,
            )
        return flag()

    def filter_order(self, node: Filter) -> Q:
        order = ORDERS.get(node.value.lower())
        if order is None:
            raise self.error(
                _("“order:%(value)s” is not supported. Supported: %(orders)s.")
                % {"value": node.value, "orders": ", ".join(f"order:{o}" for o in ORDER_NAMES)},
                node.position,
            )
        self.parsed.order = order
        return Q()

    def filter_dir(self, node: Filter) -> Q:
        value = node.value.lower()
        if value not in {"asc", "desc"}:
            raise self.error(_("Use dir:asc or dir:desc."), node.position)
        self.parsed.descending = value == "desc"
        return Q()


def _starts_with_any(prefixes: list[str]) -> Q:
    q = Q(pk__in=[])
    for prefix in prefixes:
        q |= Q(type_line__startswith=prefix)
    return q


def _is_land() -> Q:
    return _starts_with_any([f"{s}Land" for s in SUPERTYPE_PREFIXES])


def _is_permanent() -> Q:
    spell_types = Q(type_line__contains="Instant") | Q(type_line__contains="Sorcery")
    front_permanent = _starts_with_any(
        [f"{s}{t}" for s in SUPERTYPE_PREFIXES for t in PERMANENT_TYPES]
    )
    return ~spell_types | front_permanent


def _is_multicolour() -> Q:
    return Q(colors__length__gte=2)


IS_FLAGS: dict[str, Callable[[], Q]] = {
    "permanent": _is_permanent,
    "spell": lambda: ~_is_land(),
    "land": _is_land,
    "historic": lambda: (
        Q(type_line__contains="Legendary")
        | Q(type_line__contains="Artifact")
        | Q(type_line__contains="Saga")
    ),
    "legendary": lambda: Q(type_line__contains="Legendary"),
    "commander": lambda: (
        Q(type_line__contains="Legendary") & Q(type_line__contains="Creature")
        | Q(oracle_text__contains="can be your commander")
    ),
    "multicolor": _is_multicolour,
    "multicolored": _is_multicolour,
    "multicolour": _is_multicolour,
    "monocolor": lambda: Q(colors__length=1),
    "monocolored": lambda: Q(colors__length=1),
    "colorless": lambda: Q(colors=""),
    "vanilla": lambda: Q(oracle_text="") & Q(type_line__contains="Creature"),
}
IS_FLAG_NAMES: tuple[str, ...] = (
    "permanent",
    "spell",
    "land",
    "historic",
    "legendary",
    "commander",
)
IS_FLAG_NAMES += ("multicolor", "monocolor", "colorless", "vanilla")
ORDER_NAMES = ("name", "mv", "pow", "tou", "color")
SUPPORTED_FILTERS = (
    "kw: t: o: name: mv pow tou loy c: id: r: s: f: banned: restricted: is: order: dir:"
)


def _keywords_url() -> str:
    from django.urls import reverse

    return reverse("cards:keyword_list")


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


def _contains_q(column: str, value: str) -> Q:
    """``column`` (a folded field) contains ``value`` folded; on SQLite through the FTS index.

    The candidate rows narrow the ``LIKE`` only where it is a positive condition; under a ``-``
    the same ``Q`` is negated, and ``NOT (pk IN candidates AND LIKE)`` is still exactly
    ``NOT LIKE``.
    """
    folded = fold(value)
    q = Q(**{f"{column}__contains": folded})
    if len(folded) < FTS_MIN_LENGTH:
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


def parse(text: str) -> ParsedSearch:
    """Parse a search box query; raise :class:`SearchSyntaxError` when it cannot be read."""
    text = (text or "").strip()
    if len(text) > MAX_QUERY_LENGTH:
        raise SearchSyntaxError(
            _("The search is too long (at most %(max)d characters).") % {"max": MAX_QUERY_LENGTH}
        )
    if "\x00" in text:
        raise SearchSyntaxError(_("The search contains a character that cannot be searched."))
    try:
        tree = read(text)
    except QuerySyntaxError as error:
        raise SearchSyntaxError(_syntax_message(error), error.position) from None
    parsed = ParsedSearch(text=text)
    parsed.q = _Compiler(parsed).compile(tree)
    return parsed
