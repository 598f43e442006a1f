"""The card and ruling upsert behind every importer (MTGJSON, Scryfall).

Re-import rules (``import_cards``; rulesite/curation/README.md says the same for curators):

* Cards are matched by oracle id, then by English name (a card without oracle id, e.g. from the
  demo data, adopts the incoming one). English fields are the source's. French name, type and
  printed text are the source's too, unless a person changed the card's French (a history
  record with a user whose French differs from the record before): then the curator's French
  stays. Saving a card without changing it writes no history, so it freezes nothing.
* A card's official rulings (source ``wotc`` or ``scryfall``) are replaced as a set by the
  incoming ones. Community clarifications are never touched.
* A ruling is one row shared by every card it applies to, identified by (date, source,
  whitespace-normalised English text). An incoming ruling that already exists keeps its row:
  same id, French text and review status.
* Re-wordings are paired by ``rewording.plan_rewordings``: same mechanic, same cards, alike
  English. The French moves to the new English marked ``needs_review``, with the English it was
  reviewed for kept in ``previous_text_en`` (the comparison view diffs the two). When no other
  card keeps the old row, the old row itself takes the new wording (same id and history).
* An old ruling no card keeps is *withdrawn* (kept, off the public pages) when a person
  reviewed its French, and deleted otherwise; its French is offered as a suggestion to the
  new rulings of the same mechanic on its cards that are alike enough.
* The import is recorded (``curation.ImportRun``) with every re-worded, withdrawn, removed and
  suggested clarification named; the review queue shows those first.
* A new ruling is attached to a keyword when it names exactly one keyword that all its cards
  have ("…kicker cost…" on kicker cards); curators can change it.
* Everything runs in one transaction; the writes are bulk writes from in-memory maps of the
  existing rows, each recorded in the history (card links included) with the import as
  change reason.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, models, transaction
from django.db.models.deletion import Collector
from django.utils import timezone
from django.utils.text import slugify
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from rulesite.cards.models import (
    Card,
    Keyword,
    Rule,
    Ruling,
    card_derived_fields,
    card_search_fields,
    ruling_hash,
)
from rulesite.cards.services import SyncCounts, sync_legalities, sync_printings
from rulesite.core.cache import (
    bumped_once_at_commit,
    code_version,
    content_version,
    version_store,
)
from rulesite.curation.card_fields import ALL_FIELDS, FRENCH_FIELDS
from rulesite.curation.records import CardRecord, RulingRecord, record_problem
from rulesite.curation.services.glossary import french_keyword_names, sync_keyword_terms
from rulesite.curation.services.history import (
    insert_history,
    insert_history_rows,
    record_rulings,
)
from rulesite.curation.services.import_record import record_import
from rulesite.curation.services.rewording import (
    NewRuling,
    OldRuling,
    plan_rewordings,
    same_words,
)
from rulesite.curation.services.rows import create_rows, insert_rows
from rulesite.curation.services.stored_rows import stored_rows_digest

logger = logging.getLogger(__name__)

BATCH_SIZE = 500
WARNINGS_SHOWN = 20  # skipped cards named in the printed summary
DELETE_CHUNK = 900

OFFICIAL_SOURCES = (Ruling.Source.WOTC, Ruling.Source.SCRYFALL)


def _max_length(name: str) -> int:
    field = Card._meta.get_field(name)
    if not isinstance(field, models.CharField) or not field.max_length:
        raise TypeError(f"Card.{name} is not a bounded text field")
    return field.max_length


LENGTH_LIMITS: dict[str, int] = {
    name: _max_length(name)
    for name in (
        "name",
        "name_fr",
        "mana_cost",
        "type_line",
        "type_line_fr",
        "colors",
        "power",
        "toughness",
        "loyalty",
    )
}

RulingKey = tuple[Any, str, str]  # (published_on, source, text_hash)


@dataclass(frozen=True, slots=True)
class _Kept:
    """What the keyword and ruling steps read of a card's record (its printings and legalities,
    a tenth of a full import's memory, are let go once written)."""

    keywords: tuple[str, ...] | None
    oracle_text: str
    printed_text_fr: str | None
    rulings: tuple[RulingRecord, ...] | None


