"""Cached answers to form posts (the workbench's htmx answer) answered before the session,
locale, CSRF, authentication, messages, htmx, history and axes middleware, the URL resolver
and Django's parsing of the posted fields.

A view decorated with :func:`rulesite.core.cache.cached_answer` answers an anonymous visitor's
POST from the cache, keyed by the parsed fields; reaching it costs the whole middleware stack
and the parsing of every field (the workbench posts about 130). This middleware, beside
:mod:`rulesite.core.pagecache`, keys the same answer by what was sent as it was sent: the path
and query string, the htmx headers, the content type, the path's language, the code version
and the raw body with its CSRF token left out. On a hit:

- the CSRF check is Django's: ``CsrfViewMiddleware`` reads the cookie (``process_request``)
  and checks the origin, the referer under HTTPS and the token (``process_view``) on the
  request with the one token field as its posted fields (forgotten after the check), found
  in the raw body as Django's parser would find it (without splitting the body at each
  field when the token's name is written once); a body whose field names are escaped, or
  that names the token more than once, is left to the whole stack; so is a refused check
  (the stack refuses it and logs it, once);
- the answer gets what the skipped middleware and decorators would have added: its own CSRF
  token where the answer had one (and the cookie), ``Vary: HX-Request, Cookie``,
  ``Content-Language``, ``X-Frame-Options`` and ``Content-Length``
  (``tests/rulesite/core/test_answer_cache_early.py`` compares it with the whole stack's
  answer header by header).

Only requests the page cache's middleware would also take are answered: no session cookie,
an allowed host, a language prefix in the path. A miss goes on through the whole stack
unchanged; when Django's CSRF check passed, ``cached_answer`` has the view answer it (the
content version it was looked up at is the answer's) and stores the answer under this key
alone, with that version (not also under the posted fields: one key to compute, one row to
write per new set-up). Entries are read as pages are: the version from the shared cache on every
request, the entry from this worker's memo of recent answers or the shared cache, served only
when it was stored at the current version, so a write in any process makes them stale at once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase, HttpResponseForbidden
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.datastructures import MultiValueDict

from rulesite.core import cache, writebehind
from rulesite.core.pagecache import early_language, not_called

Handler = Callable[[HttpRequest], HttpResponseBase]

_TOKEN_FIELD = b"csrfmiddlewaretoken"
_FORM = "application/x-www-form-urlencoded"
_HTMX_HEADERS = (
    "HTTP_HX_REQUEST",
    "HTTP_HX_TARGET",
    "HTTP_HX_BOOSTED",
    "HTTP_HX_HISTORY_RESTORE_REQUEST",
)


def _checked_view(request: HttpRequest) -> HttpResponseBase:
    raise AssertionError("the CSRF check is given a view only to read its csrf_exempt flag")


class _CsrfCheck(CsrfViewMiddleware):
    """Django's CSRF check, whose refusal is left to the whole stack (which refuses the
    request again, with its own error page, and logs it once)."""

    def _reject(self, request: HttpRequest, reason: str) -> HttpResponseBase:
        return HttpResponseForbidden()


def split_token(body: bytes) -> tuple[bytes, str] | None:
    """``body`` (URL-encoded fields) without its CSRF token field, and the token as Django's
    parser reads it; None when that is not certain (the token named twice or not at all, or
    a field name that holds an escape, which might decode to the token's name).

    >>> split_token(b"a=1&csrfmiddlewaretoken=abc&b=2")
    (b'a=1&b=2', 'abc')
    >>> split_token(b"csrfmiddlewaretoken=x&csrfmiddlewaretoken=y") is None
    True
    >>> split_token(b"csrfmiddlewar%65token=x&a=1") is None
    True
    """
    if body.count(_TOKEN_FIELD) != 1:
        return split_fields(body)
    # The token's name written once in the body: it names the token only at a field's start
    # and end, and no other name may hold an escape. Found without splitting the fields.
    at = body.find(_TOKEN_FIELD)
    end = at + len(_TOKEN_FIELD)
    if (at and body[at - 1] != _AMPERSAND) or body[end : end + 1] not in (b"=", b"&", b""):
        return None
    if _escaped_name(body):
        return None
    stop = body.find(b"&", end)
    raw = body[end + 1 : stop] if stop != -1 else body[end + 1 :]
    if raw and not raw.isalnum():  # Django's tokens are letters and digits, never escaped
        return None
    if stop == -1:
        rest = body[: max(at - 1, 0)]
    else:
        rest = body[:at] + body[stop + 1 :] if at == 0 else body[: at - 1] + body[stop:]
    return rest, raw.decode("ascii")


_AMPERSAND = ord("&")


def _escaped_name(body: bytes) -> bool:
    """Whether a field name in ``body`` holds a ``%`` (each ``%`` looked at, not each field).

    >>> _escaped_name(b"a=%41&b%41=1"), _escaped_name(b"a=%41&b=%42"), _escaped_name(b"%")
    (True, False, True)
    """
    at = body.find(b"%")
    while at != -1:
        start = body.rfind(b"&", 0, at) + 1
        if body.find(b"=", start, at) == -1:
            return True
        stop = body.find(b"&", at)
        if stop == -1:
            return False
        at = body.find(b"%", stop)
    return False


def split_fields(body: bytes) -> tuple[bytes, str] | None:
    """:func:`split_token`, field by field (the body split at each ``&``)."""
    parts = body.split(b"&")
    names = [part.partition(b"=")[0] for part in parts]
    if b"%" in b"&".join(names) or names.count(_TOKEN_FIELD) != 1:
        return None
    at = names.index(_TOKEN_FIELD)
    raw = parts[at][len(_TOKEN_FIELD) + 1 :]
    if raw and not raw.isalnum():  # Django's tokens are letters and digits, never escaped
        return None
    return b"&".join(parts[:at] + parts[at + 1 :]), raw.decode("ascii")


def answer_key(
    request: HttpRequest, language: str, body: bytes, *, kind: str = "early-answer"
) -> str:
    """The key of the ``kind`` of answer to ``request`` in ``language``, ``body`` being what
    it posted (a form without its token)."""
    meta = request.META
    digest = hashlib.sha256(body)
    for part in (
        cache.code_version(),
        request.path,
        meta.get("QUERY_STRING", ""),
        meta.get("CONTENT_TYPE", ""),
        *(meta.get(name, "") for name in _HTMX_HEADERS),
    ):
        digest.update(b"\x1f" + str(part).encode("utf-8", "surrogateescape"))
    return f"rulesite:{kind}:{language}:{digest.hexdigest()[:40]}"


class CachedAnswerMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response
        self.csrf = _CsrfCheck(not_called)
        self.xframe = XFrameOptionsMiddleware(not_called)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        sent = self._sent(request)
        if sent is None:
            return self.get_response(request)
        language, body, token = sent
        entry = early_entry(request, answer_key(request, language, body))
        if entry is not None:
            answered = self._answer(request, language, entry, token)
            if answered is not None:
                return answered
        return self.get_response(request)

    @staticmethod
    def _sent(request: HttpRequest) -> tuple[str, bytes, str] | None:
        """(language, body without the token, token) of a request this middleware may
        answer, or None."""
        if request.method != "POST" or request.META.get("CONTENT_TYPE") != _FORM:
            return None
        language = early_language(request)  # the host checked too
        if language is None:
            return None
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return None
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if length <= 0 or (limit is not None and length > limit):
            return None  # Django's own refusal, through the stack
        fields = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        body = request.body
        if fields is not None and body.count(b"&") >= fields:
            return None
        split = split_token(body)
        if split is None:
            return None
        return language, split[0], split[1]

    def _answer(
        self, request: HttpRequest, language: str, entry: dict[str, Any], token: str
    ) -> HttpResponseBase | None:
        self.csrf.process_request(request)
        # Checked with the one token field as the posted fields, which the request forgets
        # after the check (the view, on a refusal, parses the whole body).
        request._post = MultiValueDict({"csrfmiddlewaretoken": [token]})  # type: ignore[attr-defined]
        try:
            refused = self.csrf.process_view(request, _checked_view, (), {})
        finally:
            del request._post  # type: ignore[attr-defined]
        if refused is not None:
            return None
        translation.activate(language)  # as the locale middleware leaves it after a request
        request.LANGUAGE_CODE = language
        response = cache.rebuilt_page(entry, request)
        patch_vary_headers(response, ("HX-Request", "Cookie"))
        response.headers.setdefault("Content-Language", language)
        response = self.xframe.process_response(request, response)
        response["Content-Length"] = str(len(response.content))
        return self.csrf.process_response(request, response)


def early_entry(request: HttpRequest, key: str) -> dict[str, Any] | None:
    """The entry kept under ``key`` at the current content version; on a miss, ``request``
    is given the :class:`EarlyStore` that keeps the view's answer under ``key`` and that
    version (none when no version is known yet)."""
    version = cache.version_store().get(cache.VERSION_KEY)
    entry = cache.current_entry(key, version, cache.recent_answers)
    if entry is None and version is not None:
        setattr(request, cache.EARLY_ANSWER_STORE, EarlyStore(key, version))
    return entry


class EarlyStore:
    """Stores the answer the view's decorator gives a request an early answer missed, under
    the key and the content version it was looked up at: in this process's recent answers at
    once, in the shared cache with the next batch (:mod:`rulesite.core.writebehind`)."""

    def __init__(self, key: str, version: Any) -> None:
        self.key, self.version = key, version

    def __call__(
        self, request: HttpRequest, entry: dict[str, Any], content: bytes, seconds: int
    ) -> None:
        stored = {"body": entry["body"], "headers": entry["headers"], "version": self.version}
        cache.recent_answers.put((self.key, self.version), {**stored, "content": content})
        writebehind.put(self.key, stored, seconds)
