"""Writes for the cards app: the demo data set and Comprehensive Rules editions.

Both are upserts keyed on natural keys (card slug, keyword slug, ruling date + source + text,
rule number, edition date): running them twice changes nothing, and they never delete what
curators added. Callers wrap them in a transaction (``load_demo`` and ``import_rules`` do).
"""

from __future__ import annotations

import datetime
import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Protocol

from django.db import connections, router

from rulesite.cards.models import (
    Card,
    GlossaryTerm,
    Keyword,
    Legality,
    Printing,
    Rule,
    RuleEdition,
    RuleVersion,
    Ruling,
    ruling_hash,
)
from rulesite.cards.rulebook import (
    EditionText,
    GlossaryEntry,
    RuleText,
    derive_lineage,
    rule_sort_key,
)

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
    # An oracle id another card already holds (the full import stores "Cut // Ribbons" where
    # the demo has its face "Ribbons"): the demo card is kept beside it, without the id.
    taken = dict(
        Card.objects.filter(
            oracle_id__in=[row["oracle_id"] for row in card_rows if row["oracle_id"]]
        ).values_list("oracle_id", "slug")
    )
    for row in card_rows:
        card_keywords = [keywords[s] for s in map(_keyword_slug, row["keywords"]) if s in keywords]
        values = {
            "name": row["name"],
            "name_fr": row["name_fr"],
            "oracle_id": (
                row["oracle_id"]
                if taken.get(row["oracle_id"], row["slug"]) == row["slug"]
                else None
            )
            or None,
            "mana_cost": row["mana_cost"],
            "mana_value": Decimal(str(row["mana_value"])).quantize(Decimal("0.1")),
            "type_line": row["type_line"],
            "type_line_fr": row["type_line_fr"],
            "colors": row["colors"],
            "color_identity": row.get("color_identity", ""),
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

    sync_printings(
        {
            cards[row["slug"]].pk: [
                PrintingRow(
                    set_code=p["set_code"],
                    set_name=p["set_name"],
                    released_on=datetime.date.fromisoformat(p["released_on"])
                    if p["released_on"]
                    else None,
                    rarity=p["rarity"],
                    collector_number=p["collector_number"],
                )
                for p in row.get("printings", [])
            ]
            for row in card_rows
        }
    )
    sync_legalities({cards[row["slug"]].pk: row.get("legalities", {}) for row in card_rows})

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
    for edition in rules["editions"]:
        report = store_rule_edition(
            edition=EditionText(
                effective_on=datetime.date.fromisoformat(edition["effective_on"]),
                rules=[
                    RuleText(r["number"], r["title"], r["text_en"], r["parent"])
                    for r in edition["rules"]
                ],
                glossary=[GlossaryEntry(g["term"], g["text_en"]) for g in edition["glossary"]],
            ),
            source=rules["source"],
            replace=False,
        )
        counts.rules.created += report.added
        counts.rules.updated += report.changed
        counts.rules.unchanged += report.unchanged
    french = rules["french"]
    for rule in Rule.objects.filter(number__in=list(french), text_fr=""):
        rule.text_fr = french[rule.number]
        rule.save(update_fields=["text_fr"])
    return counts


def _keyword_slug(name: str) -> str:
    return name.strip().lower().replace(" ", "-")


@dataclass(frozen=True)
class PrintingRow:
    set_code: str
    set_name: str
    released_on: datetime.date | None
    rarity: str
    collector_number: str


@dataclass
class SyncCounts:
    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return (
            f"{self.added} added, {self.changed} changed, "
            f"{self.removed} removed, {self.unchanged} unchanged"
        )

    @property
    def wrote_nothing(self) -> bool:
        return not (self.added or self.changed or self.removed)


def _chunks(ids: list[int], size: int = 900) -> Iterable[list[int]]:
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def _remove_ids(model: Any, gone: list[int], counts: SyncCounts) -> None:
    """Delete the stored rows the files no longer have, and count them."""
    counts.removed = len(gone)
    for ids in _chunks(gone):
        model.objects.filter(pk__in=ids).delete()


def _insert_rows(model: Any, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """Insert rows with one prepared statement (``executemany``): a full import writes tens of
    thousands of printings and legalities, and model instances would cost most of its memory."""
    if not rows:
        return
    connection = connections[router.db_for_write(model)]
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(connection.ops.quote_name(model._meta.get_field(c).column) for c in columns)
    marks = ", ".join(["%s"] * len(columns))
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 5000):
            cursor.executemany(
                f"INSERT INTO {table} ({names}) VALUES ({marks})", rows[start : start + 5000]
            )


def _update_rows(model: Any, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """``UPDATE … SET columns WHERE id`` for each row (its values, then the primary key), with
    one prepared statement: far cheaper than ``bulk_update``'s CASE expressions for thousands
    of rules."""
    if not rows:
        return
    connection = connections[router.db_for_write(model)]
    table = connection.ops.quote_name(model._meta.db_table)
    sets = ", ".join(
        f"{connection.ops.quote_name(model._meta.get_field(c).column)} = %s" for c in columns
    )
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 5000):
            cursor.executemany(
                f"UPDATE {table} SET {sets} WHERE id = %s", rows[start : start + 5000]
            )


class Printed(Protocol):
    """What :func:`sync_printings` reads of a printing (a :class:`PrintingRow`, or an
    importer's own record of one)."""

    @property
    def set_code(self) -> str: ...
    @property
    def set_name(self) -> str: ...
    @property
    def released_on(self) -> datetime.date | None: ...
    @property
    def rarity(self) -> str: ...
    @property
    def collector_number(self) -> str: ...


class _RowWriter:
    """Rows inserted with one prepared statement per ``ROWS_PER_WRITE``, as they come: a full
    import writes some 250,000 printings and legalities, which held at once were a tenth of
    its memory."""

    ROWS_PER_WRITE = 5000

    def __init__(self, model: Any, columns: tuple[str, ...]) -> None:
        self.model, self.columns = model, columns
        self.rows: list[tuple[Any, ...]] = []

    def add(self, row: tuple[Any, ...]) -> None:
        self.rows.append(row)
        if len(self.rows) >= self.ROWS_PER_WRITE:
            self.flush()

    def extend(self, rows: list[tuple[Any, ...]]) -> None:
        self.rows.extend(rows)
        if len(self.rows) >= self.ROWS_PER_WRITE:
            self.flush()

    def flush(self) -> None:
        _insert_rows(self.model, self.columns, self.rows)
        self.rows = []


def _rows_of_cards(model: Any, columns: tuple[str, ...], ids: list[int]) -> list[tuple[Any, ...]]:
    """``columns`` (the first two: the row's id and its card) of the stored rows of the cards
    ``ids``, straight from the cursor, in no order: a re-import reads 250,000 printings and
    legalities, and the ORM's iteration (its converters, the models' default ordering) was a
    third of comparing them."""
    connection = connections[router.db_for_read(model)]
    quote = connection.ops.quote_name
    meta: Any = model._meta
    names = ", ".join(quote(meta.get_field(f).column) for f in columns)
    card_column = quote(meta.get_field("card").column)
    marks = ", ".join(["%s"] * len(ids))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {names} FROM {quote(meta.db_table)} WHERE {card_column} IN ({marks})",
            list(ids),
        )
        return cursor.fetchall()  # type: ignore[no-any-return]


