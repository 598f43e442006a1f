"""Site-wide pages: home, favicon, health check, helpful 404, and the benchmark floor."""

from __future__ import annotations

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.crypto import get_random_string
from django.views.decorators.http import require_safe


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


@require_safe
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """``/favicon.ico``, asked for by clients that ignore ``<link rel="icon">``."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the cache answer, 503 (naming what failed) otherwise."""
    checks: dict[str, str] = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        checks["database"] = "ok"
    except Exception as exc:  # noqa: BLE001 - any database failure means unhealthy
        checks["database"] = f"error: {exc}"
    try:
        probe = get_random_string(12)
        cache.set("rulesite:healthz", probe, 10)
        checks["cache"] = "ok" if cache.get("rulesite:healthz") == probe else "error: no read-back"
    except Exception as exc:  # noqa: BLE001 - an unreachable cache breaks pages too
        checks["cache"] = f"error: {exc}"
    healthy = all(value == "ok" for value in checks.values())
    response = JsonResponse({"status": "ok" if healthy else "error", **checks})
    if not healthy:
        response.status_code = 503
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def benchmark_floor(request: HttpRequest) -> HttpResponse:
    """A constant answer through the whole middleware stack: the floor load benchmarks compare
    every page against. Routed only when ``RULESITE_BENCHMARK_FLOOR`` is on."""
    return HttpResponse("ok", content_type="text/plain")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "404.html", status=404)
