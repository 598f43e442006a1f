"""The review editor and the comparison view (admin pages, staff only).

The editor shows one clarification of the review queue at a time — as filtered by the list's
parameters, which the URL keeps — with its English, the word diff against the English its
French was reviewed for, the import's notices, French suggestions (import, translation memory)
and the terminology the English uses. "Save as reviewed and next" (Ctrl+Enter) saves and opens
the next one. With htmx the editor is swapped in place (one page load for a whole session);
without JavaScript each save is a POST and a redirect.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from rulesite.cards.models import Ruling
from rulesite.curation.diff import word_diff
from rulesite.curation.filters import KEPT_PARAMS, filter_rulings
from rulesite.curation.forms import ReviewForm, describe_findings
from rulesite.curation.models import FrenchSuggestion, ImportEvent, ProblemReport
from rulesite.curation.queue import open_events, review_queue
from rulesite.curation.services.glossary import load_glossary
from rulesite.curation.services.memory import nearest_reviewed, offer_to_twins
from rulesite.curation.services.review import (
    acknowledge,
    decide_suggestions,
    resolve_notices,
    save_review,
)

#: "reviewed": save as reviewed; "draft": save, still to review.
SAVE_ACTIONS = ("reviewed", "draft")


def _kept(params: QueryDict) -> dict[str, str]:
    return {k: str(params[k]) for k in KEPT_PARAMS if params.get(k)}


def _editor_url(ruling: Ruling, kept: dict[str, str]) -> str:
    url = reverse("admin:cards_ruling_review", args=[ruling.pk])
    return f"{url}?{urlencode(kept)}" if kept else url


def _queue(kept: dict[str, str]) -> QuerySet[Ruling]:
    filtered = filter_rulings(
        Ruling.objects.all(), {k: v for k, v in kept.items() if k != "review"}
    )
    return review_queue(filtered)


def _next(ruling: Ruling, kept: dict[str, str], priority: int | None) -> Ruling | None:
    """The clarification after ``ruling`` in the queue (wrapping round to the first)."""
    queue = _queue(kept).exclude(pk=ruling.pk)
    if priority is None:
        return queue.first()
    after = queue.filter(
        Q(queue_priority__gt=priority)
        | Q(queue_priority=priority, published_on__gt=ruling.published_on)
        | Q(queue_priority=priority, published_on=ruling.published_on, pk__gt=ruling.pk)
    )
    return after.first() or queue.first()


def _priority(ruling: Ruling, kept: dict[str, str]) -> int | None:
    queue = _queue(kept).filter(pk=ruling.pk)
    return queue.values_list("queue_priority", flat=True).first()  # type: ignore[misc]


def _check_change(request: HttpRequest) -> None:
    if not request.user.has_perm("cards.change_ruling"):
        raise PermissionDenied


def start(request: HttpRequest) -> HttpResponse:
    """The first clarification of the (filtered) queue, or a page saying there is none."""
    _check_change(request)
    kept = _kept(request.GET)
    first = _queue(kept).first()
    if first is not None:
        return HttpResponseRedirect(_editor_url(first, kept))
    context = {**_admin_context(request), "title": _("French review"), "kept": kept}
    return TemplateResponse(request, "admin/curation/ruling/review_done.html", context)


def editor(request: HttpRequest, pk: int) -> HttpResponse:
    _check_change(request)
    ruling = get_object_or_404(Ruling.objects.select_related("keyword"), pk=pk)
    kept = _kept(request.GET)
    if request.method != "POST":
        return _render(request, ruling, kept, ReviewForm(initial={"text_fr": ruling.text_fr}))
    action = request.POST.get("action", "")
    form = ReviewForm(request.POST, action=action)
    if not form.is_valid():  # "Save as reviewed" with no French is refused here
        return _render(request, ruling, kept, form)
    if "use" in request.POST:
        return _use_suggestion(request, ruling, kept, request.POST["use"])
    priority = _priority(ruling, kept)
    if action == "skip":
        return _go_next(request, ruling, kept, priority)
    if action == "acknowledge":
        acknowledge(ruling=ruling, user=request.user)
        return _go_next(request, ruling, kept, priority)
    if action not in SAVE_ACTIONS:
        return _render(request, ruling, kept, form)
    text = form.cleaned_data["text_fr"]
    findings = load_glossary().check(ruling.text_en, text)
    if findings and not form.cleaned_data["confirm_terms"]:
        return _render(request, ruling, kept, form, findings=findings)
    status = (
        Ruling.TranslationStatus.REVIEWED
        if action == "reviewed"
        else Ruling.TranslationStatus.NEEDS_REVIEW
        if text.strip()
        else Ruling.TranslationStatus.MISSING
    )
    suggestion = None
    if form.cleaned_data["suggestion"]:
        suggestion = FrenchSuggestion.objects.filter(
            pk=form.cleaned_data["suggestion"], ruling=ruling
        ).first()
    save_review(
        ruling=ruling, text_fr=text, status=status, user=request.user, suggestion=suggestion
    )
    return _go_next(request, ruling, kept, priority)


def _use_suggestion(
    request: HttpRequest, ruling: Ruling, kept: dict[str, str], value: str
) -> HttpResponse:
    """Put a suggestion's French (or a close reviewed one's) in the box, for the curator to
    read and save."""
    text, suggestion_id = "", None
    if value.startswith("close-") and value[6:].isdigit():
        close = Ruling.objects.filter(
            pk=int(value[6:]), translation_status=Ruling.TranslationStatus.REVIEWED
        ).first()
        text = close.text_fr if close else ""
    elif value.isdigit():
        found = FrenchSuggestion.objects.pending().filter(pk=int(value), ruling=ruling).first()
        if found is not None:
            text, suggestion_id = found.text_fr, found.pk
    if not text:
        return _render(request, ruling, kept, ReviewForm(initial={"text_fr": ruling.text_fr}))
    form = ReviewForm(initial={"text_fr": text, "suggestion": suggestion_id})
    return _render(request, ruling, kept, form, used=True)


def _go_next(
    request: HttpRequest, ruling: Ruling, kept: dict[str, str], priority: int | None
) -> HttpResponse:
    following = _next(ruling, kept, priority)
    if following is None:
        url = reverse("admin:cards_ruling_review_start")
        target = f"{url}?{urlencode(kept)}" if kept else url
        if getattr(request, "htmx", False):
            response = HttpResponse(status=204)
            response["HX-Redirect"] = target
            return response
        return HttpResponseRedirect(target)
    if getattr(request, "htmx", False):
        form = ReviewForm(initial={"text_fr": following.text_fr})
        response = _render(request, following, kept, form)
        response["HX-Push-Url"] = _editor_url(following, kept)
        return response
    return HttpResponseRedirect(_editor_url(following, kept), status=303)


def _admin_context(request: HttpRequest) -> dict[str, Any]:
    from django.contrib import admin

    return {**admin.site.each_context(request), "opts": Ruling._meta}


def _render(
    request: HttpRequest,
    ruling: Ruling,
    kept: dict[str, str],
    form: ReviewForm,
    *,
    findings: Any = None,
    used: bool = False,
) -> TemplateResponse:
    queue = _queue(kept)
    glossary = load_glossary()
    current_text = form["text_fr"].value() or ""
    events = list(
        open_events().filter(ruling=ruling).select_related("run").order_by("run__started_at", "id")
    )
    context = {
        **_admin_context(request),
        "title": _("Review the French"),
        "ruling": ruling,
        "form": form,
        "kept": kept,
        "kept_query": urlencode(kept),
        "editor_url": _editor_url(ruling, kept),
        "left": queue.exclude(pk=ruling.pk).count(),
        "in_queue": queue.filter(pk=ruling.pk).exists(),
        "cards": list(ruling.cards.order_by("name").only("name", "slug")[:30]),
        "card_total": ruling.cards.count(),
        "events": events,
        "diff": word_diff(ruling.previous_text_en, ruling.text_en)
        if ruling.previous_text_en
        else None,
        "suggestions": list(FrenchSuggestion.objects.pending().filter(ruling=ruling)[:3]),
        "close": nearest_reviewed(ruling) if not ruling.text_fr or used else [],
        "terms": glossary.terms_in(ruling.text_en),
        "findings": describe_findings(findings) if findings else [],
        "current_findings": describe_findings(glossary.check(ruling.text_en, current_text))
        if findings is None
        else [],
        "used": used,
        "open_reports": ProblemReport.objects.filter(ruling=ruling, state="open").count(),
        "report_url": reverse("admin:curation_problemreport_add") + f"?ruling={ruling.pk}",
        "history_url": reverse("admin:cards_ruling_history", args=[ruling.pk]),
        "change_url": reverse("admin:cards_ruling_change", args=[ruling.pk]),
    }
    template = "admin/curation/ruling/review.html"
    if getattr(request, "htmx", False):
        template += "#editor"
    return TemplateResponse(request, template, context)


def compare(request: HttpRequest, pk: int) -> HttpResponse:
    """A re-worded clarification: old and new English as a word diff, the French reviewed for
    the old English, the French today, and links to the histories."""
    if not request.user.has_perm("cards.view_ruling"):
        raise PermissionDenied
    ruling = get_object_or_404(Ruling, pk=pk)
    event = (
        ImportEvent.objects.filter(ruling=ruling, kind=ImportEvent.Kind.REWORDED)
        .select_related("run")
        .order_by("-run__started_at", "-id")
        .first()
    )
    old_en = ruling.previous_text_en or (event.old_text_en if event else "")
    if not old_en:
        raise Http404("this clarification was not re-worded")
    old_id = event.other_ref if event and event.other_ref else None
    context = {
        **_admin_context(request),
        "title": _("Compare the English with the English the French was reviewed for"),
        "ruling": ruling,
        "old_en": old_en,
        "diff": word_diff(old_en, ruling.text_en),
        "old_fr": ruling.previous_text_fr,
        "event": event,
        "history_url": reverse("admin:cards_ruling_history", args=[ruling.pk]),
        "old_history_url": reverse("admin:cards_ruling_history", args=[old_id]) if old_id else "",
        "review_url": _editor_url(ruling, {}),
    }
    return TemplateResponse(request, "admin/curation/ruling/compare.html", context)


def change_form_links(ruling: Ruling) -> dict[str, Any]:
    """Links the admin's change form shows beside a clarification."""
    return {
        "review_url": _editor_url(ruling, {}),
        "compare_url": reverse("admin:cards_ruling_compare", args=[ruling.pk])
        if ruling.previous_text_en
        else "",
        "report_url": reverse("admin:curation_problemreport_add") + f"?ruling={ruling.pk}",
    }


def after_admin_review(ruling: Ruling, user: Any) -> None:
    """French reviewed in the change form: the same follow-up as in the editor."""
    resolve_notices([ruling], user=user)
    decide_suggestions(ruling, accepted=None, user=user)
    offer_to_twins(ruling)
