"""CSRF tokens given to pages served from the cache (rulesite.core.csrf): Django's tokens,
accepted by its CSRF check, new on every page."""

from __future__ import annotations

from collections import Counter

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import (
    CSRF_ALLOWED_CHARS,
    CsrfViewMiddleware,
    _unmask_cipher_token,
    get_token,
)
from django.test import RequestFactory

from rulesite.core.csrf import masked_token, random_string


def _view(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def _checked_post(token: str, secret: str) -> int:
    request = RequestFactory().post("/", {"csrfmiddlewaretoken": token})
    request.COOKIES["csrftoken"] = secret
    middleware = CsrfViewMiddleware(_view)
    middleware.process_request(request)
    refused = middleware.process_view(request, _view, (), {})
    return refused.status_code if refused is not None else 200


def test_a_token_masks_the_visitors_cookie_secret_and_passes_the_csrf_check() -> None:
    request = RequestFactory().get("/")
    secret = get_token(request) and request.META["CSRF_COOKIE"]

    token = masked_token(request)

    assert _unmask_cipher_token(token) == secret
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True
    assert _checked_post(token, secret) == 200
    assert _checked_post(token, random_string(32)) == 403


def test_every_page_gets_a_different_token_for_the_same_secret() -> None:
    request = RequestFactory().get("/")
    get_token(request)

    tokens = {masked_token(request) for _ in range(50)}

    assert len(tokens) == 50
    assert {_unmask_cipher_token(t) for t in tokens} == {request.META["CSRF_COOKIE"]}


def test_a_visitor_without_a_csrf_cookie_is_given_a_new_secret() -> None:
    request = RequestFactory().get("/")

    token = masked_token(request)

    secret = request.META["CSRF_COOKIE"]
    assert len(secret) == 32
    assert _unmask_cipher_token(token) == secret
    assert _checked_post(token, secret) == 200


def test_random_strings_use_every_character_of_the_csrf_alphabet() -> None:
    counts = Counter("".join(random_string(32) for _ in range(2000)))

    assert set(counts) == set(CSRF_ALLOWED_CHARS)
    # 64,000 draws over 62 characters: about 1,032 each; far from it would mean a bias.
    assert min(counts.values()) > 800
    assert max(counts.values()) < 1300