@dataclass
class ImportReport:
    cards: SyncCounts = field(default_factory=SyncCounts)
    rulings: SyncCounts = field(default_factory=SyncCounts)
    printings: SyncCounts = field(default_factory=SyncCounts)
    legalities: SyncCounts = field(default_factory=SyncCounts)
    links_added: int = 0
    links_removed: int = 0
    keywords_added: int = 0
    keyword_links_changed: int = 0
    french_kept: int = 0
    keyword_french_found: int = 0
    withdrawn: int = 0
    reinstated: int = 0
    french_copied: int = 0
    suggested: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    #: Each clarification a curator should know about, by kind (see ``NAMED_KINDS``).
    named: dict[str, list[str]] = field(default_factory=dict)
    run_id: int | None = None
    #: The same files as the last import, with no write to the cards since: nothing compared.
    same_input: bool = False
    #: The same files as the last import, and every row it compares as that import left it
    #: (``--compare-all``; their digest): nothing read.
    same_rows: bool = False

    @property
    def wrote_nothing(self) -> bool:
        return not (
            self.cards.added
            or self.cards.changed
            or self.rulings.added
            or self.rulings.changed
            or self.rulings.removed
            or self.links_added
            or self.links_removed
            or self.keywords_added
            or self.keyword_links_changed
            or not self.printings.wrote_nothing
            or not self.legalities.wrote_nothing
            or self.keyword_french_found
            or self.withdrawn
            or self.reinstated
        )

    def name(self, kind: str, text: str) -> None:
        self.named.setdefault(kind, []).append(text)

    def skip(self, reason: str, n: int = 1) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + n

    def as_dict(self) -> dict[str, Any]:
        return {
            "cards": vars(self.cards),
            "rulings": vars(self.rulings),
            "printings": vars(self.printings),
            "legalities": vars(self.legalities),
            "ruling_links": {"added": self.links_added, "removed": self.links_removed},
            "keywords_added": self.keywords_added,
            "keyword_links_changed": self.keyword_links_changed,
            "french_kept_for_curated_cards": self.french_kept,
            "keyword_french_names_found": self.keyword_french_found,
            "withdrawn": self.withdrawn,
            "reinstated": self.reinstated,
            "french_suggestions": self.suggested,
            "french_copied_to_same_english": self.french_copied,
            "named": {kind: list(texts) for kind, texts in self.named.items()},
            "import_id": self.run_id,
            "skipped": dict(self.skipped),
            "warnings": list(self.warnings),
            "wrote_nothing": self.wrote_nothing,
            "same_input": self.same_input,
            "same_rows": self.same_rows,
        }

    def lines(self) -> list[str]:
        out: list[str] = []
        if self.same_input:
            out.append(
                "The same files as the last import, and no change to the cards since: "
                "nothing to compare."
            )
        if self.same_rows:
            out.append(
                "The same files as the last import, and every row it compares as that import "
                "left it (their digest): nothing to read."
            )
        out += [
            f"Cards: {self.cards}.",
            f"Rulings: {self.rulings} "
            f"(links to cards: {self.links_added} added, {self.links_removed} removed).",
            f"Printings: {self.printings}. Format legalities: {self.legalities}.",
        ]
        if self.keywords_added or self.keyword_links_changed:
            out.append(
                f"Keywords: {self.keywords_added} added; "
                f"{self.keyword_links_changed} card-keyword links changed."
            )
        if self.keyword_french_found:
            out.append(
                f"Keywords: {self.keyword_french_found} French names found on French printed cards."
            )
        if self.french_kept:
            out.append(f"French kept on {self.french_kept} curator-edited cards.")
        if self.french_copied:
            out.append(
                f"French carried to {self.french_copied} rulings with the same English on other "
                "cards (re-dated or re-typeset)."
            )
        for kind, heading in NAMED_KINDS.items():
            texts = self.named.get(kind, [])
            if texts:
                out.append(f"{heading} ({len(texts)}):")
                out.extend(f"  - {text}" for text in texts[:NAMED_LIMIT])
                if len(texts) > NAMED_LIMIT:
                    out.append(f"  … and {len(texts) - NAMED_LIMIT} more (see the import's page).")
        for reason, n in sorted(self.skipped.items()):
            out.append(f"Skipped {n}: {reason}.")
        shown = self.warnings[:WARNINGS_SHOWN]
        out.extend(f"  {warning}" for warning in shown)
        if len(self.warnings) > len(shown):
            out.append(f"  … and {len(self.warnings) - len(shown)} more (--report-json lists all).")
        if self.run_id is not None:
            out.append(f"Recorded as import #{self.run_id} (its page in the admin names each).")
        return out


#: The clarifications an import report names one by one, and the heading of each list.
NAMED_KINDS = {
    "reworded": "Re-worded, French kept and marked to review against the new English",
    "withdrawn": "No longer given by the source, kept as withdrawn with their reviewed French",
    "suggested": "New clarifications offered the French of an older one (curator to accept)",
    "removed": "Removed (no reviewed French)",
    "reinstated": "Given again by the source (no longer withdrawn)",
}
NAMED_LIMIT = 50


def _mana_value_limit() -> Decimal:
    f = Card._meta.get_field("mana_value")
    assert isinstance(f, models.DecimalField)
    digits, places = int(f.max_digits or 0), int(f.decimal_places or 0)
    return Decimal(10) ** (digits - places) - Decimal(1).scaleb(-places)


@dataclass(slots=True)
class _CardRow:
    """A card as an import holds it: its id (None until written), slug and the values of
    ``ALL_FIELDS``, in that order."""

    pk: int | None
    slug: str
    values: tuple[Any, ...]

    @property
    def name(self) -> str:
        return str(self.values[_AT["name"]])

    @property
    def oracle_id(self) -> str | None:
        oracle_id: str | None = self.values[_AT["oracle_id"]]
        return oracle_id


_AT = {name: i for i, name in enumerate(ALL_FIELDS)}
#: A card not stored yet: what ``_card_values`` keeps of it (no oracle id, no French)
#: before the record's values go in.
NEW_CARD = tuple(None if name == "oracle_id" else "" for name in ALL_FIELDS)


def _card_values(before: tuple[Any, ...], record: CardRecord, french: bool) -> tuple[Any, ...]:
    """The values of ``ALL_FIELDS`` a card has once ``record`` is applied to ``before`` (its
    stored values): the source's English, its French when ``french`` (and it gives some), the
    derived fields recomputed."""
    name, oracle_text = record.name, record.oracle_text
    if french and record.name_fr is not None:
        name_fr = record.name_fr
        type_line_fr = record.type_line_fr or ""
        printed_text_fr = record.printed_text_fr or ""
        printed_set_fr = (record.printed_set_fr or "")[:10]
    else:
        name_fr, type_line_fr, printed_text_fr, printed_set_fr = before[-4:]
    # Always recomputed (0.05 s for the whole snapshot), so that a stored folded text that is
    # not its card's is found like any other field.
    search_name, search_text = card_search_fields(name, name_fr, oracle_text)
    return (  # in the order of ALL_FIELDS
        record.oracle_id or before[_AT["oracle_id"]],
        name,
        record.mana_cost,
        record.mana_value,
        record.type_line,
        record.colors,
        record.power,
        record.toughness,
        record.loyalty,
        oracle_text,
        record.color_identity,
        record.meld_back_face,
        search_text,
        search_name,
        *card_derived_fields(name, name_fr, record.power, record.toughness, record.loyalty),
        name_fr,
        type_line_fr,
        printed_text_fr,
        printed_set_fr,
    )


