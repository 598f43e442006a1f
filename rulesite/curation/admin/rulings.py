"""Clarifications (rulings) in the curators' admin.

The list shows English, French, the French's state, the cards and the terminology findings,
with filters by card, keyword, status, source and import, and a search that ignores case and
accents. The French review queue opens in the review editor (``curation.review``): one
clarification at a time, "save and next", keyboard shortcuts. Official text (WotC, Scryfall)
is read-only for curators and they cannot delete it; they report a problem instead.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import Count, Prefetch, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html_join
from django.utils.http import urlencode
from django.utils.text import Truncator
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from rulesite.cards.models import Card, Ruling
from rulesite.curation import review
from rulesite.curation.admin.base import SIDE_BY_SIDE_CSS, CuratorAdminMixin
from rulesite.curation.filters import (
    KEPT_PARAMS,
    REVIEW_PARAM,
    REVIEW_QUEUE,
    CardFilter,
    FrenchReviewFilter,
    ImportFilter,
    KeywordFilter,
    SourceFilter,
    StatusFilter,
    filter_rulings,
    search,
)
from rulesite.curation.forms import FindingsField, describe_findings
from rulesite.curation.queue import review_queue
from rulesite.curation.services.glossary import load_glossary
from rulesite.curation.services.review import set_translation_status

OFFICIAL_FIELDS = ("published_on", "source", "text_en")
#: Clarifications one confirmation page shows at most (reviewing means reading each one).
CONFIRM_LIMIT = 100
FRENCH_STATE_LABELS = {
    "reviewed": _("reviewed"),
    "earlier_wording": _("reviewed for an earlier wording"),
    "machine": _("machine translation"),
    "unreviewed": _("not reviewed"),
    "missing": _("no French"),
}


def may_edit_official(request: HttpRequest) -> bool:
    return bool(request.user.has_perm("cards.edit_official"))


class RulingForm(ModelForm):  # type: ignore[type-arg]
    """The change form: saving French that uses the terminology otherwise asks to confirm."""

    confirm_terms = FindingsField()

    class Meta:
        model = Ruling
        fields = (
            "published_on",
            "source",
            "keyword",
            "cards",
            "text_en",
            "text_fr",
            "translation_status",
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        text_en = data.get("text_en", self.instance.text_en)
        text_fr = data.get("text_fr", "")
        if "text_fr" in self.changed_data and text_fr:
            findings = load_glossary().check(text_en, text_fr)
            if findings and not data.get("confirm_terms"):
                self.add_error("text_fr", describe_findings(findings))
        return data


@admin.register(Ruling)
class RulingAdmin(CuratorAdminMixin, SimpleHistoryAdmin):  # type: ignore[misc]
    form = RulingForm
    list_display = (
        "published_on",
        "english",
        "french",
        "french_label",
        "card_names",
        "keyword",
        "terminology",
    )
    list_display_links = ("english",)
    list_select_related = ("keyword",)
    search_fields = ("text_en",)  # shows the search box; the search itself is ``search()``
    search_help_text = _("Words of the English or French text, case and accents ignored; #123")
    list_filter = (
        FrenchReviewFilter,
        CardFilter,
        KeywordFilter,
        StatusFilter,
        SourceFilter,
        ImportFilter,
        ("published_on", admin.DateFieldListFilter),
    )
    list_per_page = 50
    date_hierarchy = "published_on"
    autocomplete_fields = ("cards", "keyword")
    actions = ("mark_french_reviewed", "mark_french_needs_review")
    fieldsets = (
        (None, {"fields": ("published_on", "source", "keyword", "cards", "withdrawn_on")}),
        (
            _("English"),
            {
                "classes": ("rulesite-side", "rulesite-en"),
                "fields": ("text_en", "previous_text_en"),
            },
        ),
        (
            _("French"),
            {
                "classes": ("rulesite-side", "rulesite-fr"),
                "fields": (
                    "text_fr",
                    "confirm_terms",
                    "translation_status",
                    "previous_text_fr",
                    "previous_status",
                ),
            },
        ),
        (None, {"fields": ("updated_at",)}),
    )

    class Media:
        css = SIDE_BY_SIDE_CSS

    # ---- lists ----------------------------------------------------------------------------
    def get_queryset(self, request: HttpRequest) -> QuerySet[Ruling]:
        cards = Card.objects.only("id", "name", "slug").order_by("name")
        rulings: QuerySet[Ruling] = Ruling.objects.annotate(
            card_total=Count("cards", distinct=True)
        )
        if request.GET.get(REVIEW_PARAM) == REVIEW_QUEUE:
            rulings = review_queue(rulings)  # annotates the queue's order
        ordering = self.get_ordering(request)
        return rulings.order_by(*ordering).prefetch_related(Prefetch("cards", queryset=cards))

    def get_ordering(self, request: HttpRequest) -> list[str] | tuple[str, ...]:
        if request.GET.get(REVIEW_PARAM) == REVIEW_QUEUE:
            return ("queue_priority", "published_on", "id")  # most urgent, then oldest
        return super().get_ordering(request)  # type: ignore[no-any-return]

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Ruling], search_term: str
    ) -> tuple[QuerySet[Ruling], bool]:
        return (search(queryset, search_term), False) if search_term.strip() else (queryset, False)

    def get_changelist_instance(self, request: HttpRequest) -> Any:
        changelist = super().get_changelist_instance(request)
        glossary = load_glossary()
        for ruling in changelist.result_list:
            ruling.findings = glossary.check(ruling.text_en, ruling.text_fr)
        return changelist

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> Any:
        kept = {
            k: str(request.GET[k]) for k in KEPT_PARAMS if k != REVIEW_PARAM and request.GET.get(k)
        }
        start = reverse("admin:cards_ruling_review_start")
        context = {
            "review_queue_count": review_queue(filter_rulings(Ruling.objects.all(), kept)).count(),
            "review_queue_url": f"{start}?{urlencode(kept)}" if kept else start,
            **(extra_context or {}),
        }
        return super().changelist_view(request, extra_context=context)

    @admin.display(description=_("English"))
    def english(self, obj: Ruling) -> str:
        return Truncator(obj.text_en).chars(160)

    @admin.display(description=_("French"))
    def french(self, obj: Ruling) -> str:
        return Truncator(obj.text_fr).chars(160) if obj.text_fr else "—"

    @admin.display(description=_("French status"))
    def french_label(self, obj: Ruling) -> str:
        label = str(FRENCH_STATE_LABELS[obj.french_state])
        notes = []
        if obj.withdrawn_on:
            notes.append(gettext("withdrawn"))
        if getattr(obj, "named_by_import", False):
            notes.append(gettext("named by an import"))
        if getattr(obj, "has_suggestion", False):
            notes.append(gettext("French suggested"))
        return f"{label} ({', '.join(notes)})" if notes else label

    @admin.display(description=_("cards"), ordering="card_total")
    def card_names(self, obj: Ruling) -> str:
        names = [card.name for card in obj.cards.all()]
        shown = ", ".join(names[:3])
        return f"{shown} +{len(names) - 3}" if len(names) > 3 else shown or "—"

    @admin.display(description=_("terminology"))
    def terminology(self, obj: Ruling) -> str:
        findings = getattr(obj, "findings", [])
        if not findings:
            return ""
        return format_html_join(
            "", '<span class="rulesite-finding">{}</span> ', ((f.term_en,) for f in findings)
        )

    # ---- the forms: official text read-only, deleting it not offered ------------------------
    def get_readonly_fields(self, request: HttpRequest, obj: Ruling | None = None) -> Any:
        fields = ["previous_text_en", "previous_text_fr", "previous_status", "withdrawn_on"]
        fields.append("updated_at")
        if obj is not None and obj.is_official and not may_edit_official(request):
            fields.extend(OFFICIAL_FIELDS)
        return fields

    def formfield_for_choice_field(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "source" and not may_edit_official(request):
            kwargs["choices"] = [(Ruling.Source.COMMUNITY, Ruling.Source.COMMUNITY.label)]
            kwargs["initial"] = Ruling.Source.COMMUNITY
        return super().formfield_for_choice_field(db_field, request, **kwargs)

    def has_delete_permission(self, request: HttpRequest, obj: Ruling | None = None) -> bool:
        if obj is not None and obj.is_official and not may_edit_official(request):
            return False
        return super().has_delete_permission(request, obj)  # type: ignore[no-any-return]

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        if not may_edit_official(request):
            actions.pop("delete_selected", None)  # official clarifications are never deleted
        return actions  # type: ignore[no-any-return]

    def save_model(
        self, request: HttpRequest, obj: Ruling, form: ModelForm[Ruling], change: bool
    ) -> None:
        # A curator who rewrites the French without touching the status has reviewed it.
        if "text_fr" in form.changed_data and "translation_status" not in form.changed_data:
            status = Ruling.TranslationStatus
            obj.translation_status = status.REVIEWED if obj.text_fr.strip() else status.MISSING
        if obj.translation_status == Ruling.TranslationStatus.REVIEWED and form.changed_data:
            obj.previous_text_en = obj.previous_text_fr = obj.previous_status = ""
        super().save_model(request, obj, form, change)
        if change and form.has_changed() and obj.translation_status == "reviewed":
            review.after_admin_review(obj, request.user)

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict[str, Any],
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: Ruling | None = None,
    ) -> Any:
        if obj is not None:
            context.update(review.change_form_links(obj))
        return super().render_change_form(request, context, add, change, form_url, obj)

    # ---- the review editor and the comparison view --------------------------------------------
    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view
        return [
            path(
                "review-queue/",
                view(self.review_queue_view),
                name="cards_ruling_review_queue",
            ),
            path("review/", view(review.start), name="cards_ruling_review_start"),
            path("<int:pk>/review/", view(review.editor), name="cards_ruling_review"),
            path("<int:pk>/compare/", view(review.compare), name="cards_ruling_compare"),
            *super().get_urls(),
        ]

    def review_queue_view(self, request: HttpRequest) -> HttpResponseRedirect:
        url = reverse("admin:cards_ruling_changelist")
        return HttpResponseRedirect(f"{url}?{REVIEW_PARAM}={REVIEW_QUEUE}")

    # ---- bulk actions: the texts are shown, the curator confirms ------------------------------
    def _confirm_status(
        self, request: HttpRequest, queryset: QuerySet[Ruling], status: str, action: str
    ) -> TemplateResponse | None:
        if request.POST.get("select_across") == "1":
            self.message_user(
                request,
                gettext(
                    "Select the clarifications on this page: a review status is set after "
                    "reading each text, not for a whole list at once."
                ),
                messages.ERROR,
            )
            return None
        rulings = list(queryset.order_by("published_on", "id")[: CONFIRM_LIMIT + 1])
        if len(rulings) > CONFIRM_LIMIT:
            self.message_user(
                request,
                gettext("Select at most %(n)d clarifications at a time.") % {"n": CONFIRM_LIMIT},
                messages.ERROR,
            )
            return None
        if request.POST.get("confirm") == "yes":
            changed, skipped = set_translation_status(
                rulings=rulings, status=status, user=request.user
            )
            self._report_status(request, changed, skipped, status)
            return None
        glossary = load_glossary()
        rows = [(ruling, glossary.check(ruling.text_en, ruling.text_fr)) for ruling in rulings]
        context = {
            **self.admin_site.each_context(request),
            "title": gettext("Mark these clarifications “%(status)s”?")
            % {"status": Ruling.TranslationStatus(status).label},
            "opts": self.model._meta,
            "rows": rows,
            "action": action,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "without_french": sum(1 for r in rulings if not r.text_fr.strip()),
            "status": status,
        }
        return TemplateResponse(request, "admin/curation/ruling/confirm_status.html", context)

    def _report_status(self, request: HttpRequest, changed: int, skipped: int, status: str) -> None:
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

    @admin.action(description=_("Mark French reviewed…"), permissions=["change"])
    def mark_french_reviewed(
        self, request: HttpRequest, queryset: QuerySet[Ruling]
    ) -> TemplateResponse | None:
        return self._confirm_status(
            request, queryset, Ruling.TranslationStatus.REVIEWED, "mark_french_reviewed"
        )

    @admin.action(description=_("Mark French as needing review…"), permissions=["change"])
    def mark_french_needs_review(
        self, request: HttpRequest, queryset: QuerySet[Ruling]
    ) -> TemplateResponse | None:
        return self._confirm_status(
            request, queryset, Ruling.TranslationStatus.NEEDS_REVIEW, "mark_french_needs_review"
        )
