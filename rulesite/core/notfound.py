"""The site's own 404 page under ``DEBUG`` too (``make run``).

With ``DEBUG`` on, Django answers a missing page with its technical 404 (the URL patterns,
the view that raised); production uses ``handler404``. A visitor of the development server
should meet the same page as in production, so this middleware puts the site's page in place
of the technical one. Under ``/api/`` the API's own JSON errors are left alone.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseBase
from django.urls import Resolver404, resolve

from rulesite.core.views import not_found

Handler = Callable[[HttpRequest], HttpResponseBase]


class SiteNotFoundMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if (
            settings.DEBUG
            and response.status_code == 404
            and not request.path_info.startswith("/api/")
            and not _resolves(request)
        ):
            return not_found(request)
        return response

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponseBase | None:
        if (
            settings.DEBUG
            and isinstance(exception, Http404)
            and not request.path_info.startswith("/api/")
        ):
            return not_found(request)
        return None


def _resolves(request: HttpRequest) -> bool:
    try:
        resolve(request.path_info, urlconf=getattr(request, "urlconf", None))
    except Resolver404:
        return False
    return True
