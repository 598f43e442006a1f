"""Filters of the clarification list, shared with the review editor: the editor's "next" walks
the list as filtered (same parameters in the URL)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from rulesite.cards.models import Card, Keyword, Ruling
from rulesite.core.text import fold
from rulesite.curation.models import ImportEvent, ImportRun
from rulesite.curation.queue import review_queue

REVIEW_PARAM = "review"
REVIEW_QUEUE = "queue"
#: The list's parameters the review editor keeps from one clarification to the next.
KEPT_PARAMS = ("review", "card", "keyword", "status", "source", "import", "q")


def search(rulings: QuerySet[Ruling], term: str) -> QuerySet[Ruling]:
    """Every word of ``term`` in the English or the French, case and accents ignored
    ("DÉSASTRE" finds "désastre" and "desastre"); ``#123`` finds clarification 123."""
    term = term.strip()
    if term.startswith("#") and term[1:].isdigit():
        return rulings.filter(pk=int(term[1:]))
    for word in fold(term).split():
        rulings = rulings.filter(search_text__contains=word)
    return rulings


def changed_by(run: ImportRun) -> Q:
    """Clarifications an import wrote (its history records) or named (its events)."""
    written = Ruling.history.filter(history_change_reason__startswith=run.reason).values("id")
    named = ImportEvent.objects.filter(run=run, ruling__isnull=False).values("ruling_id")
    return Q(pk__in=written) | Q(pk__in=named)


def filter_rulings(rulings: QuerySet[Ruling], params: Mapping[str, str]) -> QuerySet[Ruling]:
    """The list's filters applied to ``rulings`` (for the review editor)."""
    if params.get(REVIEW_PARAM) == REVIEW_QUEUE:
        rulings = review_queue(rulings)
    for spec in (CardFilter, KeywordFilter, StatusFilter, SourceFilter, ImportFilter):
        value = params.get(spec.parameter_name)
        if value:
            rulings = spec.apply(rulings, value)
    if params.get("q"):
        rulings = search(rulings, params["q"])
    return rulings


class FrenchReviewFilter(admin.SimpleListFilter):
    """French a curator must read, most urgent first (see ``curation.queue``)."""

    title = _("French review")
    parameter_name = REVIEW_PARAM

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            (REVIEW_QUEUE, _("To review (queue, most urgent first)")),
            ("missing", _("No French yet")),
            ("done", _("Reviewed")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        status = Ruling.TranslationStatus
        value = self.value()
        if value == REVIEW_QUEUE:
            return review_queue(queryset)
        if value == "missing":
            return queryset.filter(translation_status=status.MISSING)
        if value == "done":
            return queryset.filter(translation_status=status.REVIEWED)
        return queryset


class TextFilter(admin.SimpleListFilter):
    """A filter typed in a text box (one card among 25,000 is not a list of links)."""

    template = "admin/curation/text_filter.html"
    placeholder: Any = ""

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return []

    def has_output(self) -> bool:
        return True

    def choices(self, changelist: Any) -> Iterator[Any]:
        params = changelist.get_filters_params()
        yield {
            "value": self.value() or "",
            "placeholder": self.placeholder,
            "others": [
                (name, value)
                for name, values in params.items()
                if name != self.parameter_name
                for value in (values if isinstance(values, list) else [values])
            ],
            "query": changelist.query,
            "clear": changelist.get_query_string(remove=[self.parameter_name]),
        }

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return self.apply(queryset, value) if value else queryset

    @classmethod
    def apply(cls, rulings: QuerySet[Ruling], value: str) -> QuerySet[Ruling]:
        raise NotImplementedError


class CardFilter(TextFilter):
    title = _("card")
    parameter_name = "card"
    placeholder = _("English or French name")

    @classmethod
    def apply(cls, rulings: QuerySet[Ruling], value: str) -> QuerySet[Ruling]:
        cards = Card.objects.filter(search_name__contains=fold(value.strip()))
        return rulings.filter(cards__in=cards.values("id")).distinct()


class KeywordFilter(admin.SimpleListFilter):
    title = _("keyword")
    parameter_name = "keyword"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        used = Keyword.objects.filter(rulings__isnull=False).distinct().order_by("name_en")
        return [(k.slug, k.name_en) for k in used.only("slug", "name_en")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return self.apply(queryset, value) if value else queryset

    @classmethod
    def apply(cls, rulings: QuerySet[Ruling], value: str) -> QuerySet[Ruling]:
        return rulings.filter(keyword__slug=value)


class StatusFilter(admin.SimpleListFilter):
    title = _("French status")
    parameter_name = "status"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            *Ruling.TranslationStatus.choices,
            ("earlier_wording", _("reviewed for an earlier wording")),
            ("withdrawn", _("withdrawn by the source")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return self.apply(queryset, value) if value else queryset

    @classmethod
    def apply(cls, rulings: QuerySet[Ruling], value: str) -> QuerySet[Ruling]:
        status = Ruling.TranslationStatus
        if value == "earlier_wording":
            return rulings.filter(
                translation_status=status.NEEDS_REVIEW, previous_status=status.REVIEWED
            ).exclude(previous_text_en="")
        if value == "withdrawn":
            return rulings.filter(withdrawn_on__isnull=False)
        return rulings.filter(translation_status=value)


class SourceFilter(admin.SimpleListFilter):
    title = _("source")
    parameter_name = "source"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return list(Ruling.Source.choices)

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return self.apply(queryset, value) if value else queryset

    @classmethod
    def apply(cls, rulings: QuerySet[Ruling], value: str) -> QuerySet[Ruling]:
        return rulings.filter(source=value)


class ImportFilter(admin.SimpleListFilter):
    title = _("changed by an import")
    parameter_name = "import"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        runs = ImportRun.objects.latest_first()[:5]
        return [("last", _("the last import")), *((str(r.pk), str(r)) for r in runs)]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return self.apply(queryset, value) if value else queryset

    @classmethod
    def apply(cls, rulings: QuerySet[Ruling], value: str) -> QuerySet[Ruling]:
        runs = ImportRun.objects.latest_first()
        run = (
            runs.first()
            if value == "last"
            else runs.filter(pk=value).first()
            if value.isdigit()
            else None
        )
        if run is None:
            return rulings.none()
        return rulings.filter(changed_by(run))
