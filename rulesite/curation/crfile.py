"""Read the official Comprehensive Rules text file (pure Python, no Django).

The file Wizards publishes (MagicCompRules-YYYYMMDD.txt) starts with a UTF-8 byte-order mark,
separates lines with bare carriage returns, lists a table of contents, then the numbered rules,
then a Glossary and Credits. Each rule is one line ``601.2f The player determines…`` (sections
``601. Casting Spells``, rules with a trailing dot ``601.2.``), optionally followed by
``Example:`` paragraphs that belong to it. Each glossary entry is a term on its own line
followed by its definition, entries separated by a blank line.

:func:`parse_comprehensive_rules` returns a :class:`rulesite.cards.rulebook.EditionText`.
"""

from __future__ import annotations

import datetime
import re

from rulesite.cards.rulebook import EditionText, GlossaryEntry, RuleText, parent_number

CHAPTER_RE = re.compile(r"^([1-9])\.\s+(\S.*)$")
SECTION_RE = re.compile(r"^([1-9]\d\d)\.\s+(\S.*)$")
RULE_RE = re.compile(r"^([1-9]\d\d\.\d+)\.\s+(\S.*)$")
SUBRULE_RE = re.compile(r"^([1-9]\d\d\.\d+[a-z])\s+(\S.*)$")
EFFECTIVE_RE = re.compile(r"effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})")
# A rule whose whole text is a short name without a full stop is a title: "702.33. Kicker".
TITLE_MAX_LENGTH = 80


class CRFormatError(ValueError):
    """The text is not a Comprehensive Rules file we can read; nothing should be imported."""


def split_lines(text: str) -> list[str]:
    """Lines of the file whatever its line endings (CR, LF or CRLF), without the BOM."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def parse_edition(lines: list[str]) -> datetime.date | None:
    for line in lines[:20]:
        match = EFFECTIVE_RE.search(line)
        if match:
            try:
                return datetime.datetime.strptime(match.group(1), "%B %d, %Y").date()
            except ValueError:
                raise CRFormatError(
                    f"the effective date {match.group(1)!r} is not a date"
                ) from None
    return None


def _sections(lines: list[str]) -> tuple[list[str], list[str]]:
    """The numbered rules (from the first chapter heading after the contents to the Glossary)
    and the glossary (from there to the Credits)."""
    stripped = [line.strip() for line in lines]
    try:
        contents_end = stripped.index("Credits")
    except ValueError:
        contents_end = -1
    start = None
    for index in range(contents_end + 1, len(stripped)):
        if CHAPTER_RE.match(stripped[index]):
            start = index
            break
    if start is None:
        raise CRFormatError("no numbered rules found (expected a line such as '1. Game Concepts')")
    try:
        end = stripped.index("Glossary", start)
    except ValueError:
        return stripped[start:], []
    try:
        credits = stripped.index("Credits", end)
    except ValueError:
        credits = len(stripped)
    return stripped[start:end], stripped[end + 1 : credits]


def parse_glossary(lines: list[str]) -> list[GlossaryEntry]:
    """Entries separated by blank lines: the first line is the term, the rest its text."""
    entries: list[GlossaryEntry] = []
    block: list[str] = []
    seen: set[str] = set()
    for line in [*lines, ""]:
        if line:
            block.append(line)
            continue
        if len(block) >= 2 and block[0].casefold() not in seen:
            seen.add(block[0].casefold())
            entries.append(GlossaryEntry(term=block[0], text="\n".join(block[1:])))
        block = []
    return entries


def parse_comprehensive_rules(text: str) -> EditionText:
    """Parse the whole file; raise :class:`CRFormatError` on anything inconsistent."""
    if "\x00" in text:
        raise CRFormatError("the file contains NUL bytes: not a text file")
    lines = split_lines(text)
    body, glossary = _sections(lines)
    result = EditionText(effective_on=parse_edition(lines), glossary=parse_glossary(glossary))
    seen: dict[str, int] = {}
    texts: list[list[str]] = []
    heads: list[tuple[str, str]] = []
    for line_number, line in enumerate(body, start=1):
        if not line:
            continue
        match = (
            SUBRULE_RE.match(line)
            or RULE_RE.match(line)
            or SECTION_RE.match(line)
            or CHAPTER_RE.match(line)
        )
        if match:
            number, head = match.group(1), match.group(2).strip()
            if number in seen:
                raise CRFormatError(
                    f"rule {number} appears twice "
                    f"(lines {seen[number]} and {line_number} of the rules)"
                )
            seen[number] = line_number
            heads.append((number, head))
            texts.append([head])
        elif texts:
            texts[-1].append(line)  # "Example: …" and other continuation paragraphs
        else:
            raise CRFormatError(f"text before the first rule: {line[:60]!r}")
    for (number, head), paragraphs in zip(heads, texts, strict=True):
        is_title = (
            not re.fullmatch(r"\d{3}\.\d+[a-z]", number)
            and len(paragraphs) == 1
            and len(head) <= TITLE_MAX_LENGTH
            and not head.endswith((".", ":", "”", '"', ")"))
        )
        parent = parent_number(number)
        if parent is not None and parent not in seen:
            raise CRFormatError(f"rule {number} has no parent rule {parent} in the file")
        result.rules.append(
            RuleText(
                number=number,
                text="\n\n".join(paragraphs),
                title=head if is_title else "",
                parent=parent,
            )
        )
    if not any(rule.number.count(".") for rule in result.rules):
        raise CRFormatError("no numbered rules found")
    return result


def decode_rules_file(data: bytes) -> str:
    """Decode the file's bytes (UTF-8, with or without BOM); raise CRFormatError otherwise."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CRFormatError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