class _CardUpsert:
    """One import run: existing rows in memory, incoming records compared, bulk writes."""

    def __init__(self, *, user: AbstractBaseUser | None, reason: str) -> None:
        self.user = user
        self.reason = reason
        self.report = ImportReport()
        self.mv_limit = _mana_value_limit()
        self.by_oracle: dict[str, _CardRow] = {}
        self.by_name: dict[str, _CardRow] = {}
        self.slugs: set[str] = set()
        self.curated: set[int] = set()
        self.keyword_ids: dict[str, int] = {}  # case-folded English keyword name -> id
        self.card_names: dict[int, str] = {}
        # Filled by upsert_rulings, written to the history and the import's record afterwards.
        self.history_created: list[Ruling] = []
        self.history_changed: list[Ruling] = []
        self.old_english: dict[int, str] = {}  # old ruling id -> its English before the import
        self.copied_from: set[int] = set()  # old rulings whose French went to the same English
        self.reworded: list[tuple[Ruling, int, str, set[int]]] = []  # row, old id, old text, cards
        self.withdrawn: list[tuple[Ruling, set[int]]] = []
        self.reinstated: list[Ruling] = []
        self.deleted: list[tuple[int, str, set[int]]] = []
        # (new row, old ruling, score, old one was paired elsewhere, cards of the new row)
        self.suggestions: list[tuple[Ruling, Ruling, float, bool, set[int]]] = []

    # ---- loading ---------------------------------------------------------------------------
    def load(self) -> None:
        for pk, slug, *values in Card.objects.values_list("id", "slug", *ALL_FIELDS).order_by():
            card = _CardRow(pk, slug, tuple(values))
            if card.oracle_id:
                self.by_oracle[card.oracle_id] = card
            self.by_name[card.name] = card
            self.slugs.add(slug)
        self.curated = _curated_french()

    # ---- cards -----------------------------------------------------------------------------
    def _unique_slug(self, name: str) -> str:
        base = (slugify(name) or "card")[:190]
        slug, n = base, 1
        while slug in self.slugs:
            n += 1
            slug = f"{base}-{n}"
        self.slugs.add(slug)
        return slug

    def upsert_cards(self, records: Iterable[CardRecord]) -> list[tuple[int, CardRecord]]:
        """Match, compare and write the cards; returns each matched card's id and record.

        Cards are held and written as plain rows (``_CardRow``): a model instance per card
        was a tenth of a first import's time. Changed cards, a few in a re-import, are
        written through ``bulk_update``."""
        matched: list[tuple[_CardRow, CardRecord]] = []
        to_create: list[_CardRow] = []
        to_update: dict[tuple[str, ...], list[_CardRow]] = defaultdict(list)  # by changed fields
        seen: set[int] = set()  # id() of the cards already matched in this run
        claimed_names: dict[str, str | None] = {}
        for record in records:
            problem = self._too_long(record)
            if problem:
                self.report.skip("a field longer than the database allows")
                self.report.warnings.append(f"{record.name[:80]!r} skipped: {problem}")
                continue
            problem = record_problem(record)
            if problem:
                self.report.skip("a mana cost or text the site can't store")
                self.report.warnings.append(f"{record.name[:80]!r} skipped: {problem}")
                continue
            card = self.by_oracle.get(record.oracle_id) if record.oracle_id else None
            if card is None:
                by_name = self.by_name.get(record.name)
                if by_name is not None and by_name.oracle_id not in (None, record.oracle_id):
                    self.report.skip("name already used by another oracle card")
                    continue
                card = by_name
            if record.name in claimed_names and claimed_names[record.name] != record.oracle_id:
                self.report.skip("name already used by another oracle card")
                continue
            claimed_names[record.name] = record.oracle_id
            if card is not None and id(card) in seen:
                self.report.skip("duplicate card in the input")
                continue
            if record.mana_value > self.mv_limit:
                self.report.warnings.append(
                    f"{record.name}: mana value {record.mana_value} stored as {self.mv_limit}"
                )
                record.mana_value = self.mv_limit
            if card is None:
                card = _CardRow(
                    None, self._unique_slug(record.name), _card_values(NEW_CARD, record, True)
                )
                seen.add(id(card))
                to_create.append(card)
                self.by_name[card.name] = card
                if card.oracle_id:
                    self.by_oracle[card.oracle_id] = card
            else:
                holder = self.by_name.get(record.name)
                if holder is not None and holder is not card:
                    self.report.skip("renamed to the name of another card")
                    self.report.warnings.append(
                        f"{card.name!r} -> {record.name!r}: another card has that name; skipped"
                    )
                    continue
                seen.add(id(card))
                before = card.values
                # A person edited this card: keep its French, unless it has none yet.
                keep_french = card.pk in self.curated and any(
                    before[_AT[name]] for name in ("name_fr", "type_line_fr", "printed_text_fr")
                )
                if keep_french and record.name_fr is not None:
                    incoming = (
                        record.name_fr,
                        record.type_line_fr or "",
                        record.printed_text_fr or "",
                        record.printed_set_fr or "",
                    )
                    if incoming != tuple(before[_AT[f]] for f in FRENCH_FIELDS):
                        self.report.french_kept += 1
                after = _card_values(before, record, not keep_french)
                if after != before:
                    changed = tuple(
                        f for f, a, b in zip(ALL_FIELDS, before, after, strict=True) if a != b
                    )
                    card.values = after
                    to_update[changed].append(card)
                    old_name = before[_AT["name"]]
                    if old_name != card.name:
                        self.by_name.pop(old_name, None)
                        self.by_name[card.name] = card
                else:
                    self.report.cards.unchanged += 1
            matched.append((card, record))
        for fields, changed_rows in to_update.items():  # each UPDATE sets the changed columns
            cards = [
                Card(id=row.pk, slug=row.slug, **dict(zip(ALL_FIELDS, row.values, strict=True)))
                for row in changed_rows
            ]
            Card.objects.bulk_update(cards, list(fields), batch_size=BATCH_SIZE)
            insert_history(cards, history_type="~", user=self.user, reason=self.reason, ids=False)
        if to_create:
            columns = ("slug", *ALL_FIELDS)
            rows = [(card.slug, *card.values) for card in to_create]
            ids = insert_rows(Card, columns, rows)
            for card, pk in zip(to_create, ids, strict=True):
                card.pk = pk
            insert_history_rows(
                Card,
                ("id", *columns),
                [(pk, *row) for pk, row in zip(ids, rows, strict=True)],
                history_type="+",
                user=self.user,
                reason=self.reason,
            )
            del rows
        self.report.cards.added = len(to_create)
        self.report.cards.changed = sum(len(cards) for cards in to_update.values())
        # What follows reads a card's id and name only: the rows (a fifth of a full import's
        # memory with their folded texts) are let go.
        self.by_oracle.clear()
        self.by_name.clear()
        ids_and_records: list[tuple[int, CardRecord]] = []
        for card, record in matched:
            assert card.pk is not None
            self.card_names[card.pk] = card.name
            ids_and_records.append((card.pk, record))
        return ids_and_records

    @staticmethod
    def _too_long(record: CardRecord) -> str:
        for name, limit in LENGTH_LIMITS.items():
            value = getattr(record, name)
            if value is not None and len(value) > limit:
                return f"{name} has {len(value)} characters, the limit is {limit}"
        return ""

    # ---- printings and legality ------------------------------------------------------------
    def upsert_printings(self, matched: Sequence[tuple[int, CardRecord]]) -> None:
        """A card's printings and legalities become the source's (when it gives them)."""
        printings = {
            card_id: record.printings for card_id, record in matched if record.printings is not None
        }
        legalities = {
            card_id: record.legalities
            for card_id, record in matched
            if record.legalities is not None
        }
        if printings:
            self.report.printings = sync_printings(printings)
        if legalities:
            self.report.legalities = sync_legalities(legalities)

    # ---- keywords --------------------------------------------------------------------------
    def upsert_keywords(self, matched: Sequence[tuple[int, _Kept]]) -> None:
        wanted = {name for _, r in matched if r.keywords for name in r.keywords}
        by_slug = {k.slug: k.pk for k in Keyword.objects.only("id", "slug")}
        by_name = {k.name_en.casefold(): k.pk for k in Keyword.objects.only("id", "name_en")}
        sections = _keyword_sections()
        new: dict[str, Keyword] = {}
        for name in sorted(wanted):
            slug = slugify(name)[:80]
            if not slug or slug in by_slug or name.casefold() in by_name or slug in new:
                continue
            new[slug] = Keyword(
                slug=slug, name_en=name[:80], rule_number=sections.get(name.casefold(), "")
            )
        # French names are looked for only for the keywords without one (new ones included):
        # a card votes only for its own keywords, so the other cards change no vote.
        unnamed = {k.name_en for k in new.values()} | set(
            Keyword.objects.filter(name_fr="").values_list("name_en", flat=True)
        )
        found = french_keyword_names(
            (r.keywords, r.oracle_text, r.printed_text_fr or "")
            for _, r in matched
            if r.keywords and not unnamed.isdisjoint(r.keywords)
        )
        for keyword in new.values():
            keyword.name_fr = found.get(keyword.name_en, "")[:80]
        if new:
            bulk_create_with_history(
                list(new.values()),
                Keyword,
                batch_size=BATCH_SIZE,
                default_user=self.user,
                default_change_reason=self.reason,
            )
            self.report.keywords_added = len(new)
            for keyword in new.values():
                by_slug[keyword.slug] = keyword.pk
                by_name[keyword.name_en.casefold()] = keyword.pk

        through = Card.keywords.through
        current: dict[int, dict[int, int]] = defaultdict(dict)
        for row_id, card_id, keyword_id in _link_rows(through, ("id", "card", "keyword")):
            current[card_id][keyword_id] = row_id
        add: list[tuple[int, int]] = []
        remove: list[int] = []
        for card_id, record in matched:
            if record.keywords is None:
                continue
            target = set()
            for name in record.keywords:
                pk = by_slug.get(slugify(name)[:80]) or by_name.get(name.casefold())
                if pk is not None:
                    target.add(pk)
            have = current.get(card_id, {})
            add.extend((card_id, k) for k in target - have.keys())
            remove.extend(row for k, row in have.items() if k not in target)
        self.keyword_ids = {name: pk for name, pk in by_name.items()}
        # Keywords without a French name get the one French printed cards show.
        named = [
            k
            for k in Keyword.objects.filter(name_fr="", name_en__in=list(found)).order_by("pk")
            if k.slug not in new
        ]
        for keyword in named:
            keyword.name_fr = found[keyword.name_en][:80]
        if named:
            bulk_update_with_history(
                named,
                Keyword,
                ["name_fr"],
                batch_size=BATCH_SIZE,
                default_user=self.user,
                default_change_reason=self.reason,
            )
        self.report.keyword_french_found = len(named) + sum(1 for k in new.values() if k.name_fr)
        if add:
            _insert_pairs(through, ("card_id", "keyword_id"), add)
        _delete_ids(through, remove)
        self.report.keyword_links_changed = len(add) + len(remove)

    # ---- rulings ---------------------------------------------------------------------------
    def upsert_rulings(self, matched: Sequence[tuple[int, _Kept]]) -> None:
        # The stored rulings' keys only: the rows themselves are read for the few this import
        # changes (re-worded, withdrawn, relinked...) once they are known.
        existing: dict[RulingKey, int] = {}  # key -> id
        withdrawn_ids: set[int] = set()
        hashes: dict[str, str] = {}  # English text -> its hash (cards share rulings' texts)
        # A stored ruling whose English is not the one its hash was taken of (changed where its
        # hash was not) takes back the English of the incoming ruling of that hash.
        mended: set[int] = set()
        restored: dict[int, str] = {}  # id -> the incoming English of its hash
        official: set[int] = set()
        stored = Ruling.objects.filter(source__in=OFFICIAL_SOURCES).order_by()
        for pk, published_on, source, text_en, digest, withdrawn_on in stored.values_list(
            "id", "published_on", "source", "text_en", "text_hash", "withdrawn_on"
        ):
            text_hash = hashes.get(text_en)
            if text_hash is None:
                text_hash = hashes[text_en] = ruling_hash(text_en)
            official.add(pk)
            if text_hash != digest:
                mended.add(pk)
            existing[(published_on, source, digest)] = pk
            if withdrawn_on is not None:
                withdrawn_ids.add(pk)
        through = Ruling.cards.through
        links: dict[int, dict[int, int]] = defaultdict(dict)  # card -> ruling -> link row id
        link_count: dict[int, int] = defaultdict(int)
        for row_id, card_id, ruling_id in _link_rows(through, ("id", "card", "ruling")):
            if ruling_id in official:  # community clarifications' links are left alone
                links[card_id][ruling_id] = row_id
                link_count[ruling_id] += 1

        new_rulings: dict[RulingKey, Ruling] = {}
        gained: dict[RulingKey, set[int]] = defaultdict(set)  # new ruling -> cards gaining it
        lost: dict[int, set[int]] = defaultdict(set)  # old ruling -> cards losing it
        fresh_by_card: dict[int, list[RulingKey]] = {}
        card_keywords: dict[int, set[str]] = {}
        add_links: list[tuple[int, RulingKey]] = []
        topics: dict[RulingKey, set[str]] = {}  # keywords every card of a new ruling has
        remove_links: list[int] = []
        relinked: set[int] = set()  # existing rows that gained a card
        reinstated: set[int] = set()
        unchanged: set[int] = set()

        for card_id, record in matched:
            if record.rulings is None:
                continue
            kws = set(record.keywords or ())
            card_keywords[card_id] = kws
            wanted: dict[RulingKey, RulingRecord] = {}
            for r in record.rulings:
                text_hash = hashes.get(r.text)
                if text_hash is None:
                    text_hash = hashes[r.text] = ruling_hash(r.text)
                wanted.setdefault((r.published_on, r.source, text_hash), r)
            have = links.get(card_id, {})
            wanted_ids: set[int] = set()
            fresh: list[RulingKey] = []
            for key, r in wanted.items():
                stored_id = existing.get(key)
                if stored_id is None:
                    if key not in new_rulings:
                        new_rulings[key] = Ruling(
                            published_on=key[0],
                            source=key[1],
                            text_en=r.text,
                            translation_status=Ruling.TranslationStatus.MISSING,
                        )
                    fresh.append(key)
                    gained[key].add(card_id)
                    add_links.append((card_id, key))
                    topics[key] = topics[key] & kws if key in topics else set(kws)
                else:
                    wanted_ids.add(stored_id)
                    if stored_id in mended:
                        restored[stored_id] = r.text
                    if stored_id in withdrawn_ids:
                        reinstated.add(stored_id)
                    if stored_id not in have:
                        add_links.append((card_id, key))
                        relinked.add(stored_id)
                    else:
                        unchanged.add(stored_id)
            for rid, link_row in have.items():
                if rid not in wanted_ids:
                    remove_links.append(link_row)
                    link_count[rid] -= 1
                    lost[rid].add(card_id)
            if fresh:
                fresh_by_card[card_id] = fresh
        by_id = _rulings_by_id([*lost, *relinked, *reinstated, *restored])

        def old_facts(rid: int) -> OldRuling:
            ruling = by_id[rid]
            mechanic = ruling.keyword_id
            if mechanic is None:
                common = set.intersection(*(card_keywords.get(c, set()) for c in lost[rid]))
                mechanic = self._topic(ruling.text_en, common)
            return OldRuling(text=ruling.text_en, mechanic=mechanic)

        def new_facts(key: RulingKey) -> NewRuling:
            ruling = new_rulings[key]
            return NewRuling(text=ruling.text_en, mechanic=self._topic(ruling.text_en, topics[key]))

        plan = plan_rewordings(
            lost=lost,
            gained=gained,
            fresh_by_card=fresh_by_card,
            old=old_facts,
            new=new_facts,
            offers_french=lambda rid: reviewed_french(by_id[rid]),
            has_french=lambda rid: bool(by_id[rid].text_fr),
        )

        # Re-wordings: the old row becomes the new wording when no other card keeps it (same id,
        # history and keyword); otherwise the new row inherits its French and keyword.
        rows: dict[RulingKey, Ruling] = {}  # new key -> the row that holds it
        rewritten: list[Ruling] = []
        for key, rid in plan.pairs.items():
            old = by_id[rid]
            new = new_rulings[key]
            old_text = old.text_en
            if link_count[rid] <= 0:
                old._change_reason = f"{self.reason}: English re-worded"  # type: ignore[attr-defined]
                carry_french(new, old)
                old.published_on, old.text_en = new.published_on, new.text_en
                for name in FRENCH_STATE_FIELDS:
                    setattr(old, name, getattr(new, name))
                old.withdrawn_on = None
                rows[key] = old
                rewritten.append(old)
                del new_rulings[key]
                target = old
            else:
                new.keyword_id = old.keyword_id
                new._change_reason = f"{self.reason}: re-wording of #{rid}"  # type: ignore[attr-defined]
                carry_french(new, old)
                target = new
            self.old_english[rid] = old_text
            if not same_words(old_text, target.text_en):
                self.reworded.append((target, rid, old_text, lost[rid]))
        for key, rid in plan.copies.items():  # the same English elsewhere: its French applies
            old, new = by_id[rid], new_rulings[key]
            carry_french(new, old)
            new.keyword_id = new.keyword_id or old.keyword_id
            new._change_reason = f"{self.reason}: same English as #{rid}"  # type: ignore[attr-defined]
            self.copied_from.add(rid)
        self.report.french_copied = len(plan.copies)
        for key, ruling in new_rulings.items():
            if ruling.keyword_id is None:
                ruling.keyword_id = self._topic(ruling.text_en, topics.get(key, set()))
        created = list(new_rulings.values())
        for ruling in (*created, *rewritten):
            ruling.refresh_derived_fields()
        rows.update(new_rulings)
        if created:
            create_rows(created)
            _let_go(created, ("search_text",))  # the history leaves it out
        _delete_ids(through, remove_links)
        if add_links:
            pairs = []
            for card_id, key in add_links:
                pk = existing.get(key) or rows[key].pk
                pairs.append((card_id, pk))
            _insert_pairs(through, ("card_id", "ruling_id"), pairs)

        # Old rulings no card keeps: withdrawn (kept) when a person reviewed their French,
        # else deleted. Either way the report names them.
        paired_old = set(plan.pairs.values())
        withdrawn: list[Ruling] = []
        deleted: list[Ruling] = []
        for rid in lost:
            if link_count[rid] <= 0 and rid not in paired_old:
                ruling = by_id[rid]
                (withdrawn if reviewed_french(ruling) else deleted).append(ruling)
        today = timezone.localdate()
        for ruling in withdrawn:
            ruling.withdrawn_on = today
            ruling._change_reason = f"{self.reason}: withdrawn by the source"  # type: ignore[attr-defined]
        back = [by_id[rid] for rid in reinstated]
        for ruling in back:
            ruling.withdrawn_on = None
        given_back = [by_id[rid] for rid in sorted(restored)]
        for ruling in given_back:
            ruling.text_en = restored[ruling.pk]
            ruling.refresh_derived_fields()
            ruling._change_reason = f"{self.reason}: English given back"  # type: ignore[attr-defined]
        now = timezone.now()
        changed_rows = {r.pk: r for r in (*rewritten, *withdrawn, *back, *given_back)}
        for ruling in changed_rows.values():
            ruling.updated_at = now
        if changed_rows:
            Ruling.objects.bulk_update(
                list(changed_rows.values()), RULING_UPDATE_FIELDS, batch_size=BATCH_SIZE
            )
        # Rows whose cards changed get a history record too (with the cards they have now).
        for rid in relinked | {rid for rid in lost if link_count[rid] > 0}:
            changed_rows.setdefault(rid, by_id[rid])
        self.history_created = created
        self.history_changed = list(changed_rows.values())
        self.withdrawn = [(r, lost[r.pk]) for r in withdrawn]
        self.reinstated = back
        self.deleted = [(r.pk, r.text_en, lost[r.pk]) for r in deleted]
        self.suggestions = [
            (rows[key], by_id[rid], score, rid in paired_old, gained[key])
            for key, rid, score in plan.suggestions
        ]
        for start in range(0, len(deleted), DELETE_CHUNK):
            chunk = deleted[start : start + DELETE_CHUNK]
            for ruling in chunk:  # the history's deletion record names the import
                ruling._change_reason = self.reason  # type: ignore[attr-defined]
            collector = Collector(using=Ruling.objects.db, origin=chunk)  # type: ignore[arg-type]
            collector.collect(chunk)
            collector.delete()

        self.report.links_added = len(add_links)
        self.report.links_removed = len(remove_links)
        self.report.rulings.changed = len(plan.pairs) + len(given_back)
        inherited = sum(1 for key in plan.pairs if key in new_rulings)  # paired, new row
        self.report.rulings.added = len(created) - inherited
        self.report.rulings.removed = len(deleted)
        self.report.rulings.unchanged = len(unchanged - relinked - restored.keys())
        self.report.withdrawn = len(withdrawn)

    def record_history(self) -> None:
        """One history record per ruling this import created or changed, with its cards."""
        record_rulings(self.history_created, history_type="+", user=self.user, reason=self.reason)
        record_rulings(self.history_changed, history_type="~", user=self.user, reason=self.reason)

    def _topic(self, text: str, keywords: set[str]) -> int | None:
        """The keyword a new ruling is about: the only keyword of its cards that it names.

        Keyword pages list the rulings attached to the keyword; curators can change it.
        """
        named = [k for k in keywords if _naming(k).search(text)]
        return self.keyword_ids.get(named[0].casefold()) if len(named) == 1 else None


