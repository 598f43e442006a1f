"""Curation's own records in the admin: imports (with the clarifications each one named), the
glossary, problems reported with official text, and the site-wide change log."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.forms import ModelForm
from django.http import HttpRequest
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.text import Truncator
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from rulesite.curation import changelog
from rulesite.curation.admin.base import CuratorAdminMixin
from rulesite.curation.models import FrenchTerm, ImportEvent, ImportRun, ProblemReport


class ImportEventInline(admin.TabularInline):  # type: ignore[type-arg]
    model = ImportEvent
    extra = 0
    can_delete = False
    fields = ("kind", "clarification", "text_en", "old_text_en", "card_names", "state")
    readonly_fields = fields
    verbose_name = _("clarification named by this import")
    verbose_name_plural = _("clarifications named by this import")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("clarification"))
    def clarification(self, event: ImportEvent) -> str:
        if event.ruling_id is not None:
            url = reverse("admin:cards_ruling_review", args=[event.ruling_id])
            return format_html('<a href="{}">#{}</a>', url, event.ruling_id)
        url = reverse("admin:cards_ruling_history", args=[event.ruling_ref])
        return format_html('<a href="{}">#{} ({})</a>', url, event.ruling_ref, _("history"))

    @admin.display(description=_("handled"))
    def state(self, event: ImportEvent) -> str:
        if not event.needs_attention:
            return "—"
        if event.resolved_at is None:
            return str(_("waiting for a curator"))
        who = event.resolved_by.get_username() if event.resolved_by else "?"
        return f"{who}, {event.resolved_at:%Y-%m-%d %H:%M}"


@admin.register(ImportRun)
class ImportRunAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("started_at", "command", "user", "summary", "named")
    list_filter = ("command",)
    fields = ("command", "sources", "user", "started_at", "finished_at", "report")
    readonly_fields = fields
    inlines = (ImportEventInline,)

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).select_related("user")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("counts"))
    def summary(self, run: ImportRun) -> str:
        return Truncator(" ".join(run.lines[:2])).chars(160)

    @admin.display(description=_("named clarifications"))
    def named(self, run: ImportRun) -> int:
        return sum(len(v) for v in run.counts.get("named", {}).values())

    @admin.display(description=_("report"))
    def report(self, run: ImportRun) -> str:
        return format_html("<pre>{}</pre>", "\n".join(run.lines))

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view(changelog.changelog_view)
        return [path("changes/", view, name="curation_changelog"), *super().get_urls()]


@admin.register(FrenchTerm)
class FrenchTermAdmin(CuratorAdminMixin, SimpleHistoryAdmin):  # type: ignore[misc]
    list_display = ("term_en", "term_fr", "source", "keyword", "curated")
    list_editable = ()
    search_fields = ("term_en", "term_fr", "note")
    list_filter = ("source", "curated")
    autocomplete_fields = ("keyword",)
    fields = ("term_en", "term_fr", "note", "source", "keyword", "curated")
    readonly_fields = ("source", "curated")
    list_per_page = 100

    def save_model(
        self, request: HttpRequest, obj: FrenchTerm, form: ModelForm[FrenchTerm], change: bool
    ) -> None:
        if not change:
            obj.source = FrenchTerm.Source.CURATOR
        if form.has_changed():
            obj.curated = True  # a person checked it: imports leave its French alone
        super().save_model(request, obj, form, change)


@admin.register(ProblemReport)
class ProblemReportAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Curators report problems with official text here; editors with the right to change
    official text resolve them."""

    list_display = ("created_at", "state", "subject", "short_description", "reported_by")
    list_filter = ("state",)
    search_fields = ("description", "proposed_text")
    raw_id_fields = ("ruling", "card")
    fields = ("ruling", "card", "description", "proposed_text", "state", "resolution")

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).select_related("ruling", "card", "reported_by")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return ("state", "resolution")
        if self._resolves(request):
            return ("ruling", "card", "description", "proposed_text")
        return self.fields

    def _resolves(self, request: HttpRequest) -> bool:
        user = request.user
        return bool(user.has_perm("cards.edit_official") or user.has_perm("cards.edit_oracle"))

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        allowed = super().has_change_permission(request, obj)
        return bool(allowed) and (obj is None or self._resolves(request))

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        initial: dict[str, Any] = dict(super().get_changeform_initial_data(request))
        for name in ("ruling", "card"):
            value = request.GET.get(name, "")
            if value.isdigit():
                initial[name] = int(value)
        return initial

    def save_model(
        self, request: HttpRequest, obj: ProblemReport, form: ModelForm[ProblemReport], change: bool
    ) -> None:
        if not change:
            obj.reported_by = request.user  # type: ignore[assignment]
        super().save_model(request, obj, form, change)

    @admin.display(description=_("about"))
    def subject(self, report: ProblemReport) -> str:
        return str(report.card or report.ruling)

    @admin.display(description=_("what is wrong"))
    def short_description(self, report: ProblemReport) -> str:
        return Truncator(report.description).chars(100)
