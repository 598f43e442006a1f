"""How much of real card text the engine reads, and whether it is honest about the rest:
``python -m engine.coverage <mtgjson sets dir>``.

Reads every MTGJSON v5 set file (one at a time) and keeps distinct cards by name. Then:

* **Casting text, by an independent reading.** This module finds each card's casting text
  with its own plain reading of the reminder-free text, sharing no code with the engine's
  reader: every keyword MTGJSON lists whose rules define a cost or a permission to cast, and
  every sentence outside triggered and activated abilities (and, on an instant or a sorcery,
  about casting that spell itself) that speaks of a cost, "rather than pay", an additional
  cost, "costs … more/less", "cast … only", "can't be cast", casting as though with flash, or
  a permission to cast. What is not casting a spell is left out: the costs of activating
  abilities, of keyword abilities that are activated or triggered (crew, cycling, echo, …)
  and of special actions (morph costs, foretelling), a limit on such a cost ("This effect
  can't reduce …" after it), and activated abilities granted in quotation marks, mana
  abilities included. Each piece must be read by the engine as casting text it models or
  as not understood; one it reads as an effect, or does not read at all, is **silently
  ignored**: the count of cards with any must be 0.
* **How much is modelled**: of the nonland cards with casting text beyond kicker,
  multikicker, convoke and split second, those whose casting text the engine models whole.
* **What is not**: the mechanics the engine reports as not modelled, by number of cards.
* The kicker figures of earlier releases: costs read exactly, kicked-only clauses understood.

>>> independent_kicker_costs("Kicker {1}{U} and/or {B} (You may pay …)\\nFlying")
['{1}{U}', '{B}']
>>> [text for _, text in independent_casting_text(
...     "Cast this spell only during combat.\\nDraw a card.", "Shock", spell=True)]
['Cast this spell only during combat.']
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from engine.cards import CardDefinition
from engine.casting_text import Reading
from engine.errors import EngineError
from engine.text import Condition

__all__ = [
    "Report",
    "independent_casting_text",
    "independent_kicker_costs",
    "main",
    "measure",
]

_WATCHED = {"Kicker", "Multikicker", "Convoke", "Split second"}

# The keywords (as MTGJSON names them) whose rules define a cost to cast the card or a
# permission to cast it: alternative and additional costs, cost reductions, ways to pay,
# permissions from a zone, timing.
CASTING_KEYWORDS = frozenset(
    {
        "Flash",
        "Kicker",
        "Multikicker",
        "Convoke",
        "Flashback",
        "Escape",
        "Jump-start",
        "Retrace",
        "Disturb",
        "Aftermath",
        "Foretell",
        "Madness",
        "Suspend",
        "Miracle",
        "Spectacle",
        "Surge",
        "Prowl",
        "Evoke",
        "Overload",
        "Dash",
        "Blitz",
        "Emerge",
        "Bestow",
        "Morph",
        "Megamorph",
        "Disguise",
        "Affinity",
        "Undaunted",
        "Delve",
        "Improvise",
        "Buyback",
        "Entwine",
        "Escalate",
        "Replicate",
        "Casualty",
        "Conspire",
        "Splice",
        "Mutate",
        "Offering",
        "Cleave",
        "Assist",
        "Split second",
    }
)

_SPEAKS_OF_CASTING = (
    re.compile(r"rather than pay", re.I),
    re.compile(r"additional cost", re.I),
    re.compile(r"\bcosts?\b.{0,120}?\b(?:more|less)\b", re.I),
    re.compile(r"\bcost(?:s)?\b.{0,60}?\bto cast\b", re.I),
    re.compile(r"\bcast\b.{0,40}?\bonly\b", re.I),
    re.compile(r"can(?:'|no)t (?:be )?cast", re.I),
    re.compile(r"can(?:'|no)t (?:\w+ ){0,5}?(?:or|to) cast\b", re.I),
    re.compile(r"as though (?:it|they) had flash", re.I),
    re.compile(r"\b(?:has|have) flash\b", re.I),
    re.compile(r"\bmay (?:cast|play)\b", re.I),
    re.compile(r"without paying", re.I),
    re.compile(r"\bspen[dt]\b.{0,60}?\bmana\b|\bmana\b.{0,60}?\bspen[dt]\b", re.I),
)


_ACTIVATION = re.compile(r"\bactivate\b|\babilit(?:y|ies)\b|\bequip costs?\b", re.I)
# Costs paid to do something other than cast a spell: the cost of a keyword ability that is
# activated (crew 702.122a, cycling 702.29a, equip 702.6a, ninjutsu, unearth, …) or triggered
# (echo 702.30a, cumulative upkeep 702.24a), or of a special action (turning a face-down
# permanent face up, 702.37e and 702.168d; foretelling, 702.143b).
_OTHER_ACTION_COST = re.compile(
    r"\b(?:crew|cycling|echo|equip|ninjutsu|unearth|outlast|reinforce|transmute|embalm|"
    r"eternalize|scavenge|fortify|reconfigure|level up|cumulative upkeep|morph|megamorph|"
    r"disguise) costs?\b|\bforetelling\b|\bactivation costs?\b|\bto activate\b",
    re.I,
)
# An activated ability granted in quotation marks ("cost: effect", mana abilities included):
# like a printed one, what it says is about activating it.
_QUOTED_ACTIVATED = re.compile(r'["“][^"“”.:]{1,80}:\s[^"“”]*["”]')
_LAND_PLAY = re.compile(r"\bplay (?:an? |two |any number of )?(?:additional )?lands?\b", re.I)


def independent_kicker_costs(text: str, keyword: str = "Kicker") -> list[str]:
    """Read kicker costs with a plain line match, independent of the engine's parser.

    >>> independent_kicker_costs("Kicker—Sacrifice a land. (You may …)")
    ['Sacrifice a land']
    >>> independent_kicker_costs("Multikicker {2}", "Multikicker")
    ['{2}']
    """
    costs: list[str] = []
    for line in text.split("\n"):
        line = re.sub(r"\s*\(.*?\)", "", line).strip()
        if not line.startswith(keyword + " ") and not line.startswith(keyword + "—"):
            continue
        rest = line[len(keyword) :].lstrip(" —").split(". ")[0].rstrip(".")
        costs.extend(part.strip() for part in rest.split(" and/or "))
    return costs


def independent_casting_text(text: str, name: str, *, spell: bool) -> list[tuple[int, str]]:
    """The sentences of a card's text that speak of casting, each with its line number.

    Triggered abilities ("When…", "Whenever…", "At…"), activated abilities ("cost: effect"),
    saga chapters and modes are what the card does, not how it is cast; so is what an instant
    or a sorcery does, except the sentences about casting that spell itself.

    >>> independent_casting_text("{T}: Spells cost {1} less to cast this turn.", "X", spell=False)
    []
    >>> independent_casting_text("Spells your opponents cast cost {1} more to cast.", "X",
    ...     spell=False)
    [(0, 'Spells your opponents cast cost {1} more to cast.')]
    """
    found: list[tuple[int, str]] = []
    short = name.split(",")[0]
    for index, raw in enumerate(text.split("\n")):
        line = re.sub(r"\s*\([^()]*\)", "", raw).strip()
        line = re.sub(r"^[A-Z][A-Za-z' ,-]{0,40} — (?=[A-Z])", "", line)
        if not line or line.startswith("•") or re.match(r"^[IVX]+(?:, [IVX]+)* —", line):
            continue
        if re.match(r"^(?:When|Whenever|At)\b", line):
            continue
        if re.match(r"^[^\"“]{1,90}:", line):
            continue
        line = _QUOTED_ACTIVATED.sub('""', line)
        before: bool | None = None  # whether the sentence before on this line was kept
        for sentence in re.split(r"(?<=[.!])\s+(?=[A-Z])", line):
            if before is False and sentence.startswith("This effect "):
                continue  # a limit on the sentence before it, which is not casting text
            before = False
            if not any(marker.search(sentence) for marker in _SPEAKS_OF_CASTING):
                continue
            if _ACTIVATION.search(sentence) and not re.search(r"\bspells?\b", sentence, re.I):
                continue  # the cost of activating abilities, not of casting
            if _OTHER_ACTION_COST.search(sentence) and not re.search(
                r"\bcast\b|\bspells?\b", sentence, re.I
            ):
                continue  # the cost of an activated or triggered ability or a special action
            if _LAND_PLAY.search(sentence) and not re.search(
                r"\bcast\b|\bspells?\b", sentence, re.I
            ):
                continue  # playing lands is not casting
            about_itself = (
                "this spell" in sentence.lower()
                or name in sentence
                or (short in sentence and len(short) > 2)
            )
            if spell and not about_itself:
                continue
            before = True
            found.append((index, sentence))
    return found


@dataclass
class Report:
    """Counts gathered over the card files.

    >>> Report().keyword_share
    0.0
    """

    cards: int = 0
    watched: int = 0
    exact: int = 0
    kicker_cards: int = 0
    kicked_understood: int = 0
    casting_cards: int = 0
    casting_modelled_all: int = 0
    casting_flagged_all: int = 0
    beyond: int = 0
    beyond_modelled: int = 0
    silently_ignored: list[str] = field(default_factory=list)
    unmodelled: Counter[str] = field(default_factory=Counter)
    mismatches: list[str] = field(default_factory=list)
    not_understood: list[str] = field(default_factory=list)

    @property
    def keyword_share(self) -> float:
        """Share of watched cards whose keywords and costs were read exactly."""
        return self.exact / self.watched if self.watched else 0.0

    @property
    def kicked_share(self) -> float:
        """Share of kicker cards whose kicked-only clauses were all understood."""
        return self.kicked_understood / self.kicker_cards if self.kicker_cards else 0.0

    @property
    def modelled_share(self) -> float:
        """Share of the casting-text cards (beyond the four first mechanics) modelled whole."""
        return self.beyond_modelled / self.beyond if self.beyond else 0.0


def _cards(directory: Path) -> Iterator[dict[str, object]]:
    for path in sorted(directory.glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            data = json.load(handle)["data"]
        yield from data.get("cards", [])


def _strings(card: dict[str, object], key: str) -> list[str]:
    value = card.get(key) or []
    return [str(item) for item in value] if isinstance(value, list) else []


def _exact(card: dict[str, object], definition: CardDefinition) -> bool:
    text = str(card.get("text") or "")
    keywords = set(_strings(card, "keywords"))
    parsed = [str(c) for c in definition.kicker_costs]
    expected = independent_kicker_costs(text, "Kicker") if "Kicker" in keywords else []
    multi = independent_kicker_costs(text, "Multikicker") if "Multikicker" in keywords else []
    return (
        parsed == expected
        and ([str(definition.multikicker_cost)] if definition.multikicker_cost else []) == multi
        and definition.has_convoke == ("Convoke" in keywords)
        and definition.has_split_second == ("Split second" in keywords)
    )


def _engine_reading(definition: CardDefinition, line: int, sentence: str) -> Reading | None:
    """How the engine read the sentence on that line (None: it did not read it at all)."""
    wanted = " ".join(sentence.lower().split()).rstrip(".")
    readings: list[Reading] = []
    for clause in definition.clauses:
        text = " ".join(clause.text.lower().split()).rstrip(".")
        if clause.line == line and (wanted in text or (text and text in wanted)):
            readings.append(clause.reading)
    for item in definition.unmodelled:
        text = " ".join(item.text.lower().split()).rstrip(".")
        if wanted in text or (text and text in wanted):
            readings.append(Reading.UNKNOWN)
    if not readings:
        return None
    if Reading.UNKNOWN in readings:
        return Reading.UNKNOWN
    return Reading.CASTING if Reading.CASTING in readings else Reading.EFFECT


def _keyword_reading(definition: CardDefinition, keyword: str) -> Reading | None:
    wanted = keyword.lower()
    found = [reading for name, reading in definition.keyword_readings if name == wanted]
    if not found:
        return None
    return Reading.UNKNOWN if Reading.UNKNOWN in found else found[0]


def _judge(card: dict[str, object], name: str, definition: CardDefinition, report: Report) -> None:
    """Compare the independent reading of the card's casting text with the engine's."""
    types = set(_strings(card, "types"))
    text = str(card.get("text") or "")
    keywords = set(_strings(card, "keywords")) & CASTING_KEYWORDS
    sentences = independent_casting_text(text, name, spell=bool(types & {"Instant", "Sorcery"}))
    if not keywords and not sentences:
        return
    readings = [_keyword_reading(definition, k) for k in sorted(keywords)]
    readings += [_engine_reading(definition, line, s) for line, s in sentences]
    report.casting_cards += 1
    silent = [r for r in readings if r in (None, Reading.EFFECT)]
    if silent:
        report.silently_ignored.append(name)
        return
    modelled = all(r is Reading.CASTING for r in readings)
    report.casting_modelled_all += modelled
    report.casting_flagged_all += not modelled
    beyond = bool(keywords - _WATCHED - {"Flash"}) or bool(sentences)
    if "Land" in types or not beyond:
        return
    report.beyond += 1
    report.beyond_modelled += modelled
    if not modelled:
        mechanics = {item.mechanic for item in definition.unmodelled}
        if not mechanics:
            mechanics = {"other"}
        report.unmodelled.update(mechanics)


def measure(directory: Path) -> Report:
    """Read every set file in ``directory`` and count what the parser extracts.

    >>> measure(Path("/nonexistent")).cards
    0
    """
    report = Report()
    seen: set[str] = set()
    for card in _cards(directory):
        name = str(card.get("faceName") or card.get("name"))
        if name in seen or card.get("isFunny") or card.get("isOnlineOnly"):
            continue
        seen.add(name)
        report.cards += 1
        keywords = set(_strings(card, "keywords"))
        try:
            definition = CardDefinition.parse(
                name=name,
                mana_cost=str(card.get("manaCost") or ""),
                type_line=str(card.get("type") or ""),
                oracle_text=str(card.get("text") or ""),
                colors="".join(_strings(card, "colors")),
            )
        except EngineError as error:
            report.mismatches.append(f"{name}: {error}")
            continue
        _judge(card, name, definition, report)
        if not keywords & _WATCHED:
            continue
        report.watched += 1
        if _exact(card, definition):
            report.exact += 1
        else:
            report.mismatches.append(name)
        if keywords & {"Kicker", "Multikicker"}:
            report.kicker_cards += 1
            kicked = [c for c in definition.clauses if c.condition is not Condition.ALWAYS]
            lost = [n for n in definition.not_understood if "kick" in n.lower()]
            if all(c.understood for c in kicked) and not lost:
                report.kicked_understood += 1
            else:
                report.not_understood.append(name)
    return report


def main(argv: list[str]) -> int:
    """Print the coverage figures for the set files in the given directory.

    >>> main([])
    2
    """
    if len(argv) != 1:
        print("usage: python -m engine.coverage <mtgjson sets directory>", file=sys.stderr)
        return 2
    report = measure(Path(argv[0]))
    print(f"distinct cards read: {report.cards}")
    print(
        f"cards with casting text (independent reading): {report.casting_cards} — "
        f"modelled {report.casting_modelled_all}, flagged as not modelled "
        f"{report.casting_flagged_all}"
    )
    print(f"casting text silently ignored: {len(report.silently_ignored)} cards")
    print(
        f"casting-text cards modelled: {report.beyond_modelled}/{report.beyond} "
        f"({report.modelled_share:.1%})"
    )
    print(
        "  (nonland cards with casting text beyond flash, kicker, multikicker, convoke and "
        "split second)"
    )
    print("not modelled, by mechanic (cards):")
    for mechanic, count in report.unmodelled.most_common():
        print(f"  {mechanic}: {count}")
    print(f"cards with kicker/multikicker/convoke/split second: {report.watched}")
    print(
        f"keywords and costs extracted exactly: {report.exact}/{report.watched} "
        f"({report.keyword_share:.1%})"
    )
    print(
        f"kicker cards with every kicked-only clause understood: "
        f"{report.kicked_understood}/{report.kicker_cards} ({report.kicked_share:.1%})"
    )
    for name in report.silently_ignored[:40]:
        print(f"  silently ignored: {name}")
    for name in report.mismatches[:20]:
        print(f"  mismatch: {name}")
    for name in report.not_understood[:20]:
        print(f"  kicked clause not understood: {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
