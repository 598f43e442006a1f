"""API-wide endpoints: the OpenAPI document, and the JSON 404 of every other address."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import Resolver404, resolve
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from rulesite.api.jsonio import error_response, shorten
from rulesite.api.openapi import build_openapi


@require_safe
def schema(request: HttpRequest) -> JsonResponse:
    """``GET /api/v1/schema``: the OpenAPI 3.1 description of this API, as JSON."""
    response = JsonResponse(build_openapi(), json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "public, max-age=300"
    return response


def _without_trailing_slash(path: str) -> str | None:
    """``path`` without its trailing slash when that names an endpoint, else None."""
    if not path.endswith("/") or path == "/":
        return None
    bare = path.rstrip("/")
    try:
        match = resolve(bare)
    except Resolver404:
        return None
    return None if match.func is unknown_path else bare


# CSRF-exempt: this view writes nothing, and a POST to a mistyped address must get the same
# JSON 404 as a GET rather than a 403 about a missing CSRF cookie.
@csrf_exempt
def unknown_path(request: HttpRequest, *args: object, **kwargs: object) -> JsonResponse:
    """Any address under ``/api/`` that names no endpoint, whatever the method: a JSON 404,
    never an HTML page."""
    message = f"no API endpoint at {shorten(request.path)!r}"
    bare = _without_trailing_slash(request.path)
    if bare is not None:
        message += f"; the endpoint is {bare!r}, without the trailing slash"
    else:
        message += "; see /api/v1/schema"
    return error_response([("path", message)], status=404)
