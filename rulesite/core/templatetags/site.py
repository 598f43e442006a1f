"""Template helpers used on every page."""

from __future__ import annotations

from django import template
from django.http import HttpRequest
from django.urls import translate_url

register = template.Library()


@register.simple_tag(takes_context=True)
def language_url(context: template.Context, language: str) -> str:
    """The current page's URL in ``language`` (query string kept)."""
    request: HttpRequest | None = context.get("request")
    if request is None:
        return f"/{language}/"
    url = translate_url(request.get_full_path(), language)
    if url == request.get_full_path():
        prefix = f"/{request.LANGUAGE_CODE}/"
        path = request.get_full_path()
        if path.startswith(prefix):
            url = f"/{language}/" + path[len(prefix) :]
    return url
