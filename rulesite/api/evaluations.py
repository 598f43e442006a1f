"""Repeated evaluations (``POST /api/v1/evaluate``) answered before the session, locale, common,
CSRF, authentication, messages, htmx, history and axes middleware and the URL resolver.

The evaluate view answers the same request on the same cards and code with the same bytes, so
once it has answered a request, the same bytes sent the same way are answered here, beside the
cached pages (:mod:`rulesite.core.pagecache`) and form posts
(:mod:`rulesite.core.answercache`). The middleware before this one still runs for every
request: the client address, the request log line, JSON errors, the body-size and nesting
limits, the security headers, CORS and the Content-Security-Policy. An answer is kept under
its key, :func:`rulesite.core.answercache.answer_key`: the code version, the path and query,
the content type, the htmx headers, the language and the bytes posted, with the content
version it was computed at beside it (``cache.current_entry``: served only at that version,
so a write in any process makes it stale at once). The shared cache also holds it under the
canonical request (its keys sorted), where the view finds it for the same scenario sent in
other bytes.

What the skipped middleware would have done, done here by the same code:

- the language is the locale middleware's (``PathLocaleMiddleware.process_request``: the
  ``django_language`` cookie, then ``Accept-Language``, then ``LANGUAGE_CODE``), and its
  ``Vary: Accept-Language`` and ``Content-Language``;
- the rate limit (``RULESITE_EVALUATE_RATE``) counts the request in the shared counter, once
  (:func:`rulesite.workbench.api.refused`: a request this middleware counted is not counted
  again by the view); a client over the limit goes through the whole stack for its 429;
- Django's CSRF middleware reads the cookie and sets a new one when it was malformed, as on any
  request (the view itself is CSRF-exempt); ``X-Frame-Options`` and ``Content-Length``.

Only a request the other early answers would take too (the page cache on, no session cookie,
no user agent refused, an allowed host) and with a JSON body is answered; anything else, and
every request not seen before, goes on through the whole stack, whose view answers it (a 400
naming the field and the reason for a malformed one) and keeps a 200 under this key.
``tests/rulesite/api/test_evaluate_early.py`` compares an early answer with the whole stack's,
body and headers, with and without this middleware.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponseBase
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.urls import NoReverseMatch, Resolver404, get_script_prefix, resolve, reverse

from rulesite.api.jsonio import max_body_bytes
from rulesite.core.answercache import answer_key, early_entry
from rulesite.core.middleware import PathLocaleMiddleware
from rulesite.core.pagecache import early_request, not_called
from rulesite.workbench.api import answered, evaluate_view, refused

Handler = Callable[[HttpRequest], HttpResponseBase]


@functools.lru_cache(maxsize=16)
def evaluate_path(urlconf: str, script_prefix: str) -> str | None:
    """The path (``path_info``) at which ``urlconf`` serves the evaluate view, if it does."""
    try:
        path = "/" + reverse("api:evaluate", urlconf=urlconf).removeprefix(script_prefix)
        if resolve(path, urlconf).func is evaluate_view:
            return path
    except (NoReverseMatch, Resolver404):
        pass
    return None


class CachedEvaluationMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        # Django's and the site's own middleware, for what they do on every request.
        self.locale = PathLocaleMiddleware(not_called)
        self.csrf = CsrfViewMiddleware(not_called)
        self.xframe = XFrameOptionsMiddleware(not_called)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        body = self._sent(request)
        if body is None:
            return self.get_response(request)
        self.locale.process_request(request)  # activates the language, as the stack would
        if refused(request) is not None:
            return self.get_response(request)  # counted once: the view answers the 429
        language = request.LANGUAGE_CODE
        entry = early_entry(request, answer_key(request, language, body, kind="early-evaluation"))
        if entry is None:
            return self.get_response(request)
        self.csrf.process_request(request)
        framed = self.xframe.process_response(request, answered(entry["content"], "hit"))
        response = self.csrf.process_response(request, framed)
        response["Content-Length"] = str(len(entry["content"]))
        return self.locale.process_response(request, response)

    @staticmethod
    def _sent(request: HttpRequest) -> bytes | None:
        """The JSON body of an evaluation this middleware may answer, or None."""
        if request.method != "POST" or hasattr(request, "urlconf"):
            return None
        if request.path_info != evaluate_path(settings.ROOT_URLCONF, get_script_prefix()):
            return None
        meta = request.META
        if not meta.get("CONTENT_TYPE", "").lower().startswith("application/json"):
            return None
        try:
            length = int(meta.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return None
        if length <= 0 or length > max_body_bytes() or not early_request(request):
            return None
        try:
            request.get_host()
        except DisallowedHost:
            return None  # refused by the whole stack, which logs it once
        return request.body
