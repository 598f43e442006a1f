"""Card, keyword and rule pages (placeholder bodies, replaced by the card pages work)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from rulesite.cards.models import Card, Keyword, Rule


def card_list(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html")


def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    get_object_or_404(Card, slug=slug)
    return render(request, "core/home.html")


def keyword_detail(request: HttpRequest, slug: str) -> HttpResponse:
    get_object_or_404(Keyword, slug=slug)
    return render(request, "core/home.html")


def rule_detail(request: HttpRequest, number: str) -> HttpResponse:
    get_object_or_404(Rule, number=number)
    return render(request, "core/home.html")