def _stored_as(model: Any, columns: tuple[str, ...], ids: list[int], rows: set[Any]) -> bool:
    """Whether the stored rows of the cards ``ids`` are exactly ``rows`` (tuples of
    ``columns``, the first one the card), compared as sets: the whole chunk in one step when
    nothing changed, as in nearly every chunk of a re-import."""
    return set(_rows_of_cards(model, columns, ids)) == rows


def _day(value: Any, parsed: dict[str, datetime.date]) -> datetime.date | None:
    """A date column's value as the ORM gives it (SQLite's driver gives text)."""
    if value is None or isinstance(value, datetime.date):
        return value
    day = parsed.get(value)
    if day is None:
        day = parsed[value] = datetime.date.fromisoformat(value)
    return day


def sync_printings(by_card: Mapping[int, Sequence[Printed]]) -> SyncCounts:
    """Each card's printings become exactly the given ones (matched by set and number).

    Cards are compared a chunk at a time against their stored rows, so what is held is one
    chunk's rows, not the whole table's; a chunk whose rows are all the given ones is compared
    as two sets, and only a chunk where something differs is compared row by row."""
    counts = SyncCounts()
    adapt_date = connections[router.db_for_write(Printing)].ops.adapt_datefield_value
    created = _RowWriter(
        Printing, ("card", "set_code", "collector_number", "set_name", "released_on", "rarity")
    )
    to_update: list[tuple[Any, ...]] = []
    gone: list[int] = []
    days: dict[str, datetime.date] = {}
    for ids in _chunks(list(by_card)):
        given = {
            (card_id, p.set_code, p.collector_number, p.set_name, p.released_on, p.rarity)
            for card_id in ids
            for p in by_card[card_id]
        }
        if _stored_as(Printing, PRINTING_READ[1:], ids, given):
            counts.unchanged += len(given)
            continue
        stored: dict[int, dict[tuple[str, str], tuple[Any, ...]]] = defaultdict(dict)
        for pk, card_id, code, number, name, day, rarity in _rows_of_cards(
            Printing, PRINTING_READ, ids
        ):
            stored[card_id][(code, number)] = (pk, name, _day(day, days), rarity)
        for card_id in ids:
            have = stored.get(card_id) or {}
            seen: set[tuple[str, str]] = set()
            for row in by_card[card_id]:
                key = (row.set_code, row.collector_number)
                if key in seen:
                    continue
                seen.add(key)
                old = have.pop(key, None)
                if old is None:
                    created.add(
                        (
                            card_id,
                            row.set_code,
                            row.collector_number,
                            row.set_name,
                            adapt_date(row.released_on),
                            row.rarity,
                        )
                    )
                    counts.added += 1
                elif old[1:] != (row.set_name, row.released_on, row.rarity):
                    released = adapt_date(row.released_on)
                    to_update.append((row.set_name, released, row.rarity, old[0]))
                    counts.changed += 1
                else:
                    counts.unchanged += 1
            gone.extend(old[0] for old in have.values())  # rows the source no longer gives
    created.flush()
    _remove_ids(Printing, gone, counts)
    _update_rows(Printing, ("set_name", "released_on", "rarity"), to_update)
    return counts


