"""``POST /api/v1/evaluate``: a scenario in, the engine's answer out (see /api/v1/schema)."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import get_language
from django.views.decorators.csrf import csrf_exempt
from django_ratelimit.core import is_ratelimited
from isal import isal_zlib

import engine
from rulesite.api.jsonio import JsonRequestError, error_response, read_json_object
from rulesite.core.cache import (
    CACHE_STATUS_HEADER,
    EARLY_ANSWER_STORE,
    answer_key,
    content_version,
    recent_answers,
)
from rulesite.workbench.services import evaluate

RATE_GROUP = "rulesite.workbench.evaluate"
_COUNTED = "_rulesite_evaluate_limited"


def evaluate_rate() -> str:
    """Evaluations a client may ask for (``RULESITE_EVALUATE_RATE`` such as ``600/m``;
    empty: no limit)."""
    return str(getattr(settings, "RULESITE_EVALUATE_RATE", "") or "")


def refused(request: HttpRequest) -> HttpResponse | None:
    """The 429 answer to a client over ``RULESITE_EVALUATE_RATE``, or None. The request is
    counted against the limit once, by whoever asks first (the early answers of
    :mod:`rulesite.api.evaluations` or this view): the counter is shared by every worker."""
    rate = evaluate_rate()
    if not rate:
        return None
    limited = request.__dict__.get(_COUNTED)
    if limited is None:
        limited = is_ratelimited(request, group=RATE_GROUP, key="ip", rate=rate, increment=True)
        request.__dict__[_COUNTED] = limited
    if not limited:
        return None
    response = error_response([("", f"too many requests: at most {rate} per client")], status=429)
    response["Retry-After"] = "60"
    return response


def answered(body: bytes, status: str) -> HttpResponse:
    """The answer whose JSON is ``body``; ``status`` says whether it was cached."""
    response = HttpResponse(body, content_type="application/json")
    response["Cache-Control"] = "no-store"
    response[CACHE_STATUS_HEADER] = status
    return response


@csrf_exempt  # a JSON API for programs: no cookies are read, and only JSON bodies are accepted
def evaluate_view(request: HttpRequest) -> HttpResponse:
    """Answer a scenario: 200 with the verdict (legal or not), 400 with each malformed field."""
    if request.method != "POST":
        response = error_response([("method", "use POST with a JSON body")], status=405)
        response["Allow"] = "POST"
        return response
    limited = refused(request)
    if limited is not None:
        return limited
    # The engine is pure: the same request on the same cards and code has the same answer.
    # The same bytes sent the same way at the same content version and language were read,
    # checked and answered the same way before: this process may have kept that answer.
    sent = (
        content_version(),
        get_language(),
        request.content_type,
        tuple(sorted((request.content_params or {}).items())),
        request.META.get("HTTP_HX_REQUEST", ""),
        request.META.get("HTTP_HX_TARGET", ""),
        hashlib.sha256(request.body).digest(),
    )
    body = recent_answers.get(sent)
    status = "hit"
    if body is None:
        try:
            scenario = read_json_object(request)
        except JsonRequestError as exc:
            return exc.response
        key = answer_key("evaluate", request, json.dumps(scenario, sort_keys=True))
        cache = caches[settings.RULESITE_PAGE_CACHE_ALIAS]
        body = cache.get(key)
        if body is None:
            try:
                evaluation = evaluate(scenario)
            except engine.RequestError as exc:
                return error_response([e.to_dict() for e in exc.errors])
            body = JsonResponse({"object": "evaluation", **evaluation.answer}).content
            cache.set(key, body, settings.RULESITE_PAGE_CACHE_SECONDS)
            status = "miss"
        recent_answers.put(sent, body)
    early = getattr(request, EARLY_ANSWER_STORE, None)
    if early is not None:  # looked up before the stack and missed: the same bytes again are
        stored = {"body": isal_zlib.compress(body, 1), "headers": {}}  # answered there
        early(request, stored, body, settings.RULESITE_PAGE_CACHE_SECONDS)
    return answered(body, status)