@lru_cache(maxsize=4096)  # a few hundred keywords, looked for in 25,000 rulings by a full import
def _naming(keyword: str) -> re.Pattern[str]:
    """What finds ``keyword`` named in a text, as a word of its own, in any case."""
    return re.compile(rf"(?<!\w){re.escape(keyword)}(?!\w)", re.IGNORECASE)


#: Fields a re-wording carries from the old ruling to the new one.
FRENCH_STATE_FIELDS = (
    "text_fr",
    "translation_status",
    "previous_text_fr",
    "previous_text_en",
    "previous_status",
)
RULING_UPDATE_FIELDS = [
    "published_on",
    "text_en",
    "text_hash",
    "search_text",
    *FRENCH_STATE_FIELDS,
    "withdrawn_on",
    "updated_at",
]


def _let_go(instances: Iterable[models.Model], names: Sequence[str]) -> None:
    """Forget fields of written rows that the rest of the import doesn't read: a full import's
    folded texts, held to its end, were what it needed beyond 250 MB. A forgotten field is a
    deferred one: Django reads it back from the database if anything asks for it."""
    for instance in instances:
        for name in names:
            instance.__dict__.pop(name, None)


def reviewed_french(ruling: Ruling) -> bool:
    """French a person wrote or reviewed (machine French is cheap to make again)."""
    status = Ruling.TranslationStatus
    if not ruling.text_fr.strip():
        return False
    if ruling.translation_status == status.REVIEWED:
        return True
    return (
        ruling.translation_status == status.NEEDS_REVIEW
        and ruling.previous_status != status.MACHINE
    )


