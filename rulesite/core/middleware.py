"""Site-wide middleware: structured request logs with a request id, request body caps, the
client's address and the Content-Security-Policy header."""

from __future__ import annotations

import codecs
import functools
import ipaddress
import logging
import os
import re
import time
from collections.abc import Callable
from json.encoder import encode_basestring

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject, empty
from django.utils.translation import get_language_from_path

from rulesite.core.logformat import ENCODED_FIELDS

request_logger = logging.getLogger("rulesite.requests")

REQUEST_ID_HEADER = "X-Request-ID"
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


UNKNOWN_CLIENT = "0.0.0.0"  # noqa: S104 - a placeholder address, never bound


@functools.lru_cache(maxsize=1024)
def _valid_ip(value: str) -> bool:
    """Whether ``value`` is an IPv4 or IPv6 address (remembered: a worker sees the same few
    proxy and client addresses again and again)."""
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


class ClientIPMiddleware:
    """Make ``REMOTE_ADDR`` the client's address, which per-client limits key on.

    Behind ``RULESITE_PROXY_COUNT`` trusted reverse proxies, the client is that many entries
    from the right of ``X-Forwarded-For`` (entries further left are whatever the client sent,
    so they are never trusted). An address that is missing (a Unix-socket server) or malformed
    becomes ``0.0.0.0``: unknown clients share one limit rather than escaping it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        proxies = int(getattr(settings, "RULESITE_PROXY_COUNT", 0))
        address = request.META.get("REMOTE_ADDR") or ""
        if proxies > 0:
            forwarded = [
                part.strip()
                for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                if part.strip()
            ]
            if len(forwarded) >= proxies:
                address = forwarded[-proxies]
        request.META["REMOTE_ADDR"] = address if _valid_ip(address) else UNKNOWN_CLIENT
        return self.get_response(request)


class RequestLogMiddleware:
    """One JSON log line per request: method, path, status, duration_ms, request_id.

    A valid ``X-Request-ID`` sent by the proxy is kept (so logs join up across tiers);
    otherwise a new one is made. Either way it is echoed in the response header. The line's
    fields are encoded here once (:func:`~rulesite.core.logformat.encoded_fields`) and also
    kept on the record as attributes, for other handlers.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.perf_counter()
        incoming = request.META.get("HTTP_X_REQUEST_ID", "")
        # 128 random bits in hex, as a UUID's hex but read straight from the system's source.
        request_id = incoming if _VALID_REQUEST_ID.match(incoming) else os.urandom(16).hex()
        request.request_id = request_id  # type: ignore[attr-defined]
        response = self.get_response(request)
        response[REQUEST_ID_HEADER] = request_id
        duration_ms = round((time.perf_counter() - started) * 1000, 2)
        status = response.status_code
        level = (
            logging.ERROR if status >= 500 else logging.WARNING if status >= 400 else logging.INFO
        )
        if request_logger.isEnabledFor(level):
            method, path = request.method or "", request.path
            htmx = request.META.get("HTTP_HX_REQUEST") == "true"
            # The line's fields encoded at once (the id is [A-Za-z0-9._:-] by construction).
            encoded = (
                f', "request_id": "{request_id}", "method": {encode_basestring(method)}, '
                f'"path": {encode_basestring(path)}, "status": {status:d}, '
                f'"duration_ms": {duration_ms!r}, "htmx": {"true" if htmx else "false"}'
            )
            record = request_logger.makeRecord(
                request_logger.name,
                level,
                __file__,
                0,
                "%s %s %s",
                (method, path, status),
                None,
                extra={
                    "request_id": request_id,
                    "method": method,
                    "path": path,
                    "status": status,
                    "duration_ms": duration_ms,
                    "htmx": htmx,
                    ENCODED_FIELDS: encoded,
                },
            )
            request_logger.handle(record)
        return response


