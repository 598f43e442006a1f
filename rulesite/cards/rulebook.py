"""The Comprehensive Rules as data (pure Python, no Django): one edition's rules and glossary,
how the rules of two editions correspond, and a word-level diff of two texts.

Renumbering is derived, never written by hand. :func:`derive_lineage` walks the newer
edition from the top of the tree down: a chapter or section (``7``, ``702``) keeps its number;
a rule (``702.33``) or subrule (``702.33a``) is matched among the children of the rule its
parent matched, preferring the same number when the text is nearly the same (ratio ≥
:data:`SAME_NUMBER_SIMILARITY`), else the sibling with the same title, else the most similar
sibling text (ratio ≥ :data:`SIMILARITY`), else the sibling with the same letter when it is
still somewhat alike (≥ :data:`SAME_LETTER_SIMILARITY`, a reworded subrule). Rule numbers
inside the texts, case and punctuation are ignored when
comparing, since a renumbered rule cites its own new number. So 2011's 702.30 "Kicker" is
2024's 702.33 "Kicker", and 702.30a is 702.33a, while 702.30 is Echo in both later editions.

>>> old = [RuleText("702", "Keyword Abilities", "Keyword Abilities"),
...        RuleText("702.30", "Kicker", "Kicker", "702"),
...        RuleText("702.30a", "", "Kicker is a static ability.", "702.30")]
>>> new = [RuleText("702", "Keyword Abilities", "Keyword Abilities"),
...        RuleText("702.30", "Echo", "Echo", "702"),
...        RuleText("702.33", "Kicker", "Kicker", "702"),
...        RuleText("702.33a", "", "Kicker is a static ability found on some spells.", "702.33")]
>>> derive_lineage(old, new)
{'702': '702', '702.33': '702.30', '702.33a': '702.30a'}
>>> word_diff("pay an additional {4}", "pay an extra {4}")
[('=', 'pay an '), ('-', 'additional'), ('+', 'extra'), ('=', ' {4}')]
>>> word_diff("Kicker {4}", "Kicker {5}")
[('=', 'Kicker '), ('-', '{4}'), ('+', '{5}')]
"""

from __future__ import annotations

import datetime
import difflib
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

SAME_NUMBER_SIMILARITY = 0.8
SIMILARITY = 0.6
SAME_LETTER_SIMILARITY = 0.4
RULE_NUMBER_RE = re.compile(r"\b[1-9]\d{2}(?:\.\d+[a-z]?)?\b")
# A mana symbol ({4}, {W/U}) is one word, so that a diff never splits one.
WORD_RE = re.compile(r"\{[^{}\s]{1,8}\}|\s+|[^\s\w]|\w+")
COMPARED_WORD_RE = re.compile(r"\w+|#")


@dataclass(frozen=True)
class RuleText:
    number: str
    title: str
    text: str
    parent: str | None = None


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    text: str


@dataclass
class EditionText:
    """What one Comprehensive Rules file says: its date, rules and glossary."""

    effective_on: datetime.date | None
    rules: list[RuleText] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)

    def by_number(self) -> dict[str, RuleText]:
        return {rule.number: rule for rule in self.rules}


def parent_number(number: str) -> str | None:
    """``601.2f`` → ``601.2`` → ``601`` → ``6`` → None."""
    if re.fullmatch(r"\d{3}\.\d+[a-z]", number):
        return number[:-1]
    if re.fullmatch(r"\d{3}\.\d+", number):
        return number.split(".")[0]
    if re.fullmatch(r"\d{3}", number):
        return number[0]
    return None


def depth(number: str) -> int:
    """0 for a chapter (``7``), 1 for a section (``702``), 2 for a rule, 3 for a subrule."""
    if "." not in number:
        return 0 if len(number) == 1 else 1
    return 3 if number[-1].isalpha() else 2


def rule_sort_key(number: str) -> str:
    """Order rule numbers naturally: 601.2 < 601.2a < 601.10, 702.9 < 702.33.

    >>> rule_sort_key("601.2f") < rule_sort_key("601.10")
    True
    """
    head, _, tail = number.partition(".")
    digits = "".join(c for c in tail if c.isdigit())
    letters = "".join(c for c in tail if c.isalpha())
    return f"{int(head or 0):04d}.{int(digits or 0):04d}{letters}"


def comparable(text: str) -> tuple[str, ...]:
    """A rule's words for comparison: rule numbers blanked, case folded, punctuation dropped.

    >>> comparable("Kicker (see rule 702.33a) is static.")
    ('kicker', 'see', 'rule', '#', 'is', 'static')
    """
    return tuple(COMPARED_WORD_RE.findall(RULE_NUMBER_RE.sub("#", text).casefold()))


def similarity(a: Sequence[str], b: Sequence[str], floor: float = SIMILARITY) -> float:
    """How alike two rules' words are (difflib's ratio over words, 0 to 1); 0 as soon as it is
    sure to be under ``floor``."""
    if a == b:
        return 1.0
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
        return 0.0
    return matcher.ratio()


