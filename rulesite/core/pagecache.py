"""Cached pages answered before the session, locale, CSRF, authentication, messages, htmx,
history and axes middleware and the URL resolver.

A page in the page cache (``rulesite.core.cache.cached_page``) is the same for every
anonymous visitor, so a hit needs none of that work. This middleware sits after the
security, CORS, CSP, static-file and not-found middleware (their checks and headers apply
to every answer) and answers a hit itself when the request is one the cache may answer and
nothing skipped could change the answer:

- a GET or HEAD whose path starts with a language prefix (``/en/``, ``/fr/``): the locale
  middleware would take the language from it, and the path then says no ``Vary:
  Accept-Language``;
- no session cookie: without one the visitor is anonymous and nothing is read from a
  session (a visitor with one goes through the whole stack, and the view's decorator
  answers from the same cache entry);
- the host is one of ``ALLOWED_HOSTS`` (checked as the common middleware does).

The path's language is activated, as the locale middleware leaves it. The answer gets what
the skipped middleware would have added: on a page with a form that posts, the CSRF cookie
and the page's own CSRF token (Django's CSRF middleware reads and sets the cookie, as on any
page; pages that post nothing carry no token, and then get no cookie either),
``Vary: Cookie`` (the session and CSRF middleware), ``Content-Language``, ``X-Frame-Options``
and ``Content-Length``. ``tests/rulesite/core/test_page_cache_early.py`` compares the answer
with the whole stack's, header by header. On a miss the request goes on, and the view's
decorator stores the page under the key already computed here.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.http import HttpRequest, HttpResponseBase
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers

from rulesite.core.cache import cached_entry, page_cache_enabled, rebuilt_page
from rulesite.core.middleware import path_language

Handler = Callable[[HttpRequest], HttpResponseBase]


def not_called(request: HttpRequest) -> HttpResponseBase:
    """The ``get_response`` of a middleware whose hooks alone an early answer uses."""
    raise AssertionError("only the middleware's request, view and response hooks are used")


class CachedPageMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        # Django's own middleware, for the cookie and the header it sets on any page.
        self.csrf = CsrfViewMiddleware(not_called)
        self.xframe = XFrameOptionsMiddleware(not_called)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        language = early_language(request)
        if language is None:
            return self.get_response(request)
        entry = cached_entry(request, language)
        if entry is None:
            return self.get_response(request)
        translation.activate(language)  # as the locale middleware leaves it after a request
        request.LANGUAGE_CODE = language
        self.csrf.process_request(request)
        response = rebuilt_page(entry, request)
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", language)
        response = self.xframe.process_response(request, response)
        response["Content-Length"] = str(len(response.content))
        return self.csrf.process_response(request, response)


def early_language(request: HttpRequest) -> str | None:
    """The language of a request the cache may answer before the rest of the stack (an
    anonymous visitor's, the language in its path), or None; for such a request whose host
    is not allowed, ``DisallowedHost`` (a 400, as the common middleware answers it without
    the cache). The preamble of this module's early pages and of
    :mod:`rulesite.core.answercache`'s early answers."""
    if not early_request(request):
        return None
    if is_language_prefix_patterns_used(settings.ROOT_URLCONF) != (True, True):
        return None  # the language is not (always) the path's
    language = path_language(request)
    if language is not None:
        request.get_host()
    return language


def early_request(request: HttpRequest) -> bool:
    """Whether a cached answer may be given to ``request`` before the rest of the stack as far
    as the skipped middleware go: the cache is on, the visitor has no session cookie (nothing
    is read from a session, no cookie of its own is dropped), and the common middleware would
    neither refuse the user agent nor redirect to ``www.`` (its host check is the caller's)."""
    if not page_cache_enabled():
        return False
    if settings.SESSION_COOKIE_NAME in request.COOKIES or settings.CSRF_USE_SESSIONS:
        return False
    return not (settings.DISALLOWED_USER_AGENTS or settings.PREPEND_WWW)
