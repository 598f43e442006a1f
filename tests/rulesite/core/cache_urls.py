"""A URL map for the page-cache tests: a cached view that shows content and a CSRF token."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.urls import path
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST

from rulesite.cards.models import Card
from rulesite.core.cache import cached_page


@require_GET
@cached_page("test")
def names(request: HttpRequest) -> HttpResponse:
    listed = ", ".join(Card.objects.order_by("name").values_list("name", flat=True))
    kind = "partial" if request.headers.get("HX-Request") else "page"
    return HttpResponse(
        f"{kind} {get_language()} [{listed}] "
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{get_token(request)}">'
    )


@require_GET
@cached_page("test")
def missing(request: HttpRequest) -> HttpResponse:
    return HttpResponse(f"not here {Card.objects.count()}", status=404)


@require_POST
def accept(request: HttpRequest) -> HttpResponse:
    return HttpResponse("accepted")


urlpatterns = [
    path("names/", names),
    path("missing/", missing),
    path("accept/", accept),
]
