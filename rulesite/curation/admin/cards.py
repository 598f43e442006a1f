"""Cards in the curators' admin: French printed text side by side with the Oracle text.

The Oracle text is official: curators read it and report problems; editors with the
``cards.edit_oracle`` permission change it, and are told first which published scenarios the
engine would answer differently.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest
from django.urls import reverse
from django.utils.text import Truncator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from rulesite.cards.models import Card, Ruling
from rulesite.core.text import fold
from rulesite.curation.admin.base import SIDE_BY_SIDE_CSS, CuratorAdminMixin
from rulesite.curation.card_fields import FRENCH_FIELDS
from rulesite.curation.services.official import ORACLE_FIELDS, scenario_changes


def may_edit_oracle(request: HttpRequest) -> bool:
    return bool(request.user.has_perm("cards.edit_oracle"))


class CardForm(ModelForm):  # type: ignore[type-arg]
    """An edit of the Oracle text that changes published scenario answers says so, and is
    saved only once the editor confirms."""

    confirm_scenarios = forms.BooleanField(
        required=False,
        label=_("Save even though published scenario answers change"),
    )

    class Meta:
        model = Card
        fields = (*ORACLE_FIELDS, "keywords", *FRENCH_FIELDS)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        oracle = [name for name in ORACLE_FIELDS if name in self.changed_data]
        if self.instance.pk and oracle and not self.errors:
            changes = scenario_changes(self.instance, {name: data[name] for name in oracle})
            if changes and not data.get("confirm_scenarios"):
                listed = "; ".join(
                    f"“{scenario.title}” ({', '.join(fields)})" for scenario, fields in changes
                )
                raise forms.ValidationError(
                    gettext(
                        "This edit changes the engine's answer to %(n)d published scenarios: "
                        "%(list)s. Tick the confirmation to save anyway; the scenarios will be "
                        "marked as changed at the next re-check."
                    )
                    % {"n": len(changes), "list": listed}
                )
        return data


class RulingCardInline(admin.TabularInline):  # type: ignore[type-arg]
    """A card's clarifications (their links to the card come from the imports)."""

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

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_edit_oracle(request) and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_edit_oracle(request) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_edit_oracle(request) and super().has_delete_permission(request, obj)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.has_perm("cards.view_ruling"))

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
class CardAdmin(CuratorAdminMixin, SimpleHistoryAdmin):  # type: ignore[misc]
    form = CardForm
    list_display = ("name", "name_fr", "mana_cost", "type_line", "ruling_count")
    search_fields = ("name", "name_fr", "oracle_id")
    search_help_text = _("English or French name (accents optional), or oracle id")
    list_filter = (HasFrenchFilter, ("keywords", admin.RelatedOnlyFieldListFilter))
    list_per_page = 50
    autocomplete_fields = ("keywords",)
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
                    "confirm_scenarios",
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

    def get_readonly_fields(self, request: HttpRequest, obj: Card | None = None) -> Any:
        return () if may_edit_oracle(request) else ORACLE_FIELDS

    def get_fieldsets(self, request: HttpRequest, obj: Card | None = None) -> Any:
        fieldsets = super().get_fieldsets(request, obj)
        if may_edit_oracle(request):
            return fieldsets
        return [  # curators never see the scenario confirmation: the Oracle text is read-only
            (
                name,
                {**options, "fields": [f for f in options["fields"] if f != "confirm_scenarios"]},
            )
            for name, options in fieldsets
        ]

    def get_prepopulated_fields(self, request: HttpRequest, obj: Card | None = None) -> Any:
        return {"slug": ("name",)} if may_edit_oracle(request) else {}

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

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict[str, Any],
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: Card | None = None,
    ) -> Any:
        if obj is not None:
            context["report_url"] = reverse("admin:curation_problemreport_add") + f"?card={obj.pk}"
            context["oracle_read_only"] = not may_edit_oracle(request)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def save_model(
        self, request: HttpRequest, obj: Card, form: ModelForm[Card], change: bool
    ) -> None:
        obj.refresh_search_fields()
        super().save_model(request, obj, form, change)