def carry_french(new: Ruling, old: Ruling) -> None:
    """Give ``new`` (the re-wording of ``old``) the French of ``old``.

    The same words re-dated or re-typeset keep the French and its status. Otherwise the French
    needs review, and the English it was reviewed for is kept for the comparison view (when the
    old French was already waiting for review against an earlier English, that one is kept).
    """
    for name in FRENCH_STATE_FIELDS:
        setattr(new, name, getattr(old, name))
    if not old.text_fr or same_words(old.text_en, new.text_en):
        return
    status = Ruling.TranslationStatus
    if not (old.translation_status == status.NEEDS_REVIEW and old.previous_text_en):
        new.previous_text_en = old.text_en
        new.previous_text_fr = old.text_fr
        new.previous_status = old.translation_status
    new.translation_status = status.NEEDS_REVIEW


def _keyword_sections() -> dict[str, str]:
    """Keyword name -> its Comprehensive Rules section (701.x actions, 702.x abilities)."""
    sections: dict[str, str] = {}
    rules = Rule.objects.filter(number__regex=r"^70[12]\.[0-9]+$").exclude(title="")
    for number, title in rules.values_list("number", "title"):
        sections.setdefault(title.strip().casefold(), number)
    return sections


def _insert_pairs(through: Any, fields: tuple[str, str], rows: list[tuple[int, int]]) -> None:
    """Insert many-to-many link rows with one prepared statement (``executemany``).

    Link rows have no behaviour and no history: building a model instance per row would be
    most of the cost of a first import.
    """
    if not rows:
        return
    meta = through._meta
    table = connection.ops.quote_name(meta.db_table)
    columns = ", ".join(connection.ops.quote_name(meta.get_field(f).column) for f in fields)
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES (%s, %s)", rows)


