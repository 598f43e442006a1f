"""Moderation of community scenarios in the Django admin: pending first, flagged next,
bulk approve / reject, the question as readers will see it, and the curator's decision on
scenarios whose answer changed."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import engine
from rulesite.cards.catalog import CardCatalog
from rulesite.scenarios import services
from rulesite.scenarios.board import describe_answer, describe_board
from rulesite.scenarios.models import ModerationDecision, Scenario, ScenarioFlag
from rulesite.scenarios.text import render_question
from rulesite.workbench.services import read_request

#: Rejecting a scenario or keeping an answer the engine no longer gives needs a reason.
REASON_REQUIRED = frozenset(
    {ModerationDecision.Action.REJECTED, ModerationDecision.Action.KEPT_OLD_ANSWER}
)
DECISION_TITLES: dict[str, Any] = {
    ModerationDecision.Action.PUBLISHED: _("Approve these scenarios"),
    ModerationDecision.Action.REJECTED: _("Reject these scenarios"),
    ModerationDecision.Action.ACCEPTED_NEW_ANSWER: _("Accept today's answer"),
    ModerationDecision.Action.KEPT_OLD_ANSWER: _("Keep the stored answer as a known issue"),
}


class DecisionForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"),
        max_length=services.NOTE_MAX,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=_("Kept with the decision, for the other moderators."),
    )


class FlagInline(admin.TabularInline):  # type: ignore[type-arg]
    model = ScenarioFlag
    extra = 0
    can_delete = False
    fields = ("created", "reason", "note")
    readonly_fields = fields
    verbose_name = _("reader's flag")
    verbose_name_plural = _("readers' flags")

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class DecisionInline(admin.TabularInline):  # type: ignore[type-arg]
    model = ModerationDecision
    extra = 0
    can_delete = False
    fields = ("created", "moderator", "action", "reason")
    readonly_fields = fields
    verbose_name = _("moderation decision")
    verbose_name_plural = _("moderation decisions")

    def get_queryset(self, request: HttpRequest) -> QuerySet[ModerationDecision]:
        return super().get_queryset(request).select_related("moderator")

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class FlaggedFilter(admin.SimpleListFilter):
    title = _("flagged by readers")
    parameter_name = "flagged"

    def lookups(
        self, request: HttpRequest, model_admin: admin.ModelAdmin[Scenario]
    ) -> list[tuple[str, str]]:
        return [("yes", str(_("flagged"))), ("no", str(_("not flagged")))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Scenario]) -> QuerySet[Scenario]:
        if self.value() == "yes":
            return queryset.filter(flag_count__gt=0)
        if self.value() == "no":
            return queryset.filter(flag_count=0)
        return queryset


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "title",
        "status",
        "language",
        "flag_count",
        "answer_changed",
        "recheck",
        "author",
        "created",
    )
    list_filter = ("status", FlaggedFilter, "answer_changed", "recheck", "language")
    search_fields = ("title", "question", "author")
    list_per_page = 50
    date_hierarchy = "created"
    actions = ("approve", "reject", "accept_new_answer", "keep_old_answer")
    inlines = (DecisionInline, FlagInline)
    readonly_fields = (
        "rendered_question",
        "board",
        "stored_answer",
        "answer_today_view",
        "answer_changed",
        "recheck",
        "rechecked_at",
        "flag_count",
        "created",
        "moderated_at",
        "cards_list",
        "scenario_json",
    )
    fieldsets = (
        (None, {"fields": ("status", "title", "language", "author", "created", "moderated_at")}),
        (_("Question"), {"fields": ("question", "rendered_question")}),
        (_("Scenario"), {"fields": ("board", "cards_list", "scenario_json")}),
        (
            _("Answers"),
            {
                "fields": (
                    "stored_answer",
                    "answer_changed",
                    "recheck",
                    "rechecked_at",
                    "answer_today_view",
                    "known_issue_note",
                )
            },
        ),
        (_("Readers"), {"fields": ("flag_count",)}),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Scenario]:
        return super().get_queryset(request).moderation_order()  # type: ignore[attr-defined,no-any-return]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # scenarios are shared from the workbench, with the engine's answer

    @admin.display(description=_("question as readers see it"))
    def rendered_question(self, obj: Scenario) -> SafeString:
        return render_question(obj.question)

    @admin.display(description=_("board"))
    def board(self, obj: Scenario) -> SafeString:
        catalog = CardCatalog()
        try:
            request = read_request(obj.scenario, catalog=catalog)
        except engine.RequestError as exc:
            return SafeString(
                render_to_string(
                    "scenarios/_request_errors.html", {"errors": services.request_errors(exc)}
                )
            )
        html = render_to_string(
            "scenarios/_board.html",
            {"board": describe_board(request, catalog), "board_id": "admin"},
        )
        return SafeString(html)

    def _answer(self, answer: dict[str, object] | None, testid: str) -> SafeString:
        if answer is None:
            return SafeString("—")
        return SafeString(
            render_to_string(
                "scenarios/_answer.html",
                {"answer": describe_answer(answer), "answer_testid": testid},
            )
        )

    @admin.display(description=_("stored answer"))
    def stored_answer(self, obj: Scenario) -> SafeString:
        return self._answer(obj.answer, "stored-answer")

    @admin.display(description=_("answer today"))
    def answer_today_view(self, obj: Scenario) -> SafeString:
        if obj.recheck == Scenario.Recheck.INVALID or (
            obj.answer_changed and obj.answer_today is None
        ):
            return format_html(
                "<ul>{}</ul>",
                SafeString(
                    "".join(
                        format_html("<li>{}: {}</li>", e.get("field"), e.get("message"))
                        for e in obj.recheck_errors
                    )
                ),
            )
        if not obj.answer_changed:
            return SafeString(str(_("same as the stored answer")))
        return self._answer(obj.answer_today, "answer-today")

    @admin.display(description=_("cards and keywords"))
    def cards_list(self, obj: Scenario) -> str:
        cards = ", ".join(c.name for c in obj.cards.all())
        keywords = ", ".join(k.name_en for k in obj.keywords.all())
        return f"{cards} — {keywords}" if keywords else cards

    @admin.display(description=_("evaluate request (JSON)"))
    def scenario_json(self, obj: Scenario) -> SafeString:
        return format_html("<pre>{}</pre>", json.dumps(obj.scenario, indent=2, ensure_ascii=False))

    def _decide(
        self, request: HttpRequest, queryset: QuerySet[Scenario], action: str
    ) -> TemplateResponse | None:
        """Every moderation action asks for the reason on a confirmation page, then records
        the decision with the moderator's name."""
        needs_reason = action in REASON_REQUIRED
        form = DecisionForm(request.POST if "apply" in request.POST else None)
        form.fields["reason"].required = needs_reason
        if form.is_bound and form.is_valid():
            reason = form.cleaned_data["reason"]
            self._apply(request, queryset, action, reason)
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": DECISION_TITLES[action],
            "opts": self.model._meta,
            "scenarios": queryset.order_by("pk"),
            "action": request.POST.get("action", ""),
            "form": form,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/scenarios/scenario/decide.html", context)

    def _apply(
        self, request: HttpRequest, queryset: QuerySet[Scenario], action: str, reason: str
    ) -> None:
        moderator = request.user
        if action == ModerationDecision.Action.PUBLISHED:
            count = services.publish_scenarios(
                scenarios=queryset, moderator=moderator, reason=reason
            )
            self.message_user(
                request,
                ngettext("%d scenario published.", "%d scenarios published.", count) % count,
                messages.SUCCESS,
            )
            return
        if action == ModerationDecision.Action.REJECTED:
            count = services.reject_scenarios(
                scenarios=queryset, moderator=moderator, reason=reason
            )
            self.message_user(
                request,
                ngettext("%d scenario rejected.", "%d scenarios rejected.", count) % count,
                messages.SUCCESS,
            )
            return
        done, refused = 0, 0
        for scenario in queryset:
            try:
                if action == ModerationDecision.Action.ACCEPTED_NEW_ANSWER:
                    services.accept_new_answer(
                        scenario=scenario, moderator=moderator, reason=reason
                    )
                else:
                    services.keep_old_answer(scenario=scenario, note=reason, moderator=moderator)
                done += 1
            except services.ModerationError:
                refused += 1
        self._report(request, done, refused)

    @admin.action(description=_("Approve (publish) selected scenarios"), permissions=["change"])
    def approve(
        self, request: HttpRequest, queryset: QuerySet[Scenario]
    ) -> TemplateResponse | None:
        return self._decide(request, queryset, ModerationDecision.Action.PUBLISHED)

    @admin.action(description=_("Reject selected scenarios"), permissions=["change"])
    def reject(self, request: HttpRequest, queryset: QuerySet[Scenario]) -> TemplateResponse | None:
        return self._decide(request, queryset, ModerationDecision.Action.REJECTED)

    @admin.action(description=_("Accept today's answer"), permissions=["change"])
    def accept_new_answer(
        self, request: HttpRequest, queryset: QuerySet[Scenario]
    ) -> TemplateResponse | None:
        return self._decide(request, queryset, ModerationDecision.Action.ACCEPTED_NEW_ANSWER)

    @admin.action(description=_("Keep the stored answer (known issue)"), permissions=["change"])
    def keep_old_answer(
        self, request: HttpRequest, queryset: QuerySet[Scenario]
    ) -> TemplateResponse | None:
        return self._decide(request, queryset, ModerationDecision.Action.KEPT_OLD_ANSWER)

    def _report(self, request: HttpRequest, done: int, refused: int) -> None:
        self.message_user(
            request, ngettext("%d scenario updated.", "%d scenarios updated.", done) % done
        )
        if refused:
            self.message_user(
                request,
                ngettext(
                    "%d scenario skipped: its answer has not changed.",
                    "%d scenarios skipped: their answer has not changed.",
                    refused,
                )
                % refused,
                messages.WARNING,
            )
