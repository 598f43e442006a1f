"""The casting workbench (placeholder body, replaced by the workbench work)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def workbench(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")
