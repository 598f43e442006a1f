"""API-wide endpoints: the OpenAPI document."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe

from rulesite.api.jsonio import error_response
from rulesite.api.openapi import build_openapi


@require_safe
def schema(request: HttpRequest) -> JsonResponse:
    """``GET /api/v1/schema``: the OpenAPI 3.1 description of this API, as JSON."""
    response = JsonResponse(build_openapi(), json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "public, max-age=300"
    return response


def unknown_path(request: HttpRequest, *args: object, **kwargs: object) -> JsonResponse:
    """Any address under ``/api/`` that names no endpoint: a JSON 404, never an HTML page."""
    return error_response(
        [("path", f"no API endpoint at {request.path[:200]!r}; see /api/v1/schema")], status=404
    )
