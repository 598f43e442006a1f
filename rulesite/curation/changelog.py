"""The site-wide change log for curators: every edit a person made (cards, clarifications,
keywords, rules, glossary), every deletion, every import and machine-translation run, every
moderation decision — newest first, 50 a page.

An import writes thousands of history records; the log shows the import once (its page names
the clarifications it changed), not each record.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.admin.models import DELETION, LogEntry
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, reverse
from django.utils.dateparse import parse_datetime
from django.utils.text import Truncator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rulesite.cards.models import Card, Keyword, Rule, Ruling
from rulesite.curation.models import FrenchTerm, ImportRun

PAGE = 50
HISTORY_TYPES = {
    "+": gettext_lazy("created"),
    "~": gettext_lazy("changed"),
    "-": gettext_lazy("deleted"),
}


@dataclass(frozen=True)
class Entry:
    when: datetime.datetime
    who: str
    action: str
    subject: str
    label: str
    url: str
    reason: str


def _label(model: type[Any], record: Any) -> str:
    if model is Card:
        return str(record.name)
    if model is Ruling:
        return f"#{record.id} {Truncator(record.text_en).chars(90)}"
    if model is Keyword:
        return str(record.name_en)
    if model is Rule:
        return f"{record.number} {record.title}".strip()
    return f"{record.term_en} → {record.term_fr}"


def _history_url(model: type[Any], pk: int) -> str:
    meta = model._meta
    try:
        return reverse(f"admin:{meta.app_label}_{meta.model_name}_history", args=[pk])
    except NoReverseMatch:
        return ""


def entries(*, before: datetime.datetime | None = None, user_id: int | None = None) -> list[Entry]:
    import_reasons = list(ImportRun.objects.values_list("reason", flat=True))
    found: list[Entry] = []
    for model in (Card, Ruling, Keyword, Rule, FrenchTerm):
        history = model.history.model
        records = history.objects.filter(Q(history_user__isnull=False) | Q(history_type="-"))
        for reason in import_reasons:  # an import is one entry, not one per record
            records = records.exclude(history_change_reason__startswith=reason)
        if before is not None:
            records = records.filter(history_date__lt=before)
        if user_id is not None:
            records = records.filter(history_user_id=user_id)
        for record in records.select_related("history_user").order_by("-history_date")[:PAGE]:
            found.append(
                Entry(
                    when=record.history_date,
                    who=record.history_user.get_username() if record.history_user else "—",
                    action=str(HISTORY_TYPES.get(record.history_type, record.history_type)),
                    subject=str(model._meta.verbose_name),
                    label=_label(model, record),
                    url=_history_url(model, record.id),
                    reason=record.history_change_reason or "",
                )
            )
    runs = ImportRun.objects.select_related("user")
    if before is not None:
        runs = runs.filter(started_at__lt=before)
    if user_id is not None:
        runs = runs.filter(user_id=user_id)
    for run in runs.order_by("-started_at")[:PAGE]:
        found.append(
            Entry(
                when=run.started_at,
                who=run.user.get_username() if run.user else _("command line"),
                action=_("import"),
                subject=run.command,
                label=" ".join(run.lines[:2]),
                url=reverse("admin:curation_importrun_change", args=[run.pk]),
                reason=run.reason,
            )
        )
    found.extend(_moderation(before, user_id))
    found.extend(_admin_deletions(before, user_id))
    found.sort(key=lambda e: e.when, reverse=True)
    return found[:PAGE]


def _moderation(before: datetime.datetime | None, user_id: int | None) -> list[Entry]:
    from rulesite.scenarios.models import ModerationDecision

    decisions = ModerationDecision.objects.select_related("moderator", "scenario")
    if before is not None:
        decisions = decisions.filter(created__lt=before)
    if user_id is not None:
        decisions = decisions.filter(moderator_id=user_id)
    return [
        Entry(
            when=d.created,
            who=d.moderator.get_username() if d.moderator else "—",
            action=str(d.get_action_display()),
            subject=str(_("scenario")),
            label=d.scenario.title,
            url=reverse("admin:scenarios_scenario_change", args=[d.scenario_id]),
            reason=d.reason,
        )
        for d in decisions.order_by("-created")[:PAGE]
    ]


def _admin_deletions(before: datetime.datetime | None, user_id: int | None) -> list[Entry]:
    """Deletions in the admin of what has no history of its own (scenarios)."""
    logs = LogEntry.objects.filter(action_flag=DELETION, content_type__app_label="scenarios")
    if before is not None:
        logs = logs.filter(action_time__lt=before)
    if user_id is not None:
        logs = logs.filter(user_id=user_id)
    return [
        Entry(
            when=log.action_time,
            who=log.user.get_username(),
            action=str(HISTORY_TYPES["-"]),
            subject=str(log.content_type.name) if log.content_type else "",
            label=log.object_repr,
            url="",
            reason="",
        )
        for log in logs.select_related("user", "content_type").order_by("-action_time")[:PAGE]
    ]


def changelog_view(request: HttpRequest) -> HttpResponse:
    if not request.user.has_perm("cards.view_ruling"):
        raise PermissionDenied
    from django.contrib import admin

    before = parse_datetime(request.GET.get("before", "") or "")
    user_id = request.GET.get("user", "")
    found = entries(before=before, user_id=int(user_id) if user_id.isdigit() else None)
    older = found[-1].when.isoformat() if len(found) == PAGE else ""
    context = {
        **admin.site.each_context(request),
        "title": _("Change log"),
        "entries": found,
        "older": older,
        "user_filter": user_id if user_id.isdigit() else "",
    }
    return TemplateResponse(request, "admin/curation/changelog.html", context)
