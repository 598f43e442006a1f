"""The card search language: a lark grammar and the tree it reads a query into (no Django).

A query is terms joined by ``and`` (or nothing), ``or`` and parentheses; ``-`` negates a term
or a group. ``and`` binds tighter than ``or``, as on Scryfall::

    t:instant (kw:kicker or kw:convoke) mv<=3
    -t:creature c>=rg
    "gnarlid colony" or !"Burst Lightning"

A term is a filter (``key`` + operator + value, the value quoted when it holds spaces), a name
word, a quoted name phrase, or an exact name (``!name`` / ``!"full name"``). :func:`read`
returns the tree; :class:`QuerySyntaxError` carries the 0-based ``position`` in the query of
what could not be read, so the message can point at it.

>>> read('t:instant (kw:kicker or kw:convoke) mv<=3')
All(terms=(Filter(key='t', operator=':', value='instant', position=0), \
Any(terms=(Filter(key='kw', operator=':', value='kicker', position=11), \
Filter(key='kw', operator=':', value='convoke', position=24))), \
Filter(key='mv', operator='<=', value='3', position=36)))
>>> read("-burst")
All(terms=(Not(term=Name(text='burst', exact=False, position=1)),))
>>> read("kw:kicker or")
Traceback (most recent call last):
...
rulesite.cards.searchsyntax.QuerySyntaxError: “or” needs a search on both sides.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.exceptions import UnexpectedEOF

GRAMMAR = r"""
    ?start: disjunction?
    ?disjunction: conjunction (_OR conjunction)*
    ?conjunction: negation (_AND? negation)*
    ?negation: NEGATE negation -> negated
             | atom
    ?atom: LPAR disjunction RPAR -> group
         | FILTER -> filter
         | EXACT -> exact
         | PHRASE -> phrase
         | WORD -> word

    _OR.5: /or(?=[\s()]|$)/i
    _AND.5: /and(?=[\s()]|$)/i
    NEGATE: "-"
    LPAR: "("
    RPAR: ")"
    FILTER.4: /[a-z]+(<=|>=|!=|:|=|<|>)("[^"]*"|[^\s()"]+)?/i
    EXACT.3: /!("[^"]*"|[^\s()"]+)/
    PHRASE.2: /"[^"]*"/
    WORD: /[^\s()"\-!][^\s()"]*/
    %ignore /\s+/
"""

FILTER_PARTS = re.compile(r"^([a-z]+)(<=|>=|!=|:|=|<|>)(.*)$", re.IGNORECASE | re.DOTALL)


#: Error codes, with the English message each stands for (the site translates them).
MESSAGES = {
    "unclosed_quote": "A quotation mark is not closed.",
    "unexpected_character": "“{text}” cannot be read here.",
    "unclosed_parenthesis": "A parenthesis is not closed.",
    "operator_alone": "“{text}” needs a search on both sides.",
    "ends_early": "The search ends too early.",
    "closes_nothing": "This parenthesis closes nothing.",
    "misplaced_minus": "“-” must stand just before what it excludes.",
    "unexpected": "“{text}” cannot be read here.",
}


class QuerySyntaxError(ValueError):
    """The query cannot be read: ``code`` (a key of :data:`MESSAGES`) and ``text`` say what,
    ``position`` says where (0-based)."""

    def __init__(self, code: str, position: int, text: str = "") -> None:
        super().__init__(MESSAGES[code].format(text=text))
        self.code = code
        self.position = position
        self.text = text


@dataclass(frozen=True)
class Filter:
    key: str  # lower-case, as typed: "t", "type", "mv", …
    operator: str
    value: str  # unquoted
    position: int


@dataclass(frozen=True)
class Name:
    text: str
    exact: bool
    position: int


@dataclass(frozen=True)
class Not:
    term: Node


@dataclass(frozen=True)
class All:
    terms: tuple[Node, ...]


@dataclass(frozen=True)
class Any:
    terms: tuple[Node, ...]


Node = Filter | Name | Not | All | Any


def _unquote(text: str) -> str:
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


class _Tree(Transformer[Token, Node]):
    def filter(self, children: list[Token]) -> Filter:
        (token,) = children
        match = FILTER_PARTS.match(str(token))
        assert match is not None  # the FILTER terminal has this shape
        key, operator, value = match.groups()
        return Filter(key.lower(), operator, _unquote(value).strip(), token.start_pos or 0)

    def exact(self, children: list[Token]) -> Name:
        (token,) = children
        return Name(_unquote(str(token)[1:]).strip(), True, (token.start_pos or 0) + 1)

    def phrase(self, children: list[Token]) -> Name:
        (token,) = children
        return Name(_unquote(str(token)).strip(), False, (token.start_pos or 0) + 1)

    def word(self, children: list[Token]) -> Name:
        (token,) = children
        return Name(str(token), False, token.start_pos or 0)

    def negated(self, children: list[Token | Node]) -> Not:
        term = children[-1]
        assert not isinstance(term, Token)
        return Not(term)

    def group(self, children: list[Token | Node]) -> Node:
        term = children[1]
        assert not isinstance(term, Token)
        return term

    def conjunction(self, children: list[Node]) -> All:
        return All(tuple(children))

    def disjunction(self, children: list[Node]) -> Any:
        return Any(tuple(children))

    def start(self, children: list[Node]) -> All:
        return All(tuple(children))


@functools.cache
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", lexer="basic", maybe_placeholders=False)


def _explain(query: str, error: UnexpectedInput) -> QuerySyntaxError:
    position = error.pos_in_stream if error.pos_in_stream is not None else len(query)
    if isinstance(error, UnexpectedCharacters):
        char = query[position : position + 1]
        if char == '"':
            return QuerySyntaxError("unclosed_quote", position)
        return QuerySyntaxError("unexpected_character", position, char)
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        open_count = query.count("(") - query.count(")")
        if open_count > 0:
            return QuerySyntaxError("unclosed_parenthesis", query.rfind("("))
        tail = query.rstrip()
        if re.search(r"(?i)(^|[\s(])(or|and)$", tail):
            word = tail.rsplit(None, 1)[-1].lower().lstrip("(")
            return QuerySyntaxError("operator_alone", len(tail) - len(word), word)
        return QuerySyntaxError("ends_early", len(query))
    assert isinstance(error, UnexpectedToken)
    token = error.token
    position = token.start_pos if token.start_pos is not None else position
    if token.type in {"_OR", "_AND"}:
        return QuerySyntaxError("operator_alone", position, str(token).lower())
    if token.type == "RPAR":
        return QuerySyntaxError("closes_nothing", position)
    if token.type == "NEGATE":
        return QuerySyntaxError("misplaced_minus", position)
    return QuerySyntaxError("unexpected", position, str(token))


def read(query: str) -> All:
    """The tree of ``query``; an empty query is ``All(())``.

    :raises QuerySyntaxError: with the position of the first thing that cannot be read.
    """
    try:
        tree = _parser().parse(query)
    except UnexpectedInput as error:
        raise _explain(query, error) from None
    if isinstance(tree, Token | None):
        return All(())
    node = _Tree().transform(tree)
    return node if isinstance(node, All) else All((node,))
