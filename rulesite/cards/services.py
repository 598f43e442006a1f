"""Writes for the cards app: the demo data set and the Comprehensive Rules import.

Both are upserts keyed on natural keys (card slug, keyword slug, ruling date + source + text,
rule number): running them twice changes nothing, and they never delete what curators added.
Callers wrap them in a transaction (``load_demo`` and ``import_rules`` do).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from rulesite.cards.crfile import ParsedRules
from rulesite.cards.models import Card, Keyword, Rule, Ruling, rule_sort_key, ruling_hash

DEMO_DIR = Path(__file__).resolve().parent / "demo"


@dataclass
class Counts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged"

    def record(self, *, created: bool, changed: bool) -> None:
        if created:
            self.created += 1
        elif changed:
            self.updated += 1
        else:
            self.unchanged += 1


@dataclass
class DemoCounts:
    keywords: Counts = field(default_factory=Counts)
    cards: Counts = field(default_factory=Counts)
    rulings: Counts = field(default_factory=Counts)
    rules: Counts = field(default_factory=Counts)

    def lines(self) -> list[str]:
        return [
            f"keywords: {self.keywords}",
            f"cards: {self.cards}",
            f"rulings: {self.rulings}",
            f"rules: {self.rules}",
        ]


@dataclass
class RuleImportCounts:
    added: int = 0
    changed: int = 0
    unchanged: int = 0
    not_in_file: int = 0

    def __str__(self) -> str:
        return (
            f"{self.added} added, {self.changed} changed, {self.unchanged} unchanged, "
            f"{self.not_in_file} in the database but not in the file (kept)"
        )


def _read(demo_dir: Path, name: str) -> Any:
    return json.loads((demo_dir / name).read_text(encoding="utf-8"))


def _assign(instance: object, values: Mapping[str, object]) -> bool:
    """Set ``values`` on ``instance``; return whether anything changed."""
    changed = False
    for name, value in values.items():
        if getattr(instance, name) != value:
            setattr(instance, name, value)
            changed = True
    return changed


def upsert_keyword(*, slug: str, values: Mapping[str, object]) -> tuple[Keyword, bool, bool]:
    keyword = Keyword.objects.filter(slug=slug).first()
    created = keyword is None
    if keyword is None:
        keyword = Keyword(slug=slug)
    changed = _assign(keyword, values)
    if created or changed:
        keyword.save()
    return keyword, created, changed


def upsert_card(
    *,
    slug: str,
    values: Mapping[str, object],
    keywords: Iterable[Keyword],
    existing: Card | None = None,
) -> tuple[Card, bool, bool]:
    """Create or update one card by slug; its keyword links become exactly ``keywords``.

    ``existing`` is the stored card when the caller already loaded it (with its keywords
    prefetched), which saves the look-up.
    """
    card = existing or Card.objects.prefetch_related("keywords").filter(slug=slug).first()
    created = card is None
    if card is None:
        card = Card(slug=slug)
    changed = _assign(card, values)
    if created or changed:
        card.refresh_search_fields()
        card.save()
    wanted = {keyword.pk for keyword in keywords}
    if created:
        card.keywords.add(*wanted)
    elif {keyword.pk for keyword in card.keywords.all()} != wanted:
        card.keywords.set(wanted)
        changed = True
    return card, created, changed


def upsert_ruling(
    *,
    published_on: datetime.date,
    source: str,
    text_en: str,
    text_fr: str,
    translation_status: str,
    keyword: Keyword | None,
    cards: Iterable[Card],
) -> tuple[Ruling, bool, bool]:
    """One shared ruling text, linked to ``cards`` (links are added, never removed).

    French text is only written when the ruling is new or its French has not been reviewed:
    a curator's reviewed translation is never overwritten by the demo data.
    """
    ruling = Ruling.objects.filter(
        published_on=published_on, source=source, text_hash=ruling_hash(text_en)
    ).first()
    created = ruling is None
    if ruling is None:
        ruling = Ruling(published_on=published_on, source=source, text_en=text_en)
    values: dict[str, object] = {"keyword": keyword}
    if created or ruling.translation_status in {
        Ruling.TranslationStatus.MISSING,
        Ruling.TranslationStatus.MACHINE,
    }:
        values.update(text_fr=text_fr, translation_status=translation_status)
    changed = _assign(ruling, values)
    if created or changed:
        ruling.save()
    wanted = {card.pk for card in cards}
    missing = wanted - set(ruling.cards.values_list("pk", flat=True))
    if missing:
        ruling.cards.add(*missing)
        changed = changed or not created
    return ruling, created, changed


def upsert_rules(
    *, rows: Iterable[Mapping[str, Any]], edition: str, counts: Counts | None = None
) -> Counts:
    """Rules by number, in a handful of queries. French text and former numbers are only
    filled in when the database has none, so curated French is kept."""
    counts = counts or Counts()
    rows = list(rows)
    numbers = [row["number"] for row in rows]
    existing = Rule.objects.in_bulk(numbers, field_name="number")
    to_create: list[Rule] = []
    to_update: list[Rule] = []
    for row in rows:
        rule = existing.get(row["number"])
        created = rule is None
        if rule is None:
            rule = Rule(number=row["number"], sort_key=rule_sort_key(row["number"]))
        values: dict[str, object] = {
            "title": row.get("title", ""),
            "text_en": row["text_en"],
            "edition": edition,
        }
        for optional in ("text_fr", "former_number"):
            if row.get(optional) and not getattr(rule, optional):
                values[optional] = row[optional]
        changed = _assign(rule, values)
        if created:
            to_create.append(rule)
        elif changed:
            to_update.append(rule)
        counts.record(created=created, changed=changed)
    Rule.objects.bulk_create(to_create, batch_size=500)
    Rule.objects.bulk_update(
        to_update, ["title", "text_en", "edition", "text_fr", "former_number"], batch_size=500
    )
    by_number = Rule.objects.in_bulk(
        numbers + [row["parent"] for row in rows if row.get("parent")], field_name="number"
    )
    reparented: list[Rule] = []
    for row in rows:
        rule = by_number[row["number"]]
        parent = by_number.get(row.get("parent") or "")
        parent_id = parent.pk if parent else None
        if rule.parent_id != parent_id:
            rule.parent_id = parent_id
            reparented.append(rule)
    Rule.objects.bulk_update(reparented, ["parent"], batch_size=500)
    return counts


def load_demo_cards(*, demo_dir: Path = DEMO_DIR) -> DemoCounts:
    """Load the committed demo fixture: keywords, cards, their clarifications and rules."""
    counts = DemoCounts()
    keywords: dict[str, Keyword] = {}
    for row in _read(demo_dir, "keywords.json")["keywords"]:
        values = {k: row[k] for k in ("name_en", "name_fr", "rule_number")}
        values.update(explanation_en=row["explanation_en"], explanation_fr=row["explanation_fr"])
        keyword, created, changed = upsert_keyword(slug=row["slug"], values=values)
        keywords[keyword.slug] = keyword
        counts.keywords.record(created=created, changed=changed)

    cards: dict[str, Card] = {}
    by_keyword: dict[str, list[Card]] = {}
    card_rows = _read(demo_dir, "cards.json")["cards"]
    stored = Card.objects.prefetch_related("keywords").in_bulk(
        [row["slug"] for row in card_rows], field_name="slug"
    )
    for row in card_rows:
        card_keywords = [keywords[s] for s in map(_keyword_slug, row["keywords"]) if s in keywords]
        values = {
            "name": row["name"],
            "name_fr": row["name_fr"],
            "oracle_id": row["oracle_id"] or None,
            "mana_cost": row["mana_cost"],
            "mana_value": Decimal(str(row["mana_value"])).quantize(Decimal("0.1")),
            "type_line": row["type_line"],
            "type_line_fr": row["type_line_fr"],
            "colors": row["colors"],
            "power": row["power"],
            "toughness": row["toughness"],
            "loyalty": row["loyalty"],
            "oracle_text": row["oracle_text"],
            "printed_text_fr": row["printed_text_fr"],
            "printed_set_fr": row["printed_set_fr"],
        }
        card, created, changed = upsert_card(
            slug=row["slug"],
            values=values,
            keywords=card_keywords,
            existing=stored.get(row["slug"]),
        )
        cards[card.slug] = card
        for keyword in card_keywords:
            by_keyword.setdefault(keyword.slug, []).append(card)
        counts.cards.record(created=created, changed=changed)

    for row in _read(demo_dir, "rulings.json")["rulings"]:
        applies = row["applies_to"]
        targets = list(by_keyword.get(applies.get("keyword", ""), []))
        targets += [cards[slug] for slug in applies.get("cards", []) if cards[slug] not in targets]
        _, created, changed = upsert_ruling(
            published_on=datetime.date.fromisoformat(row["published_on"]),
            source=row["source"],
            text_en=row["text_en"],
            text_fr=row["text_fr"],
            translation_status=row["translation_status"],
            keyword=keywords.get(row["keyword"]) if row.get("keyword") else None,
            cards=targets,
        )
        counts.rulings.record(created=created, changed=changed)

    rules = _read(demo_dir, "rules.json")
    upsert_rules(rows=rules["rules"], edition=rules["edition"], counts=counts.rules)
    return counts


def _keyword_slug(name: str) -> str:
    return name.strip().lower().replace(" ", "-")


def import_rules(*, parsed: ParsedRules) -> RuleImportCounts:
    """Upsert every rule of a parsed Comprehensive Rules file, in few queries.

    Number, title, English text and parent come from the file; French text and former numbers
    already in the database are kept. Rules absent from the file are kept and counted.
    """
    counts = RuleImportCounts()
    existing = {rule.number: rule for rule in Rule.objects.all()}
    numbers = {rule.number for rule in parsed.rules}
    counts.not_in_file = len(set(existing) - numbers)
    to_create: list[Rule] = []
    to_update: list[Rule] = []
    for parsed_rule in parsed.rules:
        rule = existing.get(parsed_rule.number)
        if rule is None:
            rule = Rule(
                number=parsed_rule.number,
                sort_key=rule_sort_key(parsed_rule.number),
                title=parsed_rule.title,
                text_en=parsed_rule.text,
                edition=parsed.edition,
            )
            to_create.append(rule)
            counts.added += 1
        elif rule.title != parsed_rule.title or rule.text_en != parsed_rule.text:
            rule.title, rule.text_en, rule.edition = (
                parsed_rule.title,
                parsed_rule.text,
                parsed.edition,
            )
            to_update.append(rule)
            counts.changed += 1
        else:
            counts.unchanged += 1
    Rule.objects.bulk_create(to_create, batch_size=500)
    Rule.objects.bulk_update(to_update, ["title", "text_en", "edition"], batch_size=500)
    if to_create:
        existing = {rule.number: rule for rule in Rule.objects.all()}
    created_numbers = {rule.number for rule in to_create}
    touched_numbers = created_numbers | {rule.number for rule in to_update}
    reparented: list[Rule] = []
    for parsed_rule in parsed.rules:
        rule = existing[parsed_rule.number]
        parent = existing.get(parsed_rule.parent) if parsed_rule.parent else None
        parent_id = parent.pk if parent else None
        if rule.parent_id != parent_id:
            rule.parent_id = parent_id
            reparented.append(rule)
            if parsed_rule.number not in touched_numbers:
                touched_numbers.add(parsed_rule.number)
                counts.unchanged -= 1
                counts.changed += 1
    Rule.objects.bulk_update(reparented, ["parent"], batch_size=500)
    unchanged_numbers = numbers - touched_numbers
    Rule.objects.filter(number__in=unchanged_numbers).exclude(edition=parsed.edition).update(
        edition=parsed.edition
    )
    return counts