#: The columns ``sync_printings`` reads, in this order.
PRINTING_READ = ("id", "card", "set_code", "collector_number", "set_name", "released_on", "rarity")
#: The columns ``sync_legalities`` reads, in this order.
LEGALITY_READ = ("id", "card", "format", "status")


def sync_legalities(by_card: Mapping[int, Mapping[str, str]]) -> SyncCounts:
    """Each card's legalities become exactly the given format → status (``legal``,
    ``restricted``, ``banned``; other statuses and absent formats mean not legal).

    As for printings, cards are compared a chunk at a time; a card whose stored legalities are
    the given ones (nearly every card of a re-import) is compared in one step."""
    counts = SyncCounts()
    statuses = set(Legality.Status.values)
    wanted_of: dict[int, dict[str, str]] = {}  # id() of a given mapping -> what it asks for

    def wanted(formats: Mapping[str, str]) -> dict[str, str]:
        # Readers share one mapping between the cards that have the same legalities; each
        # is normalised once (they all stay referenced by ``by_card`` meanwhile).
        found = wanted_of.get(id(formats))
        if found is None:
            found = wanted_of[id(formats)] = {}
            for name, status in formats.items():
                status = status.lower()
                if status in statuses:
                    found.setdefault(name.lower()[:30], status)
        return found

    created = _RowWriter(Legality, ("card", "format", "status"))
    to_update: dict[str, list[int]] = {}
    gone: list[int] = []
    pairs_of: dict[int, tuple[tuple[str, str], ...]] = {}  # id() of a mapping -> its pairs
    for ids in _chunks(list(by_card)):
        given: set[tuple[Any, ...]] = set()
        for card_id in ids:
            formats = by_card[card_id]
            pairs = pairs_of.get(id(formats))
            if pairs is None:
                pairs = pairs_of[id(formats)] = tuple(wanted(formats).items())
            given.update(map((card_id,).__add__, pairs))
        if given and _stored_as(Legality, LEGALITY_READ[1:], ids, given):
            counts.unchanged += len(given)
            continue
        stored: dict[int, dict[str, tuple[int, str]]] = defaultdict(dict)
        for pk, card_id, name, status in _rows_of_cards(Legality, LEGALITY_READ, ids):
            stored[card_id][name] = (pk, status)
        for card_id in ids:
            target = wanted(by_card[card_id])
            have = stored.get(card_id)
            if not have:
                created.extend([(card_id, name, status) for name, status in target.items()])
                counts.added += len(target)
                continue
            if have.keys() == target.keys() and all(
                have[name][1] == status for name, status in target.items()
            ):
                counts.unchanged += len(target)
                continue
            for name, status in target.items():
                old = have.pop(name, None)
                if old is None:
                    created.add((card_id, name, status))
                    counts.added += 1
                elif old[1] != status:
                    to_update.setdefault(status, []).append(old[0])
                    counts.changed += 1
                else:
                    counts.unchanged += 1
            gone.extend(pk for pk, _ in have.values())
    created.flush()
    _remove_ids(Legality, gone, counts)
    for status, pks in to_update.items():
        for chunk in _chunks(pks):
            Legality.objects.filter(pk__in=chunk).update(status=status)
    return counts


