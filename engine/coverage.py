"""How much of real card text the parser reads: ``python -m engine.coverage <mtgjson sets dir>``.

Reads every MTGJSON v5 set file (one at a time), keeps distinct cards by name, and for the
cards whose MTGJSON ``keywords`` include kicker, multikicker, convoke or split second prints:

* the share whose keyword costs and flags the parser extracts exactly, compared with a plain
  independent reading of the reminder-free text;
* the share of kicker/multikicker cards whose kicked-only clauses are all understood.

>>> independent_kicker_costs("Kicker {1}{U} and/or {B} (You may pay …)\\nFlying")
['{1}{U}', '{B}']
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from engine.cards import CardDefinition
from engine.errors import EngineError
from engine.text import Condition

__all__ = ["Report", "independent_kicker_costs", "main", "measure"]

_WATCHED = {"Kicker", "Multikicker", "Convoke", "Split second"}


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
        if not keywords & _WATCHED:
            continue
        report.watched += 1
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
    print(f"cards with kicker/multikicker/convoke/split second: {report.watched}")
    print(
        f"keywords and costs extracted exactly: {report.exact}/{report.watched} "
        f"({report.keyword_share:.1%})"
    )
    print(
        f"kicker cards with every kicked-only clause understood: "
        f"{report.kicked_understood}/{report.kicker_cards} ({report.kicked_share:.1%})"
    )
    for name in report.mismatches[:20]:
        print(f"  mismatch: {name}")
    for name in report.not_understood[:20]:
        print(f"  kicked clause not understood: {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