def _link_rows(through: Any, fields: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """Every row of a link table, ``fields`` of each, straight from the cursor (a re-import
    reads 85,000 ruling links: the ORM's iteration was a third of reading them)."""
    meta = through._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(f).column) for f in fields)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {quote(meta.db_table)}")
        return cursor.fetchall()  # type: ignore[no-any-return]


def _rulings_by_id(ids: Sequence[int]) -> dict[int, Ruling]:
    """The stored rulings of ``ids`` (in chunks under the databases' parameter limits)."""
    unique = sorted(set(ids))
    found: dict[int, Ruling] = {}
    for start in range(0, len(unique), DELETE_CHUNK):
        found.update(Ruling.objects.in_bulk(unique[start : start + DELETE_CHUNK]))
    return found


def _delete_ids(model: Any, ids: list[int]) -> None:
    for start in range(0, len(ids), DELETE_CHUNK):
        model.objects.filter(pk__in=ids[start : start + DELETE_CHUNK]).delete()


def _curated_french() -> set[int]:
    """Cards whose French a person changed (a history record with a user whose French fields
    differ from the record before it, or a card a person created with French)."""
    history = Card.history.model
    edited = history.objects.filter(history_user__isnull=False).values("id")
    rows = (
        history.objects.filter(id__in=edited)
        .order_by("id", "history_date", "history_id")
        .values_list("id", "history_user_id", *FRENCH_FIELDS)
    )
    curated: set[int] = set()
    before: dict[int, tuple[Any, ...]] = {}
    for card_id, user_id, *french in rows:
        values = tuple(french)
        if user_id is not None and values != before.get(card_id, ("",) * len(values)):
            curated.add(card_id)
        before[card_id] = values
    return curated