@dataclass
class RuleEditionReport:
    """What storing one edition did: its rules against what was stored for the same edition,
    and against the edition before it (``since_previous``: added / changed / renumbered /
    removed)."""

    edition: str
    rules: int = 0
    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0
    glossary: int = 0
    keywords_added: int = 0
    is_newest: bool = False
    since_previous: dict[str, int] = field(default_factory=dict)

    @property
    def wrote_nothing(self) -> bool:
        return not (self.added or self.changed or self.removed or self.keywords_added)

    def lines(self) -> list[str]:
        out = [
            f"edition {self.edition}: {self.rules} rules, {self.glossary} glossary terms",
            f"rules: {self.added} added, {self.changed} changed, {self.removed} removed, "
            f"{self.unchanged} unchanged",
        ]
        if self.since_previous:
            out.append(
                "since the previous edition: "
                + ", ".join(f"{n} {kind}" for kind, n in self.since_previous.items())
            )
        if self.keywords_added:
            out.append(f"keyword pages added from section 702: {self.keywords_added}")
        if not self.is_newest:
            out.append("an older edition: the current rules stay those of the newest edition")
        return out


def store_rule_edition(
    *, edition: EditionText, source: str = "", replace: bool = True
) -> RuleEditionReport:
    """Store one edition's rules side by side with the others, then link each rule to its
    version in the edition before (renumberings derived from the texts, see
    :func:`rulesite.cards.rulebook.derive_lineage`). When it is the newest edition, the
    current rules (:class:`Rule`), the glossary and the keyword pages of section 702 follow it.

    ``replace``: the edition is the whole file, so stored rules it lacks are removed (the demo
    data, which holds only some rules, passes False and never removes anything).
    """
    if edition.effective_on is None:
        raise ValueError("the edition has no effective date")
    report = RuleEditionReport(edition=edition.effective_on.isoformat(), rules=len(edition.rules))
    stored, _ = RuleEdition.objects.get_or_create(effective_on=edition.effective_on)
    if source and stored.source != source:
        stored.source = source
        stored.save(update_fields=["source"])
    existing = {v.number: v for v in RuleVersion.objects.filter(edition=stored)}
    incoming = {rule.number: rule for rule in edition.rules}
    to_create, to_update = [], []
    for number, rule in incoming.items():
        version = existing.get(number)
        values = {"title": rule.title, "text_en": rule.text, "parent_number": rule.parent or ""}
        if version is None:
            to_create.append(
                RuleVersion(edition=stored, number=number, sort_key=rule_sort_key(number), **values)
            )
            report.added += 1
        elif _assign(version, values):
            to_update.append(version)
            report.changed += 1
        else:
            report.unchanged += 1
    gone = [v.pk for n, v in existing.items() if n not in incoming] if replace else []
    report.removed = len(gone)
    RuleVersion.objects.filter(pk__in=gone).delete()
    RuleVersion.objects.bulk_create(to_create, batch_size=500)
    _update_rows(
        RuleVersion,
        ("title", "text_en", "parent_number"),
        [(v.title, v.text_en, v.parent_number, v.pk) for v in to_update],
    )

    editions = list(RuleEdition.objects.order_by("effective_on"))
    position = next(i for i, e in enumerate(editions) if e.pk == stored.pk)
    if not report.wrote_nothing or _lineage_missing(stored):
        for index in (position, position + 1):
            if 0 < index < len(editions):
                _link_editions(editions[index - 1], editions[index])
        _assign_lineages(editions)
    report.since_previous = _changes_in(stored) if position > 0 else {}
    report.is_newest = position == len(editions) - 1
    if report.is_newest:
        _sync_current_rules(stored)
        report.glossary = _sync_glossary(edition, replace=replace)
        report.keywords_added = _sync_keywords()
    else:
        # Its lineage may give the current rules other former numbers.
        _sync_current_rules(editions[-1])
        report.glossary = len(edition.glossary)
    return report


