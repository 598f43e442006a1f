"""The French terminology: seeding it, finding keyword names on French printed cards, and
checking a French text against it.

A check reads the English text for glossary terms (longest first, so "kicker cost" wins over
"kicker") and, for each term found, looks in the French for

* the French term (any inflection: "kické", "exilez", "champs de bataille"); when it is
  absent the term was rendered otherwise ("seconde fractionnée" for "split second");
* the English term itself: a term left in English ("sur la stack").

Both give a :class:`Finding`; the curator sees the findings when saving (and must confirm to
save anyway), and the review queue shows them for machine French too.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models.functions import Lower

from rulesite.cards.models import Keyword
from rulesite.core.text import fold
from rulesite.curation.glossary_terms import RULES_TERMS
from rulesite.curation.models import FrenchTerm

#: English terms that are French words as well: never reported as "left in English".
ALSO_FRENCH = frozenset({"instant", "permanent", "flash", "flashback", "protection", "vigilance"})

REMINDER = re.compile(r"\s*\([^)]*\)")
ITEM_SPLIT = re.compile(r"\s*[,;]\s*")
COST_TAIL = re.compile(r"^(?P<name>[^\W\d_][\w'’ -]*?)\s*(?:[{\d—–:X].*)?$")


@dataclass(frozen=True)
class Finding:
    """``kind`` is ``"missing"`` (French renders the term otherwise) or ``"english"`` (the
    English term left in the French)."""

    term_en: str
    term_fr: str
    kind: str


def _english_pattern(term: str) -> re.Pattern[str]:
    words = fold(term).split()
    *head, last = words
    forms = [re.escape(last) + r"(?:s|es|ed|d|ing|[a-z](?:ed|ing))?"]
    if last.endswith("e"):
        forms.append(re.escape(last[:-1]) + "ing")
    if last.endswith("y"):
        forms.append(re.escape(last[:-1]) + "i(?:es|ed)")
    body = r"\s+".join([*(re.escape(w) + "s?" for w in head), "(?:" + "|".join(forms) + ")"])
    return re.compile(rf"(?<![\w-]){body}(?![\w-])")


def _french_pattern(term: str) -> re.Pattern[str]:
    words = fold(term).replace("'", "' ").split()
    parts = []
    for i, word in enumerate(words):
        if i == len(words) - 1 and word.endswith("er") and len(word) > 4:
            parts.append(re.escape(word[:-2]) + r"\w{0,5}")  # exiler: exilez, exilée, exile
        else:
            parts.append(re.escape(word) + r"(?:s|x|e|es|ee|ees)?")
    body = r"\s*".join(parts) if "'" in term else r"\s+".join(parts)
    return re.compile(rf"(?<![\w-]){body}(?![\w-])")


@dataclass(frozen=True)
class Term:
    term_en: str
    term_fr: str
    english: re.Pattern[str]
    french: re.Pattern[str]
    check_left_in_english: bool


class Glossary:
    """Compiled glossary terms; ``check(text_en, text_fr)`` lists the findings."""

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        terms: dict[str, Term] = {}
        for term_en, term_fr in pairs:
            key = fold(term_en).strip()
            if not key or not term_fr.strip() or key in terms:
                continue
            terms[key] = Term(
                term_en=term_en.strip(),
                term_fr=term_fr.strip(),
                english=_english_pattern(term_en),
                french=_french_pattern(term_fr),
                check_left_in_english=key not in ALSO_FRENCH and key != fold(term_fr).strip(),
            )
        # Longest first: "kicker cost" is read before "kicker", "mana cost" inside
        # "converted mana cost" is not read twice.
        self.terms = sorted(terms.values(), key=lambda t: (-len(t.term_en), t.term_en))

    def __len__(self) -> int:
        return len(self.terms)

    def terms_in(self, text_en: str) -> list[Term]:
        """The glossary terms an English text uses, longest match first, no overlaps."""
        english = fold(text_en)
        taken: list[tuple[int, int]] = []
        found: list[Term] = []
        for term in self.terms:
            for match in term.english.finditer(english):
                span = match.span()
                if any(span[0] < end and start < span[1] for start, end in taken):
                    continue
                taken.append(span)
                if term not in found:
                    found.append(term)
        return found

    def check(self, text_en: str, text_fr: str) -> list[Finding]:
        if not text_fr.strip():
            return []
        french = fold(text_fr)
        findings: list[Finding] = []
        for term in self.terms_in(text_en):
            if term.check_left_in_english and term.english.search(french):
                findings.append(Finding(term.term_en, term.term_fr, "english"))
            elif not term.french.search(french):
                findings.append(Finding(term.term_en, term.term_fr, "missing"))
        return findings


def load_glossary() -> Glossary:
    """The glossary table, and the French names of keywords it does not list yet."""
    rows = list(FrenchTerm.objects.values_list("term_en", "term_fr"))
    listed = {fold(en) for en, _ in rows}
    keywords = [
        (en, fr)
        for en, fr in Keyword.objects.exclude(name_fr="").values_list("name_en", "name_fr")
        if fold(en) not in listed
    ]
    return Glossary([*rows, *keywords])


def glossary_entries() -> list[tuple[str, str]]:
    """(English, French) pairs for machine-translation backends that take a glossary."""
    glossary = load_glossary()
    return [(t.term_en, t.term_fr) for t in sorted(glossary.terms, key=lambda t: t.term_en)]


# ---- seeding ------------------------------------------------------------------------------


def seed_rules_terms() -> int:
    """Add the Comprehensive Rules terms the table lacks (existing terms are never changed)."""
    have = {fold(t) for t in FrenchTerm.objects.values_list("term_en", flat=True)}
    new = [
        FrenchTerm(term_en=en, term_fr=fr, note=note, source=FrenchTerm.Source.RULES)
        for en, fr, note in RULES_TERMS
        if fold(en) not in have
    ]
    FrenchTerm.objects.bulk_create(new)
    return len(new)


def sync_keyword_terms() -> int:
    """One glossary term per keyword with a French name; a term a curator checked keeps its
    French. Returns the number of terms added or changed."""
    terms = {t.term_en.casefold(): t for t in FrenchTerm.objects.order_by(Lower("term_en"))}
    changed = 0
    with transaction.atomic():
        for keyword in Keyword.objects.exclude(name_fr="").order_by("name_en"):
            term = terms.get(keyword.name_en.casefold())
            if term is None:
                FrenchTerm.objects.create(
                    term_en=keyword.name_en,
                    term_fr=keyword.name_fr,
                    keyword=keyword,
                    source=FrenchTerm.Source.KEYWORD,
                )
                changed += 1
                continue
            updates: dict[str, object] = {}
            if term.keyword_id is None and not FrenchTerm.objects.filter(keyword=keyword).exists():
                updates["keyword"] = keyword
            if (
                not term.curated
                and term.source == FrenchTerm.Source.KEYWORD
                and fold(term.term_fr) != fold(keyword.name_fr)
            ):
                updates["term_fr"] = keyword.name_fr
            if updates:
                for name, value in updates.items():
                    setattr(term, name, value)
                term.save(update_fields=[*updates])
                changed += 1
    return changed


# ---- keyword names on French printed cards -------------------------------------------------


def _items(line: str) -> list[str]:
    return [item for item in ITEM_SPLIT.split(REMINDER.sub("", line).strip()) if item]


def _keyword_of(item: str, keywords: Iterable[str]) -> str | None:
    """The keyword an English item is: "Kicker {2}{G}" is Kicker; "Protection from red" is
    not a bare keyword (its French would carry more words)."""
    lowered = item.casefold()
    for keyword in sorted(keywords, key=len, reverse=True):
        k = keyword.casefold()
        if lowered == k:
            return keyword
        if lowered.startswith(k) and re.match(r"^\s*[{\dX—–:]", lowered[len(k) :]):
            return keyword
    return None


def _french_name(item: str) -> str | None:
    match = COST_TAIL.match(item.strip())
    if not match:
        return None
    name = match.group("name").strip(" -")
    if not name or len(name) > 60:
        return None
    return name[0].upper() + name[1:]


def french_keyword_names(
    cards: Iterable[tuple[Iterable[str], str, str]], *, min_votes: int = 2
) -> dict[str, str]:
    """Keyword → French name, read from cards' English Oracle text and French printed text.

    A keyword line ("Convoke, delve (…)") is matched with the same line of the French text
    ("Convocation, fouille (…)"), item by item; each card votes, and the name most cards print
    wins (at least ``min_votes`` of them and half of the votes, unless only one card has it).

    >>> french_keyword_names([(["Convoke", "Delve", "Trample"],
    ...     "You can't spend mana.\\nConvoke, delve (Each…)\\nTrample",
    ...     "Vous ne pouvez pas.\\nConvocation, fouille (Chaque…)\\nPiétinement")])
    {'Convoke': 'Convocation', 'Delve': 'Fouille', 'Trample': 'Piétinement'}
    """
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for keywords, oracle_text, printed_fr in cards:
        names = list(keywords)
        if not names or not oracle_text or not printed_fr:
            continue
        english_lines = oracle_text.split("\n")
        french_lines = printed_fr.split("\n")
        if len(english_lines) != len(french_lines):
            continue
        for english_line, french_line in zip(english_lines, french_lines, strict=True):
            english = _items(english_line)
            found = [_keyword_of(item, names) for item in english]
            if not english or None in found:
                continue
            french = _items(french_line)
            if len(french) != len(english):
                continue
            for keyword, item in zip(found, french, strict=True):
                name = _french_name(item)
                if keyword is not None and name is not None:
                    votes[keyword][name] += 1
    chosen: dict[str, str] = {}
    for keyword, counter in votes.items():
        (best, count), total = counter.most_common(1)[0], sum(counter.values())
        if total == 1 or (count >= min_votes and count * 2 >= total):
            chosen[keyword] = best
    return chosen
