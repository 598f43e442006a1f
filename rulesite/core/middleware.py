"""Site-wide middleware: structured request logs with a request id, request body caps, the
client's address and the Content-Security-Policy header."""

from __future__ import annotations

import codecs
import ipaddress
import logging
import re
import time
import uuid
from collections.abc import Callable

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse

request_logger = logging.getLogger("rulesite.requests")

REQUEST_ID_HEADER = "X-Request-ID"
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


UNKNOWN_CLIENT = "0.0.0.0"  # noqa: S104 - a placeholder address, never bound


def _valid_ip(value: str) -> bool:
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
    otherwise a new one is made. Either way it is echoed in the response header.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.perf_counter()
        incoming = request.headers.get(REQUEST_ID_HEADER, "")
        request_id = incoming if _VALID_REQUEST_ID.match(incoming) else uuid.uuid4().hex
        request.request_id = request_id  # type: ignore[attr-defined]
        response = self.get_response(request)
        response[REQUEST_ID_HEADER] = request_id
        duration_ms = (time.perf_counter() - started) * 1000
        status = response.status_code
        level = (
            logging.ERROR if status >= 500 else logging.WARNING if status >= 400 else logging.INFO
        )
        if request_logger.isEnabledFor(level):
            request_logger.log(
                level,
                "%s %s %s",
                request.method,
                request.path,
                status,
                extra={
                    "request_id": request_id,
                    "method": request.method,
                    "path": request.path,
                    "status": status,
                    "duration_ms": round(duration_ms, 2),
                    "htmx": request.headers.get("HX-Request") == "true",
                },
            )
        return response


# One pass: a string (its closing quote optional, so an unterminated string cannot make the
# scan backtrack) or a bracket.
_JSON_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


def json_nesting_depth(raw: bytes) -> int:
    """How deeply arrays and objects nest in the JSON text ``raw``, without parsing it.

    Brackets inside strings do not count. Malformed text is measured as far as it goes (the
    view's parser reports the malformation). Linear time on any input.

    >>> json_nesting_depth(b'{"a": [1, {"b": "[[[\\\\"}]}')
    3
    >>> json_nesting_depth(b"[" * 5000)
    5000
    """
    depth = deepest = 0
    for match in _JSON_TOKEN.finditer(raw):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            if depth > deepest:
                deepest = depth
        elif token in (b"]", b"}"):
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
            depth = json_nesting_depth(request.body)
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