def _lineage_missing(edition: RuleEdition) -> bool:
    return RuleVersion.objects.filter(edition=edition, lineage="").exists()


def _texts(edition: RuleEdition) -> list[RuleText]:
    return [
        RuleText(number, title, text, parent or None)
        for number, title, text, parent in RuleVersion.objects.filter(edition=edition)
        .order_by()
        .values_list("number", "title", "text_en", "parent_number")
    ]


def _link_editions(older: RuleEdition, newer: RuleEdition) -> None:
    """Set ``previous`` and ``change`` on every version of ``newer``."""
    mapping = derive_lineage(_texts(older), _texts(newer))
    old_versions = {v.number: v for v in RuleVersion.objects.filter(edition=older)}
    changed: list[tuple[Any, ...]] = []
    for version in RuleVersion.objects.filter(edition=newer):
        previous = old_versions.get(mapping.get(version.number, ""))
        if previous is None:
            change = RuleVersion.Change.ADDED
        elif previous.number != version.number:
            change = RuleVersion.Change.RENUMBERED
        elif (previous.title, previous.text_en) != (version.title, version.text_en):
            change = RuleVersion.Change.CHANGED
        else:
            change = RuleVersion.Change.UNCHANGED
        previous_id = previous.pk if previous else None
        if (version.previous_id, version.change) != (previous_id, change):
            changed.append((previous_id, change, version.pk))
    _update_rows(RuleVersion, ("previous", "change"), changed)


def _assign_lineages(editions: list[RuleEdition]) -> None:
    """Every version shares the lineage key of its first version on file."""
    lineage_by_id: dict[int, str] = {}
    changed: list[tuple[Any, ...]] = []
    for edition in editions:
        for version in RuleVersion.objects.filter(edition=edition).order_by():
            before = (version.lineage, version.previous_id, version.change)
            if edition is editions[0]:  # the oldest edition on file: every rule starts here
                version.previous_id = None
                version.change = RuleVersion.Change.ADDED
            key = lineage_by_id.get(version.previous_id or 0) or (
                f"{edition.effective_on.isoformat()}/{version.number}"
            )
            lineage_by_id[version.pk] = key
            version.lineage = key
            if (version.lineage, version.previous_id, version.change) != before:
                changed.append((key, version.previous_id, version.change, version.pk))
    _update_rows(RuleVersion, ("lineage", "previous", "change"), changed)


def _changes_in(edition: RuleEdition) -> dict[str, int]:
    counts = {
        kind: RuleVersion.objects.filter(edition=edition, change=kind).count()
        for kind in ("added", "changed", "renumbered")
    }
    earlier = RuleEdition.objects.filter(effective_on__lt=edition.effective_on)
    previous = earlier.order_by("-effective_on").first()
    if previous is not None:
        counts["removed"] = (
            RuleVersion.objects.filter(edition=previous)
            .exclude(next_versions__edition=edition)
            .count()
        )
    return counts


