"""What to offer when a card search finds nothing: the keyword page when the query names a
keyword (``kicker`` → Kicker), the rule when it is a rule number (``601.2f``), the glossary
entry when it is a glossary term, and card names close to what was typed."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from rulesite.cards.models import Card, GlossaryTerm, Keyword, Rule
from rulesite.core.cache import cached_value
from rulesite.core.text import fold

RULE_NUMBER_RE = re.compile(r"^(?:rule\s+|r[èe]gle\s+|cr\s+)?([1-9]\d{0,2}(?:\.\d+[a-z]?)?)\.?$")
CLOSE_NAMES = 5
CLOSE_CUTOFF = 0.72


@dataclass
class Suggestions:
    keyword: Keyword | None = None
    rule: Rule | None = None
    glossary: GlossaryTerm | None = None
    names: list[Card] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.keyword or self.rule or self.glossary or self.names)


def _folded_names() -> list[tuple[str, int]]:
    """Every card's folded English and French names, with the card id (cached)."""

    def build() -> list[tuple[str, int]]:
        pairs: list[tuple[str, int]] = []
        for pk, name, name_fr in Card.objects.values_list("pk", "name", "name_fr"):
            pairs.append((fold(name), pk))
            if name_fr:
                pairs.append((fold(name_fr), pk))
        return pairs

    return cached_value(("suggestion-names",), build, timeout=3600)


def close_names(query: str, *, limit: int = CLOSE_NAMES) -> list[Card]:
    """Cards whose English or French name is close to ``query`` (typos, missing words)."""
    folded = fold(query)
    if len(folded) < 3:
        return []
    pairs = _folded_names()
    names = [name for name, _ in pairs]
    matches = difflib.get_close_matches(folded, names, n=limit * 2, cutoff=CLOSE_CUTOFF)
    if len(matches) < limit:  # a word of a longer name: "lightnin" → "lightning bolt"
        words = [w for w in folded.split() if len(w) >= 4]
        if words:
            matches += [
                name
                for name in names
                if all(difflib.get_close_matches(w, name.split(), n=1, cutoff=0.8) for w in words)
            ][: limit * 2]
    by_name = dict(pairs)
    ids = list(dict.fromkeys(by_name[m] for m in matches))[:limit]
    cards = Card.objects.in_bulk(ids)
    return [cards[pk] for pk in ids if pk in cards]


def suggest(query: str, *, names: list[str]) -> Suggestions:
    """Suggestions for a search that found nothing; ``names`` are its name words."""
    text = query.strip()
    folded = fold(text.strip('"'))
    out = Suggestions()
    number = RULE_NUMBER_RE.match(folded)
    if number:
        out.rule = Rule.objects.filter(number=number.group(1)).first()
        if out.rule is None:
            out.rule = Rule.objects.formerly_numbered(number.group(1)).first()
    for keyword in Keyword.objects.only("slug", "name_en", "name_fr", "rule_number"):
        if folded in {fold(keyword.name_en), fold(keyword.name_fr), keyword.slug}:
            out.keyword = keyword
            break
    out.glossary = next(
        (t for t in GlossaryTerm.objects.filter(term__iexact=text.strip('"'))), None
    )
    if names and not out.keyword:
        out.names = close_names(" ".join(names))
    return out