def input_fingerprint(paths: Iterable[Path]) -> str:
    """A digest of the files an import reads (names and bytes) and of the code reading them."""
    digest = hashlib.sha256(code_version().encode())
    for path in paths:
        digest.update(str(path.name).encode() + b"\0")
        with path.open("rb") as stream:
            digest.update(hashlib.file_digest(stream, "sha256").digest())
    return digest.hexdigest()


def _fingerprint_key(fingerprint: str) -> str:
    return f"rulesite:import-fingerprint:{fingerprint}"


def _remembered(fingerprint: str | None) -> dict[str, Any] | None:
    if not fingerprint:
        return None
    stored = version_store().get(_fingerprint_key(fingerprint))
    return stored if isinstance(stored, dict) else None


def _same_input_report(fingerprint: str | None) -> ImportReport | None:
    """The report of the last import of the same files, when nothing was written to the cards
    since it committed (the content version is still the one it left)."""
    stored = _remembered(fingerprint)
    if stored is None or stored.get("version") != content_version():
        return None
    report = _unchanged_report(stored)
    report.same_input = True
    return report


def _same_rows_report(fingerprint: str | None) -> ImportReport | None:
    """The report of the last import of the same files, when every row an import compares is
    as that import left it, whoever wrote since (the digest of the rows now is the one taken
    as it committed): comparing them with the same files would write nothing."""
    stored = _remembered(fingerprint)
    if stored is None or not stored.get("rows"):
        return None
    if stored["rows"] != stored_rows_digest(_curated_french()):
        return None
    report = _unchanged_report(stored)
    report.same_rows = True
    return report


