"""Scenario pages: the published list, one scenario, sharing a workbench set-up, flagging."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.middleware import HtmxDetails

import engine
from rulesite.cards.catalog import CardCatalog
from rulesite.core.cache import cached_page
from rulesite.core.language import is_french
from rulesite.scenarios import limits, services
from rulesite.scenarios.board import describe_answer, describe_board, describe_differences
from rulesite.scenarios.forms import ScenarioFilterForm, ScenarioFlagForm, ScenarioSubmitForm
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.templatetags.scenario_tags import ON_PAGE_LIMIT
from rulesite.workbench.permalink import PermalinkError, decode_scenario, encode_scenario
from rulesite.workbench.services import evaluate, read_request


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (for type checking)."""

    htmx: HtmxDetails


PAGE_SIZE = 20
SESSION_SUBMITTED = "scenarios_submitted"
SESSION_FLAGGED = "scenarios_flagged"
MAX_REMEMBERED = 50


def _remember(request: HttpRequest, key: str, scenario_id: int) -> None:
    ids = [i for i in request.session.get(key, []) if i != scenario_id]
    request.session[key] = [*ids, scenario_id][-MAX_REMEMBERED:]


def _may_see(request: HttpRequest, scenario: Scenario) -> bool:
    """Published scenarios are public; a pending one only to whoever shared it (this
    browser's session) and to staff; a rejected one only to staff."""
    if scenario.is_published:
        return True
    if getattr(request.user, "is_staff", False):
        return True
    return scenario.status == Scenario.Status.PENDING and scenario.pk in request.session.get(
        SESSION_SUBMITTED, []
    )


def _filtered(form: ScenarioFilterForm) -> Any:
    scenarios = Scenario.objects.published().newest_first().for_listing()
    if not form.is_valid():
        return scenarios.none()
    return form.filter(scenarios)


