"""JSON API for scenarios: ``GET /api/v1/scenarios`` (published only) and
``POST /api/v1/scenarios`` (stored as pending). CSRF-exempt like ``/api/v1/evaluate``:
only JSON bodies are accepted, which a cross-site form cannot send."""

from __future__ import annotations

from typing import Any

from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from rulesite.api.jsonio import JsonRequestError, error_response, read_json_object
from rulesite.cards.models import Card, Keyword
from rulesite.scenarios import limits, services
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


def _list(request: HttpRequest) -> JsonResponse:
    scenarios = Scenario.objects.published().newest_first().with_cards()
    errors: list[tuple[str, str]] = []
    if slug := request.GET.get("card"):
        card = Card.objects.filter(slug=slug).first()
        if card is None:
            errors.append(("card", f"No card with the slug {slug!r}."))
        else:
            scenarios = scenarios.for_card(card)
    if slug := request.GET.get("keyword"):
        keyword = Keyword.objects.filter(slug=slug).first()
        if keyword is None:
            errors.append(("keyword", f"No keyword with the slug {slug!r}."))
        else:
            scenarios = scenarios.for_keyword(keyword)
    if language := request.GET.get("language"):
        if language not in Scenario.Language.values:
            errors.append(("language", "Must be one of: en, fr."))
        scenarios = scenarios.filter(language=language)
    if (changed := request.GET.get("changed")) is not None:
        if changed not in ("true", "false"):
            errors.append(("changed", "Must be true or false."))
        scenarios = scenarios.filter(answer_changed=changed == "true")
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
        return error_response([(name, "Unknown field.") for name in unknown])
    if limits.submission_limited(request):
        response = error_response(
            [("", "Too many scenarios submitted from this client; try again later.")],
            status=429,
        )
        response["Retry-After"] = str(limits.retry_after_seconds())
        return response
    try:
        scenario = services.submit_scenario(
            title=data.get("title"),  # type: ignore[arg-type]
            question=data.get("question"),  # type: ignore[arg-type]
            language=data.get("language", "en"),
            author=data.get("author", ""),
            scenario=data.get("scenario"),  # type: ignore[arg-type]
        )
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
