"""The site's URLs plus an API endpoint that fails, for the 500 test."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from rulesite.urls import urlpatterns as site_urlpatterns


def crash(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("secret internal detail")


urlpatterns = [path("api/v1/crash", crash), *site_urlpatterns]
