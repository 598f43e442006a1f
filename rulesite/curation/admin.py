"""The curators' tool: cards, clarifications (rulings), keywords and rules in the Django admin.

Every change to a card or a clarification is kept by django-simple-history (who, when, what) and
can be reverted from the object's History page. English and French sit side by side in the edit
forms (two-column layout from ``curation/admin.css``). The French review queue is the
clarifications list filtered on "French: to review", oldest first
(``admin/cards/ruling/review-queue/``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import URLPattern, path, reverse
from django.utils.text import Truncator
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from simple_history.admin import SimpleHistoryAdmin

from rulesite.cards.models import Card, Keyword, Rule, Ruling
from rulesite.core.text import fold
from rulesite.curation.services.review import set_translation_status

SIDE_BY_SIDE_CSS = {"all": ("curation/admin.css",)}
REVIEW_PARAM = "review"
REVIEW_QUEUE = "queue"


class FrenchReviewFilter(admin.SimpleListFilter):
    """French texts a curator must read: machine translations and re-worded English."""

    title = _("French review")
    parameter_name = REVIEW_PARAM

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            (REVIEW_QUEUE, _("To review (machine or needs review)")),
            ("missing", _("No French yet")),
            ("done", _("Reviewed")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        status = Ruling.TranslationStatus
        value = self.value()
        if value == REVIEW_QUEUE:
            return queryset.filter(translation_status__in=[status.MACHINE, status.NEEDS_REVIEW])
        if value == "missing":
            return queryset.filter(translation_status=status.MISSING)
        if value == "done":
            return queryset.filter(translation_status=status.REVIEWED)
        return queryset


class RulingCardInline(admin.TabularInline):  # type: ignore[type-arg]
    """A card's clarifications, attached or detached from the card's page."""

    model = Ruling.cards.through
    extra = 0
    autocomplete_fields = ("ruling",)
    fields = ("ruling", "source", "french")
    readonly_fields = ("source", "french")
    verbose_name = _("clarification")
    verbose_name_plural = _("clarifications")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return (
            super()
            .get_queryset(request)
            .select_related("ruling")
            .order_by("-ruling__published_on", "ruling_id")
        )

    @admin.display(description=_("source"))
    def source(self, obj: Any) -> str:
        return str(obj.ruling.get_source_display()) if obj.ruling_id else ""

    @admin.display(description=_("French"))
    def french(self, obj: Any) -> str:
        if not obj.ruling_id:
            return ""
        ruling = obj.ruling
        label = ruling.get_translation_status_display()
        return f"{label}: {Truncator(ruling.text_fr).chars(120)}" if ruling.text_fr else label


class HasFrenchFilter(admin.SimpleListFilter):
    title = _("French name")
    parameter_name = "french"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("yes", _("has a French name")), ("no", _("no French name"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "yes":
            return queryset.exclude(name_fr="")
        if self.value() == "no":
            return queryset.filter(name_fr="")
        return queryset


@admin.register(Card)
class CardAdmin(SimpleHistoryAdmin):  # type: ignore[misc]
    list_display = ("name", "name_fr", "mana_cost", "type_line", "ruling_count")
    search_fields = ("name", "name_fr", "oracle_id")
    search_help_text = _("English or French name (accents optional), or oracle id")
    list_filter = (HasFrenchFilter, ("keywords", admin.RelatedOnlyFieldListFilter))
    list_per_page = 50
    autocomplete_fields = ("keywords",)
    prepopulated_fields = {"slug": ("name",)}
    inlines = (RulingCardInline,)
    fieldsets = (
        (None, {"fields": ("oracle_id", "slug", "keywords")}),
        (
            _("English (Oracle)"),
            {
                "classes": ("rulesite-side", "rulesite-en"),
                "fields": (
                    "name",
                    "mana_cost",
                    "mana_value",
                    "type_line",
                    "oracle_text",
                    "colors",
                    ("power", "toughness", "loyalty"),
                ),
            },
        ),
        (
            _("French (printed)"),
            {
                "classes": ("rulesite-side", "rulesite-fr"),
                "fields": ("name_fr", "type_line_fr", "printed_text_fr", "printed_set_fr"),
            },
        ),
    )

    class Media:
        css = SIDE_BY_SIDE_CSS

    def get_queryset(self, request: HttpRequest) -> QuerySet[Card]:
        return super().get_queryset(request).annotate(ruling_total=Count("rulings"))  # type: ignore[no-any-return]

    @admin.display(description=_("clarifications"), ordering="ruling_total")
    def ruling_count(self, obj: Card) -> int:
        return getattr(obj, "ruling_total", 0)

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Card], search_term: str
    ) -> tuple[QuerySet[Card], bool]:
        results, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        folded = fold(search_term.strip())
        if folded:  # "eclair" finds "Éclair explosif"
            results = (results | queryset.filter(search_name__contains=folded)).order_by(
                *(self.get_ordering(request) or ("name",))
            )
        return results, may_have_duplicates

    def save_model(
        self, request: HttpRequest, obj: Card, form: ModelForm[Card], change: bool
    ) -> None:
        obj.refresh_search_fields()
        super().save_model(request, obj, form, change)


@admin.register(Ruling)
class RulingAdmin(SimpleHistoryAdmin):  # type: ignore[misc]
    list_display = (
        "published_on",
        "summary",
        "source",
        "translation_status",
        "keyword",
        "card_count",
    )
    list_display_links = ("summary",)
    list_select_related = ("keyword",)
    search_fields = ("text_en", "text_fr", "previous_text_fr")
    search_help_text = _("Words of the English or French text")
    list_filter = (
        FrenchReviewFilter,
        "source",
        "translation_status",
        ("keyword", admin.RelatedOnlyFieldListFilter),
        ("published_on", admin.DateFieldListFilter),
    )
    list_per_page = 50
    date_hierarchy = "published_on"
    autocomplete_fields = ("cards", "keyword")
    readonly_fields = ("previous_text_fr", "updated_at")
    actions = ("mark_french_reviewed", "mark_french_needs_review")
    fieldsets = (
        (None, {"fields": ("published_on", "source", "keyword", "cards")}),
        (_("English"), {"classes": ("rulesite-side", "rulesite-en"), "fields": ("text_en",)}),
        (
            _("French"),
            {
                "classes": ("rulesite-side", "rulesite-fr"),
                "fields": ("text_fr", "translation_status", "previous_text_fr"),
            },
        ),
        (None, {"fields": ("updated_at",)}),
    )

    class Media:
        css = SIDE_BY_SIDE_CSS

    def get_queryset(self, request: HttpRequest) -> QuerySet[Ruling]:
        return super().get_queryset(request).annotate(card_total=Count("cards"))  # type: ignore[no-any-return]

    def get_ordering(self, request: HttpRequest) -> list[str] | tuple[str, ...]:
        if request.GET.get(REVIEW_PARAM) == REVIEW_QUEUE:
            return ("published_on", "id")  # the review queue: oldest first
        return super().get_ordering(request)  # type: ignore[no-any-return]

    def get_urls(self) -> list[URLPattern]:
        queue = path(
            "review-queue/",
            self.admin_site.admin_view(self.review_queue_view),
            name="cards_ruling_review_queue",
        )
        return [queue, *super().get_urls()]

    def review_queue_view(self, request: HttpRequest) -> HttpResponseRedirect:
        url = reverse("admin:cards_ruling_changelist")
        return HttpResponseRedirect(f"{url}?{REVIEW_PARAM}={REVIEW_QUEUE}")

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> Any:
        status = Ruling.TranslationStatus
        context = {
            "review_queue_count": Ruling.objects.filter(
                translation_status__in=[status.MACHINE, status.NEEDS_REVIEW]
            ).count(),
            "review_queue_url": reverse("admin:cards_ruling_review_queue"),
            **(extra_context or {}),
        }
        return super().changelist_view(request, extra_context=context)

    @admin.display(description=_("clarification"))
    def summary(self, obj: Ruling) -> str:
        return Truncator(obj.text_en).chars(110)

    @admin.display(description=_("cards"), ordering="card_total")
    def card_count(self, obj: Ruling) -> int:
        return getattr(obj, "card_total", 0)

    def save_model(
        self, request: HttpRequest, obj: Ruling, form: ModelForm[Ruling], change: bool
    ) -> None:
        # A curator who rewrites the French without touching the status has reviewed it.
        if "text_fr" in form.changed_data and "translation_status" not in form.changed_data:
            status = Ruling.TranslationStatus
            obj.translation_status = status.REVIEWED if obj.text_fr.strip() else status.MISSING
        super().save_model(request, obj, form, change)

    def _set_status(self, request: HttpRequest, queryset: QuerySet[Ruling], status: str) -> None:
        changed, skipped = set_translation_status(
            rulings=queryset.order_by(), status=status, user=request.user
        )
        label = Ruling.TranslationStatus(status).label
        self.message_user(
            request,
            ngettext(
                "%(count)d clarification marked “%(status)s”.",
                "%(count)d clarifications marked “%(status)s”.",
                changed,
            )
            % {"count": changed, "status": label},
            messages.SUCCESS,
        )
        if skipped:
            self.message_user(
                request,
                ngettext(
                    "%(count)d clarification has no French text and was left as it was.",
                    "%(count)d clarifications have no French text and were left as they were.",
                    skipped,
                )
                % {"count": skipped},
                messages.WARNING,
            )

    @admin.action(description=_("Mark French reviewed"), permissions=["change"])
    def mark_french_reviewed(self, request: HttpRequest, queryset: QuerySet[Ruling]) -> None:
        self._set_status(request, queryset, Ruling.TranslationStatus.REVIEWED)

    @admin.action(description=_("Mark French as needing review"), permissions=["change"])
    def mark_french_needs_review(self, request: HttpRequest, queryset: QuerySet[Ruling]) -> None:
        self._set_status(request, queryset, Ruling.TranslationStatus.NEEDS_REVIEW)


@admin.register(Keyword)
class KeywordAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name_en", "name_fr", "rule_number", "slug")
    search_fields = ("name_en", "name_fr", "slug", "rule_number")
    prepopulated_fields = {"slug": ("name_en",)}
    fieldsets = (
        (None, {"fields": ("slug", "rule_number")}),
        (
            _("English"),
            {"classes": ("rulesite-side", "rulesite-en"), "fields": ("name_en", "explanation_en")},
        ),
        (
            _("French"),
            {"classes": ("rulesite-side", "rulesite-fr"), "fields": ("name_fr", "explanation_fr")},
        ),
    )

    class Media:
        css = SIDE_BY_SIDE_CSS


@admin.register(Rule)
class RuleAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("number", "title", "edition", "has_french")
    search_fields = ("number", "title", "text_en", "text_fr")
    list_filter = ("edition",)
    list_per_page = 100
    autocomplete_fields = ("parent",)
    fieldsets = (
        (None, {"fields": ("number", "title", "parent", "edition")}),
        (_("English"), {"classes": ("rulesite-side", "rulesite-en"), "fields": ("text_en",)}),
        (_("French"), {"classes": ("rulesite-side", "rulesite-fr"), "fields": ("text_fr",)}),
    )

    class Media:
        css = SIDE_BY_SIDE_CSS

    def get_ordering(self, request: HttpRequest) -> tuple[str, ...]:
        return ("sort_key",)

    @admin.display(description=_("French"), boolean=True)
    def has_french(self, obj: Rule) -> bool:
        return bool(obj.text_fr)
