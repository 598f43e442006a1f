"""Community scenarios (placeholder body, replaced by the scenarios work)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def scenario_list(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")
