"""Site-wide pages: home, favicon, health check, helpful 404, and the benchmark floor."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils import timezone
from django.utils.crypto import get_random_string
from django.views.decorators.http import require_safe

from rulesite.core.models import HealthProbe

logger = logging.getLogger("rulesite.health")


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


@require_safe
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """``/favicon.ico``, asked for by clients that ignore ``<link rel="icon">``."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


class _RolledBack(Exception):
    pass


def _database_takes_writes() -> None:
    """Write one row and roll it back: fails when the database is down, read-only or full."""
    try:
        with transaction.atomic():
            HealthProbe.objects.create(checked_at=timezone.now())
            raise _RolledBack
    except _RolledBack:
        pass


def _caches_round_trip() -> bool:
    probe = get_random_string(12)
    for alias in settings.CACHES:
        store = caches[alias]
        store.set("rulesite:healthz", probe, 10)
        if store.get("rulesite:healthz") != probe:
            return False
    return True


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database takes a write (rolled back) and every cache round-trips; 503
    otherwise, naming what failed in a word. Why it failed goes to the error log only."""
    checks: dict[str, str] = {}
    try:
        _database_takes_writes()
        checks["database"] = "ok"
    except Exception:  # any database failure means unhealthy
        logger.exception("health check: the database does not take writes")
        checks["database"] = "failing"
    try:
        checks["cache"] = "ok" if _caches_round_trip() else "failing"
    except Exception:  # an unreachable cache breaks pages too
        logger.exception("health check: the cache does not answer")
        checks["cache"] = "failing"
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