def _sync_current_rules(edition: RuleEdition) -> None:
    """The current rules are the newest edition's; French text already stored is kept, and
    ``former_number`` is the number the rule last had before it was renumbered."""
    versions = list(
        RuleVersion.objects.filter(edition=edition).select_related("previous").order_by()
    )
    former = _former_numbers(versions)
    existing = Rule.objects.in_bulk([v.number for v in versions], field_name="number")
    to_create, to_update = [], []
    for version in versions:
        values = {
            "title": version.title,
            "text_en": version.text_en,
            "edition": edition.effective_on.isoformat(),
            "former_number": former.get(version.number, ""),
        }
        rule = existing.get(version.number)
        if rule is None:
            to_create.append(
                Rule(number=version.number, sort_key=rule_sort_key(version.number), **values)
            )
        elif _assign(rule, values):
            to_update.append((rule.title, rule.text_en, rule.edition, rule.former_number, rule.pk))
    Rule.objects.bulk_create(to_create, batch_size=500)
    _update_rows(Rule, ("title", "text_en", "edition", "former_number"), to_update)
    # The current rules are exactly the newest edition's (a rule of an older edition goes).
    Rule.objects.exclude(number__in=[v.number for v in versions]).delete()
    by_number = Rule.objects.in_bulk(field_name="number")
    reparented = []
    for version in versions:
        rule = by_number[version.number]
        parent = by_number.get(version.parent_number)
        parent_id = parent.pk if parent else None
        if rule.parent_id != parent_id:
            reparented.append((parent_id, rule.pk))
    _update_rows(Rule, ("parent",), reparented)


def _former_numbers(versions: list[RuleVersion]) -> dict[str, str]:
    """Current number → the number of the latest earlier version that was numbered otherwise."""
    lineages = {v.lineage for v in versions}
    numbers_by_lineage: dict[str, list[str]] = {}
    for lineage, number in (
        RuleVersion.objects.filter(lineage__in=lineages)
        .order_by("-edition__effective_on")
        .values_list("lineage", "number")
    ):
        numbers_by_lineage.setdefault(lineage, []).append(number)
    former = {}
    for version in versions:
        older = [n for n in numbers_by_lineage.get(version.lineage, []) if n != version.number]
        if older:
            former[version.number] = older[0]
    return former


def _sync_glossary(edition: EditionText, *, replace: bool) -> int:
    from django.utils.text import slugify

    day = edition.effective_on.isoformat() if edition.effective_on else ""
    existing = {term.slug: term for term in GlossaryTerm.objects.all()}
    seen: set[str] = set()
    to_create, to_update = [], []
    for entry in edition.glossary:
        slug = slugify(entry.term)[:120] or "term"
        if slug in seen:
            continue
        seen.add(slug)
        term = existing.get(slug)
        values = {"term": entry.term, "text_en": entry.text, "edition": day}
        if term is None:
            to_create.append(GlossaryTerm(slug=slug, **values))
        elif _assign(term, values):
            to_update.append(term)
    GlossaryTerm.objects.bulk_create(to_create, batch_size=500)
    GlossaryTerm.objects.bulk_update(to_update, ["term", "text_en", "edition"], batch_size=500)
    if replace:
        GlossaryTerm.objects.exclude(slug__in=seen).delete()
    return len(seen)


def _sync_keywords() -> int:
    """A keyword page for every keyword ability of section 702 (``702.33. Kicker``); pages that
    exist keep their names, French and explanations."""
    from django.utils.text import slugify

    known = {k.slug: k for k in Keyword.objects.all()}
    names = {k.name_en.casefold() for k in known.values()}
    created = []
    updated = []
    for number, title in Rule.objects.filter(number__regex=r"^702\.[0-9]+$").values_list(
        "number", "title"
    ):
        slug = slugify(title)[:80]
        if not title or not slug:
            continue
        keyword = known.get(slug)
        if keyword is None and title.casefold() not in names:
            created.append(Keyword(slug=slug, name_en=title, rule_number=number))
            names.add(title.casefold())
            known[slug] = created[-1]
        elif keyword is not None and not keyword.rule_number:
            keyword.rule_number = number
            updated.append(keyword)
    Keyword.objects.bulk_create(created)
    Keyword.objects.bulk_update(updated, ["rule_number"])
    return len(created)