def derive_lineage(old: Sequence[RuleText], new: Sequence[RuleText]) -> dict[str, str]:
    """For each rule of ``new`` that ``old`` already had: new number → old number."""
    old_by = {rule.number: rule for rule in old}
    children: dict[str | None, list[RuleText]] = defaultdict(list)
    for rule in old:
        children[rule.parent].append(rule)
    texts = {rule.number: comparable(rule.text) for rule in old}
    mapping: dict[str, str] = {}
    used: set[str] = set()
    for rule in sorted(new, key=lambda r: (depth(r.number), rule_sort_key(r.number))):
        if depth(rule.number) <= 1:
            if rule.number in old_by:
                mapping[rule.number] = rule.number
                used.add(rule.number)
            continue
        old_parent = mapping.get(rule.parent or "")
        if old_parent is None:
            continue  # a new section: everything under it is new
        siblings = [r for r in children[old_parent] if r.number not in used]
        match = _best_match(rule, comparable(rule.text), siblings, texts)
        if match is not None:
            mapping[rule.number] = match
            used.add(match)
    return mapping


def _best_match(
    rule: RuleText,
    text: tuple[str, ...],
    siblings: list[RuleText],
    texts: dict[str, tuple[str, ...]],
) -> str | None:
    same = next((r for r in siblings if r.number == rule.number), None)
    if same is not None and (
        (rule.title and same.title.casefold() == rule.title.casefold())
        or similarity(texts[same.number], text) >= SAME_NUMBER_SIMILARITY
    ):
        return same.number
    if rule.title:
        titled = [r for r in siblings if r.title.casefold() == rule.title.casefold()]
        if titled:
            return titled[0].number
    best, best_score = None, SIMILARITY
    for sibling in siblings:
        if sibling.title and rule.title:
            continue
        score = similarity(texts[sibling.number], text)
        if score > best_score or (score == best_score and best is None and score > 0):
            best, best_score = sibling.number, score
    if best is None and depth(rule.number) == 3:
        # A reworded subrule keeps its letter under its renumbered rule (702.48a → 702.51a).
        letter = next((r for r in siblings if r.number[-1] == rule.number[-1]), None)
        floor = SAME_LETTER_SIMILARITY
        if letter is not None and similarity(texts[letter.number], text, floor) >= floor:
            best = letter.number
    return best


Diff = list[tuple[str, str]]


def word_diff(old: str, new: str) -> Diff:
    """The words of ``old`` and ``new`` as runs: ``=`` kept, ``-`` removed, ``+`` added."""
    a = WORD_RE.findall(old)
    b = WORD_RE.findall(new)
    runs: Diff = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            _append(runs, "=", "".join(a[i1:i2]))
            continue
        if tag in {"delete", "replace"}:
            _append(runs, "-", "".join(a[i1:i2]))
        if tag in {"insert", "replace"}:
            _append(runs, "+", "".join(b[j1:j2]))
    return runs


def diff_sides(diff: Diff) -> tuple[Diff, Diff]:
    """The older text with its removed words marked, and the newer with its added words.

    >>> older, newer = diff_sides(word_diff("an additional {4}", "an extra {4}"))
    >>> older
    [('=', 'an '), ('-', 'additional'), ('=', ' {4}')]
    >>> newer
    [('=', 'an '), ('+', 'extra'), ('=', ' {4}')]
    """
    older = [(kind, text) for kind, text in diff if kind != "+"]
    newer = [(kind, text) for kind, text in diff if kind != "-"]
    return older, newer


def _append(runs: Diff, kind: str, text: str) -> None:
    if not text:
        return
    if runs and runs[-1][0] == kind:
        runs[-1] = (kind, runs[-1][1] + text)
    else:
        runs.append((kind, text))


def glossary_references(entries: Iterable[GlossaryEntry]) -> dict[str, list[str]]:
    """Term → the rule numbers its definition cites ("See rule 702.33")."""
    return {
        entry.term: list(dict.fromkeys(RULE_NUMBER_RE.findall(entry.text))) for entry in entries
    }


def glossary_aliases(entry: GlossaryEntry) -> list[str]:
    """The words whose mentions in rulings and card text link to this glossary entry: each
    name of the term ("Kicker, Kicked" has two) that has two words or more ("mana value") or
    names a keyword ("Kicker"), so that everyday words ("card", "player") stay plain text.

    >>> glossary_aliases(GlossaryEntry("Kicker, Kicked", "Kicker is a keyword ability …"))
    ['Kicker', 'Kicked']
    >>> glossary_aliases(GlossaryEntry("Mana Value", "…")), glossary_aliases(
    ...     GlossaryEntry("Card", "The Magic game piece."))
    (['Mana Value'], [])
    """
    if any(c in entry.term for c in "()[]"):
        return []
    first_sentence = entry.text.split(". ")[0]
    keyword = "keyword ability" in first_sentence or "keyword action" in first_sentence
    names = [name.strip() for name in entry.term.split(",")]
    return [n for n in names if len(n) >= 4 and (keyword or len(n.split()) >= 2)]
