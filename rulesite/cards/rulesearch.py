"""Full-text search of the current Comprehensive Rules: accent- and case-insensitive, ranked,
with snippets.

The ranking is BM25 (k1 = 1.2, b = 0.75) over the rule's number, title and text, with a bonus
when the rule holds the query as a phrase and when its title holds a query word. The index is
an inverted index of the ~3,300 current rules, built in memory on first use and kept per
content version (:func:`rulesite.core.cache.content_version`), so an import rebuilds it: one
implementation for SQLite and PostgreSQL alike, well under a millisecond per query.
"""

from __future__ import annotations

import math
import re
import threading
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rulesite.cards.models import Rule
from rulesite.core.cache import content_version
from rulesite.core.text import fold

WORD_RE = re.compile(r"[\w']+")
K1, B = 1.2, 0.75
PHRASE_BONUS = 1.5
TITLE_BONUS = 2.0
SNIPPET_CHARS = 220
MAX_RESULTS = 50


@dataclass(frozen=True)
class RuleHit:
    number: str
    title: str
    score: float
    snippet: SafeString


@dataclass
class _Index:
    version: int
    numbers: list[str]
    titles: list[str]
    texts: list[str]
    folded: list[str]
    lengths: list[int]
    postings: dict[str, dict[int, int]]
    average: float


_lock = threading.Lock()
_index: _Index | None = None


def words(text: str) -> list[str]:
    return WORD_RE.findall(fold(text))


def _build(version: int) -> _Index:
    numbers: list[str] = []
    titles: list[str] = []
    texts: list[str] = []
    folded: list[str] = []
    lengths: list[int] = []
    postings: dict[str, dict[int, int]] = defaultdict(dict)
    for number, title, text in Rule.objects.order_by("sort_key").values_list(
        "number", "title", "text_en"
    ):
        doc = len(numbers)
        numbers.append(number)
        titles.append(title)
        texts.append(text)
        folded.append(fold(text))
        tokens = words(f"{number} {title} {text}")
        lengths.append(len(tokens))
        for word, count in Counter(tokens).items():
            postings[word][doc] = count
    average = sum(lengths) / len(lengths) if lengths else 1.0
    return _Index(version, numbers, titles, texts, folded, lengths, dict(postings), average)


def _current_index() -> _Index:
    global _index
    version = content_version()
    index = _index
    if index is None or index.version != version:
        with _lock:
            if _index is None or _index.version != version:
                _index = _build(version)
            index = _index
    return index


def search_rules(query: str, *, limit: int = MAX_RESULTS) -> list[RuleHit]:
    """The rules best matching ``query`` (every word must appear), best first."""
    terms = list(dict.fromkeys(words(query)))
    if not terms:
        return []
    index = _current_index()
    lists = [index.postings.get(term, {}) for term in terms]
    if not all(lists):
        return []
    candidates = set.intersection(*(set(p) for p in lists))
    total = len(index.numbers)
    phrase = " ".join(terms)
    scored: list[tuple[float, int]] = []
    for doc in candidates:
        score = 0.0
        norm = K1 * (1 - B + B * index.lengths[doc] / index.average)
        for posting in lists:
            frequency = posting[doc]
            idf = math.log(1 + (total - len(posting) + 0.5) / (len(posting) + 0.5))
            score += idf * frequency * (K1 + 1) / (frequency + norm)
        if len(terms) > 1 and phrase in index.folded[doc]:
            score *= PHRASE_BONUS
        if index.titles[doc] and any(t in words(index.titles[doc]) for t in terms):
            score *= TITLE_BONUS
        scored.append((score, doc))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [
        RuleHit(
            number=index.numbers[doc],
            title=index.titles[doc],
            score=round(score, 3),
            snippet=snippet(index.texts[doc], terms),
        )
        for score, doc in scored[:limit]
    ]


def snippet(text: str, terms: list[str], *, size: int = SNIPPET_CHARS) -> SafeString:
    """About ``size`` characters of ``text`` around the first query word, words marked.

    >>> str(snippet("Kicker is a static ability.", ["static"]))
    'Kicker is a <mark>static</mark> ability.'
    """
    folded = fold(text)
    if len(folded) != len(text):  # folding changed the length: mark nothing, cut plainly
        return mark_safe(escape(text[:size]) + ("…" if len(text) > size else ""))  # noqa: S308
    first = min((m.start() for t in terms for m in re.finditer(re.escape(t), folded)), default=0)
    start = max(0, first - size // 3)
    if start:
        start = text.find(" ", start) + 1 or start
    end = min(len(text), start + size)
    pattern = re.compile(r"\b(" + "|".join(re.escape(t) for t in terms) + r")\w*", re.IGNORECASE)
    pieces: list[str] = ["…" if start else ""]
    position = start
    for match in pattern.finditer(folded, start, end):
        pieces.append(escape(text[position : match.start()]))
        pieces.append(f"<mark>{escape(text[match.start() : match.end()])}</mark>")
        position = match.end()
    pieces.append(escape(text[position:end]))
    pieces.append("…" if end < len(text) else "")
    return mark_safe("".join(pieces))  # noqa: S308 - every piece is escaped