# A string (its closing quote optional, so an unterminated string cannot make the scan
# backtrack); what is left once strings are removed holds the brackets that nest.
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_JSON_STRING_UNESCAPED = re.compile(rb'"[^"]*"?')  # the same, for text without backslashes
_NOT_BRACKETS = bytes(sorted(set(range(256)) - set(b"[]{}")))
_OPENING = frozenset(b"[{")


def json_nesting_depth(raw: bytes) -> int:
    """How deeply arrays and objects nest in the JSON text ``raw``, without parsing it.

    Brackets inside strings do not count. Malformed text is measured as far as it goes (the
    view's parser reports the malformation). Linear time on any input: the strings are
    removed and the other characters dropped by the regular expression and byte tables, and
    only the brackets are walked.

    >>> json_nesting_depth(b'{"a": [1, {"b": "[[[\\\\"}]}')
    3
    >>> json_nesting_depth(b"[" * 5000)
    5000
    >>> json_nesting_depth(b'"no brackets"'), json_nesting_depth(b"]]][")
    (0, 0)
    """
    if raw.count(b"[") + raw.count(b"{") == 0:
        return 0
    strings = _JSON_STRING if b"\\" in raw else _JSON_STRING_UNESCAPED
    brackets = strings.sub(b"", raw).translate(None, _NOT_BRACKETS)
    depth = deepest = 0
    for bracket in brackets:
        if bracket in _OPENING:
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def is_text_encoding(charset: str) -> bool:
    """Whether ``charset`` names a codec that decodes bytes to text (``rot13``, ``hex``,
    ``base64`` or ``zlib`` are codecs too, but not text encodings).

    >>> is_text_encoding("utf-8"), is_text_encoding("latin-1"), is_text_encoding("rot13")
    (True, True, False)
    """
    try:
        return codecs.lookup(charset.strip().strip('"'))._is_text_encoding
    except LookupError:
        return False