def _unchanged_report(stored: dict[str, Any]) -> ImportReport:
    """The remembered import's counts, every one of them unchanged."""
    report = ImportReport()
    for name in ("cards", "rulings", "printings", "legalities"):
        counts = stored["report"][name]
        getattr(report, name).unchanged = counts["added"] + counts["changed"] + counts["unchanged"]
    report.skipped = dict(stored["report"]["skipped"])
    report.warnings = list(stored["report"]["warnings"])
    return report


def _remember_input(fingerprint: str, report: ImportReport) -> None:
    """Once this import commits, remember its files with the digest of the rows it leaves
    (taken now, in its transaction) and the content version it leaves: the version now, plus
    the one bump its commit makes if it wrote to the cards. A write by anyone else in between
    makes the versions differ, and the version is not remembered (the digest tells)."""
    expected = content_version() + (0 if report.wrote_nothing else 1)
    stored: dict[str, Any] = {
        "version": expected,
        "rows": stored_rows_digest(_curated_french()),
        "report": report.as_dict(),
    }

    def remember() -> None:
        if content_version() != expected:
            stored["version"] = None
        version_store().set(_fingerprint_key(fingerprint), stored, timeout=None)

    transaction.on_commit(remember)


def _run(upsert: _CardUpsert, records: Iterable[CardRecord]) -> None:
    upsert.load()
    matched = upsert.upsert_cards(records)
    upsert.upsert_printings(matched)
    # Written: what follows needs no printings nor legalities, a tenth of a full import's
    # memory, let go before the rulings are built (the caller's records are left as given).
    kept = [(c, _Kept(r.keywords, r.oracle_text, r.printed_text_fr, r.rulings)) for c, r in matched]
    del matched
    upsert.upsert_keywords(kept)
    upsert.upsert_rulings(kept)
    upsert.record_history()
    sync_keyword_terms()


def import_cards(
    *,
    records: Iterable[CardRecord],
    reason: str,
    user: AbstractBaseUser | None = None,
    dry_run: bool = False,
    sources: Sequence[str] = (),
    fingerprint: str | None = None,
    compare_all: bool = False,
) -> ImportReport:
    """Upsert cards, their keywords and official rulings in one transaction.

    ``records`` is consumed inside the transaction, so a reader failing mid-way (corrupt file)
    leaves the database untouched. ``dry_run`` computes the report and rolls back. An import
    that wrote something is recorded (``curation.ImportRun``) with the clarifications it named.

    ``fingerprint`` (:func:`input_fingerprint` of the files ``records`` come from): when the
    last import of the same files left the cards as they are now (no write since), nothing is
    read or compared: the answer is that import's counts, all unchanged. ``compare_all``: the
    content version is not trusted; every row the import compares is, by their digest
    (:mod:`~rulesite.curation.services.stored_rows`) against the one that import took as it
    committed, and when any differs every card is read and compared.
    """
    started = timezone.now()
    label = f"{reason} at {timezone.localtime(started):%Y-%m-%d %H:%M:%S}"[:100]
    upsert = _CardUpsert(user=user, reason=label)
    with transaction.atomic():
        same = None
        if not dry_run:
            same_report = _same_rows_report if compare_all else _same_input_report
            same = same_report(fingerprint)
        if same is not None:
            sync_keyword_terms()
            return same
        with bumped_once_at_commit():  # one bump of the content version, at commit
            _run(upsert, records)
            record_import(
                upsert,
                command=reason.split()[0],
                sources=sources,
                started=started,
                dry_run=dry_run,
            )
        if dry_run:
            transaction.set_rollback(True)
        elif fingerprint:  # after the bump: it remembers the version the commit leaves
            _remember_input(fingerprint, upsert.report)
    return upsert.report