@require_safe
@cached_page("scenarios")
def scenario_list(request: HtmxHttpRequest) -> HttpResponse:
    form = ScenarioFilterForm(request.GET or None)
    if request.GET and not form.is_valid():
        scenarios = Scenario.objects.none()
    else:
        scenarios = _filtered(form) if request.GET else _filtered(ScenarioFilterForm({}))
    page = Paginator(scenarios, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    french = is_french()
    context: dict[str, Any] = {
        "form": form,
        "page": page,
        "query": query.urlencode(),
        "french_first": french,
    }
    if request.htmx and request.htmx.target == EMBEDDED_LIST_TARGET:
        return _embedded_list(request, form, scenarios)
    if request.htmx and not request.htmx.boosted:
        return render(request, "scenarios/list.html#scenario-results", context)
    for name in ("card", "keyword", "language"):
        context[f"{name}_options"] = form.select_options(name, french=french)
    return render(request, "scenarios/list.html", context)


# The box of published scenarios on a keyword page fetches its short list from this page.
EMBEDDED_LIST_TARGET = "published-scenarios-list"


def _embedded_list(request: HttpRequest, form: ScenarioFilterForm, scenarios: Any) -> HttpResponse:
    """The newest published scenarios of one card or keyword, as the box on its page shows
    them (a link list under the box's heading, not the list page's own headings)."""
    data = form.cleaned_data if form.is_bound and form.is_valid() else {}
    subject = data.get("keyword") or data.get("card")
    shown = list(scenarios[: ON_PAGE_LIMIT + 1])
    context = {
        "scenarios": shown[:ON_PAGE_LIMIT],
        "more": len(shown) > ON_PAGE_LIMIT,
        "subject": subject,
        "filter_name": "keyword" if data.get("keyword") else "card",
    }
    return render(request, "scenarios/_published_list.html#items", context)


def _answers_context(scenario: Scenario) -> dict[str, Any]:
    today = None
    if scenario.answer_changed and scenario.answer_today is not None:
        today = describe_answer(scenario.answer_today)
    return {
        "answer": describe_answer(scenario.answer),
        "answer_today": today,
        "differences": describe_differences(scenario.changed_fields),
    }


@require_safe
def scenario_detail(request: HttpRequest, pk: int) -> HttpResponse:
    scenario = get_object_or_404(Scenario.objects.with_cards(), pk=pk)
    if not _may_see(request, scenario):
        raise Http404
    return _detail_response(request, scenario, flag_form=ScenarioFlagForm())


def _detail_response(
    request: HttpRequest, scenario: Scenario, *, flag_form: ScenarioFlagForm
) -> HttpResponse:
    context = {
        "scenario": scenario,
        **_board_context(scenario.scenario),
        "workbench_s": encode_scenario(scenario.scenario),
        "flagged": scenario.pk in request.session.get(SESSION_FLAGGED, []),
        "flag_form": flag_form,
        **_answers_context(scenario),
    }
    response = render(request, "scenarios/detail.html", context)
    if not scenario.is_published:
        response["X-Robots-Tag"] = "noindex"
    return response


@require_POST
def scenario_flag(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    scenario = get_object_or_404(Scenario.objects.published(), pk=pk)
    already = scenario.pk in request.session.get(SESSION_FLAGGED, [])
    form = ScenarioFlagForm(request.POST)
    if already:
        notice = _("You have already flagged this scenario; a curator will look at it.")
    elif not form.is_valid():
        context = {"scenario": scenario, "flagged": False, "flag_form": form}
        if request.htmx:
            return render(request, "scenarios/detail.html#flag-form", context)
        return _detail_response(request, scenario, flag_form=form)
    elif limits.flag_limited(request):
        notice = _("Too many flags from your connection; please try again later.")
    else:
        services.flag_scenario(
            scenario=scenario, reason=form.cleaned_data["reason"], note=form.cleaned_data["note"]
        )
        _remember(request, SESSION_FLAGGED, scenario.pk)
        notice = _("Thank you. A curator will review this scenario.")
    if request.htmx:
        context = {"scenario": scenario, "flagged": True, "flag_notice": notice}
        return render(request, "scenarios/detail.html#flag-form", context)
    messages.info(request, notice)
    return HttpResponseRedirect(scenario.get_absolute_url())


def _board_context(data: dict[str, Any]) -> dict[str, Any]:
    """The board of a stored scenario, or the reasons it no longer reads as a request."""
    catalog = CardCatalog()
    try:
        request = read_request(data, catalog=catalog)
    except engine.RequestError as exc:
        return {"board": None, "scenario_errors": services.request_errors(exc)}
    return {"board": describe_board(request, catalog)}


def _new_context(request: HttpRequest, encoded: str) -> dict[str, Any]:
    """Board and answer preview for the ``?s=`` link; ``link_error`` when it can't be read."""
    try:
        scenario = decode_scenario(encoded)
    except PermalinkError:
        return {
            "link_error": _("This scenario link is damaged; share it again from the workbench.")
        }
    context: dict[str, Any] = {"board": None, "workbench_s": encoded}
    try:
        evaluation = evaluate(scenario)
    except engine.RequestError as exc:
        context["scenario_errors"] = services.request_errors(exc)
    else:
        context["board"] = describe_board(evaluation.request, evaluation.catalog)
        context["answer"] = describe_answer(evaluation.answer)
    return context


@require_http_methods(["GET", "POST"])
def scenario_new(request: HtmxHttpRequest) -> HttpResponse:
    """Share a workbench set-up: show the board read-only, ask for a title and a question,
    store it as pending, and give the permalink at once."""
    encoded = (request.POST if request.method == "POST" else request.GET).get("s", "")
    if not encoded:
        return render(
            request,
            "scenarios/new.html",
            {"link_error": _("Set up a scenario on the workbench first, then share it.")},
            status=400,
        )
    language = get_language() if get_language() in ("en", "fr") else "en"
    if request.method == "GET":
        form = ScenarioSubmitForm(initial={"s": encoded, "language": language})
        context = {"form": form, **_new_context(request, encoded)}
        return render(
            request, "scenarios/new.html", context, status=400 if "link_error" in context else 200
        )

    form = ScenarioSubmitForm(request.POST)
    scenario: Scenario | None = None
    if form.is_valid():
        if limits.submission_limited(request):
            form.add_error(
                None, _("You have shared many scenarios in a short time; please try again later.")
            )
        else:
            try:
                scenario = services.submit_scenario(
                    title=form.cleaned_data["title"],
                    question=form.cleaned_data["question"],
                    language=form.cleaned_data["language"],
                    author=form.cleaned_data["author"],
                    scenario=form.cleaned_data["s"],
                )
            except services.SubmissionError as exc:
                for name, message in exc.errors:
                    if name in form.fields and name != "s":
                        form.add_error(name, message)
                    else:
                        form.add_error(None, f"{name}: {message}")
    if scenario is not None:
        _remember(request, SESSION_SUBMITTED, scenario.pk)
        if request.htmx:
            permalink = request.build_absolute_uri(scenario.get_absolute_url())
            return render(
                request,
                "scenarios/new.html#scenario-share",
                {"submitted": scenario, "permalink": permalink},
            )
        return HttpResponseRedirect(scenario.get_absolute_url(), status=303)
    if request.htmx:
        return render(request, "scenarios/new.html#scenario-share", {"form": form})
    context = {"form": form, **_new_context(request, encoded)}
    return render(request, "scenarios/new.html", context)
