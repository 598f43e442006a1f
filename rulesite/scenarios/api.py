"""JSON API for scenarios: ``GET /api/v1/scenarios`` (published only) and
``POST /api/v1/scenarios`` (stored as pending). CSRF-exempt like ``/api/v1/evaluate``:
only JSON bodies are accepted, which a cross-site form cannot send."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from rulesite.api.jsonio import JsonRequestError, error_response, read_json_object, shorten
from rulesite.scenarios import limits, services
from rulesite.scenarios.forms import ScenarioFilterForm, ScenarioSubmissionForm
from rulesite.scenarios.models import Scenario

API_PAGE_SIZE = 50
SUBMIT_FIELDS = ("title", "question", "language", "author", "scenario")


def scenario_url(request: HttpRequest, scenario: Scenario) -> str:
    with translation.override(scenario.language):
        path = reverse("scenarios:scenario_detail", args=[scenario.pk])
    return request.build_absolute_uri(path)


def scenario_json(request: HttpRequest, scenario: Scenario) -> dict[str, Any]:
    return {
        "object": "scenario",
        "id": scenario.pk,
        "url": scenario_url(request, scenario),
        "title": scenario.title,
        "question": scenario.question,
        "language": scenario.language,
        "author": scenario.author,
        "created": scenario.created.isoformat(),
        "cards": [c.slug for c in scenario.cards.all()],
        "keywords": [k.slug for k in scenario.keywords.all()],
        "scenario": scenario.scenario,
        "answer": scenario.answer,
        "answer_changed": scenario.answer_changed,
        "answer_today": scenario.answer_today if scenario.answer_changed else None,
    }


def _form_errors(form: forms.Form) -> list[tuple[str, str]]:
    return [(name, str(message)) for name, messages in form.errors.items() for message in messages]


def _list(request: HttpRequest) -> JsonResponse:
    form = ScenarioFilterForm({k: v for k, v in request.GET.items() if k != "page"})
    errors = [] if form.is_valid() else _form_errors(form)
    scenarios = Scenario.objects.published().newest_first().with_cards()
    if not errors:
        scenarios = form.filter(scenarios)
    paginator = Paginator(scenarios, API_PAGE_SIZE)
    try:
        page = paginator.page(request.GET.get("page") or 1)
    except (EmptyPage, PageNotAnInteger):
        errors.append(("page", f"Must be a page number from 1 to {paginator.num_pages}."))
    if errors:
        return error_response(errors)
    results = [scenario_json(request, s) for s in page.object_list]
    next_page = None
    if page.has_next():
        query = request.GET.copy()
        query["page"] = str(page.number + 1)
        next_page = request.build_absolute_uri(f"{request.path}?{query.urlencode()}")
    return JsonResponse(
        {
            # A Scryfall-style list object; count/page/pages/results are kept for v1 clients.
            "object": "list",
            "total_scenarios": paginator.count,
            "has_more": page.has_next(),
            "next_page": next_page,
            "data": results,
            "count": paginator.count,
            "page": page.number,
            "pages": paginator.num_pages,
            "results": results,
        }
    )


def _create(request: HttpRequest) -> JsonResponse:
    try:
        data = read_json_object(request)
    except JsonRequestError as exc:
        return exc.response
    unknown = sorted(set(data) - set(SUBMIT_FIELDS))
    if unknown:
        return error_response([(shorten(name), "Unknown field.") for name in unknown])
    if limits.submission_limited(request):
        response = error_response(
            [("", "Too many scenarios submitted from this client; try again later.")],
            status=429,
        )
        response["Retry-After"] = str(limits.retry_after_seconds())
        return response
    form = ScenarioSubmissionForm({"language": "en", **data})
    if not form.is_valid():
        return error_response(_form_errors(form))
    try:
        scenario = services.submit_scenario(**form.cleaned_data)
    except services.SubmissionError as exc:
        return error_response(exc.errors)
    url = scenario_url(request, scenario)
    response = JsonResponse({"id": scenario.pk, "url": url, "status": scenario.status}, status=201)
    response["Location"] = url
    return response


@csrf_exempt
@require_http_methods(["GET", "POST"])
def scenarios_endpoint(request: HttpRequest) -> JsonResponse:
    if request.method == "POST":
        return _create(request)
    return _list(request)
