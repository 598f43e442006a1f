"""Keywords and Comprehensive Rules in the curators' admin, with full history and revert.

Their English is official (keyword names, the rules' text): curators edit the French and the
site's own explanations; editors with ``cards.edit_official`` edit the rest.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.forms import ModelForm
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from rulesite.cards.models import Keyword, Rule
from rulesite.curation.admin.base import SIDE_BY_SIDE_CSS, CuratorAdminMixin
from rulesite.curation.services.glossary import sync_keyword_terms


def may_edit_official(request: HttpRequest) -> bool:
    return bool(request.user.has_perm("cards.edit_official"))


@admin.register(Keyword)
class KeywordAdmin(CuratorAdminMixin, SimpleHistoryAdmin):  # type: ignore[misc]
    list_display = ("name_en", "name_fr", "rule_number", "slug")
    search_fields = ("name_en", "name_fr", "slug", "rule_number")
    list_filter = (("name_fr", admin.EmptyFieldListFilter),)
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

    def get_readonly_fields(self, request: HttpRequest, obj: Keyword | None = None) -> Any:
        if obj is None or may_edit_official(request):
            return ()
        return ("slug", "rule_number", "name_en")

    def get_prepopulated_fields(self, request: HttpRequest, obj: Keyword | None = None) -> Any:
        return {"slug": ("name_en",)} if obj is None or may_edit_official(request) else {}

    def save_model(
        self, request: HttpRequest, obj: Keyword, form: ModelForm[Keyword], change: bool
    ) -> None:
        super().save_model(request, obj, form, change)
        if "name_fr" in form.changed_data:
            sync_keyword_terms()  # the glossary follows the keyword's French name


@admin.register(Rule)
class RuleAdmin(CuratorAdminMixin, SimpleHistoryAdmin):  # type: ignore[misc]
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

    def get_readonly_fields(self, request: HttpRequest, obj: Rule | None = None) -> Any:
        if obj is None or may_edit_official(request):
            return ()
        return ("number", "title", "parent", "edition", "text_en")

    @admin.display(description=_("French"), boolean=True)
    def has_french(self, obj: Rule) -> bool:
        return bool(obj.text_fr)
