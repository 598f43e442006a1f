"""API-wide endpoints: the OpenAPI document."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe

from rulesite.api.openapi import build_openapi


@require_safe
def schema(request: HttpRequest) -> JsonResponse:
    """``GET /api/v1/schema``: the OpenAPI 3.1 description of this API, as JSON."""
    response = JsonResponse(build_openapi(), json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "public, max-age=300"
    return response