class BodySizeLimitMiddleware:
    """Refuse request bodies over the caps before any view reads them.

    ``/api/`` bodies are capped at ``RULESITE_API_MAX_BODY_BYTES`` and JSON nesting at
    ``RULESITE_API_MAX_JSON_DEPTH`` (JSON errors, 413 and 400); everything else at
    ``RULESITE_MAX_BODY_BYTES`` (413). Form posts are also held by Django's
    ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (400), and the API's reader (``rulesite.api.jsonio``)
    reads at most its cap when no length is declared.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        declared = request.META.get("CONTENT_LENGTH") or "0"
        try:
            length = int(declared)
        except ValueError:
            length = -1
        is_api = request.path.startswith("/api/")
        limit = int(
            settings.RULESITE_API_MAX_BODY_BYTES if is_api else settings.RULESITE_MAX_BODY_BYTES
        )
        if length < 0:
            return self._refuse(is_api, "the Content-Length header is not a number", status=400)
        charset = (request.content_params or {}).get("charset") if length else None
        if charset is not None and not is_text_encoding(charset):
            return self._refuse(
                is_api,
                f"charset={charset[:40]!r} is not a text encoding; send UTF-8 text",
                status=415,
            )
        if length > limit:
            return self._refuse(
                is_api, f"the request body is {length} bytes; the limit is {limit}", status=413
            )
        if is_api and length and "json" in (request.content_type or ""):
            max_depth = int(settings.RULESITE_API_MAX_JSON_DEPTH)
            body = request.body
            # No more opening brackets than the limit: it cannot nest deeper.
            openings = body.count(b"[") + body.count(b"{")
            depth = json_nesting_depth(body) if openings > max_depth else 0
            if depth > max_depth:
                return self._refuse(
                    is_api,
                    f"the JSON nests {depth} levels deep; the limit is {max_depth}",
                    status=400,
                )
        return self.get_response(request)

    @staticmethod
    def _refuse(is_api: bool, message: str, *, status: int) -> HttpResponseBase:
        if is_api:
            return JsonResponse({"errors": [{"field": "body", "message": message}]}, status=status)
        return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


_CSP_PER_RESPONSE = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)
_csp_headers: tuple[object, object, str, str] | None = None


def _settings_policies() -> tuple[str, str]:
    """The Content-Security-Policy and its report-only twin as the settings write them, built
    once (and again if the settings are replaced)."""
    global _csp_headers
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", None)
    report_only = getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
    if _csp_headers is None or _csp_headers[0] is not policy or _csp_headers[1] is not report_only:
        _csp_headers = (
            policy,
            report_only,
            build_policy(),
            build_policy(report_only=True) if report_only else "",
        )
    return _csp_headers[2], _csp_headers[3]


def _excluded(request: HttpRequest, setting: str) -> bool:
    prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
    return request.path_info.startswith(tuple(prefixes))


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, with the site's policy built once rather than twice per
    response (django-csp builds the policy and the report-only one from the settings on every
    response). A response that asks for its own policy (``csp_update``, ``csp_replace``,
    ``csp_exempt`` and friends) or a request that used a nonce gets django-csp's own work."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in _CSP_PER_RESPONSE
        ):
            return super().process_response(request, response)
        if response.status_code in (500, 404) and settings.DEBUG:
            return response
        policy, report_only = _settings_policies()
        if (
            policy
            and HEADER not in response
            and getattr(response, "_csp_exempt", False) is False
            and not _excluded(request, "CONTENT_SECURITY_POLICY")
        ):
            response[HEADER] = policy
        if (
            report_only
            and HEADER_REPORT_ONLY not in response
            and getattr(response, "_csp_exempt_ro", False) is False
            and not _excluded(request, "CONTENT_SECURITY_POLICY_REPORT_ONLY")
        ):
            response[HEADER_REPORT_ONLY] = report_only
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


class LazyMessageMiddleware(MessageMiddleware):
    """Django's message middleware, with the message storage made on first use: most
    requests (API calls, cached pages, the benchmark floor) never read or add a message, and
    making the storage (the cookie and session stores behind it) costs as much as some whole
    middleware. A request that used no messages has nothing to store in its response."""

    def process_request(self, request: HttpRequest) -> None:
        request._messages = SimpleLazyObject(lambda: default_storage(request))  # type: ignore[attr-defined]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        messages = request.__dict__.get("_messages")
        if isinstance(messages, SimpleLazyObject) and messages._wrapped is empty:
            return response
        return super().process_response(request, response)


_PATH_LANGUAGE = "_rulesite_path_language"


def path_language(request: HttpRequest) -> str | None:
    """The language the request's path starts with (``/fr/…``), or None; found once per
    request (the locale and cached-page middleware both ask)."""
    try:
        return request.__dict__[_PATH_LANGUAGE]  # type: ignore[no-any-return]
    except KeyError:
        language = request.__dict__[_PATH_LANGUAGE] = get_language_from_path(request.path_info)
        return language


class PathLocaleMiddleware(LocaleMiddleware):
    """Django's locale middleware, with the path's language looked up once per request
    instead of three times. The language is the path's when it has one (as
    ``get_language_from_request`` would find first), else the cookie's or the browser's;
    a 404 gets Django's own handling (its redirect to the language-prefixed address)."""

    def process_request(self, request: HttpRequest) -> None:
        urlconf = getattr(request, "urlconf", settings.ROOT_URLCONF)
        i18n_patterns_used, prefixed_default_language = is_language_prefix_patterns_used(urlconf)
        from_path = path_language(request) if i18n_patterns_used else None
        if from_path:
            language = from_path
        elif i18n_patterns_used and not prefixed_default_language:
            language = settings.LANGUAGE_CODE
        else:
            language = translation.get_language_from_request(request, check_path=False)
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.status_code == 404:
            return super().process_response(request, response)
        urlconf = getattr(request, "urlconf", settings.ROOT_URLCONF)
        i18n_patterns_used, _prefixed = is_language_prefix_patterns_used(urlconf)
        if not (i18n_patterns_used and path_language(request)):
            patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response
