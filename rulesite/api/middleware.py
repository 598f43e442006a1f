"""Under ``/api/`` every error is JSON in the documented shape, whoever answered it.

Views answer their own errors as ``{"errors": [{"field": …, "message": …}]}``. Errors raised
around them — a URL no endpoint matches (404), a method an endpoint doesn't take (405), a
crash (500), a refusal from another middleware — would otherwise come back as HTML pages;
this middleware rewrites any non-JSON error answer of an ``/api/`` path into the same shape,
keeping its status and headers such as ``Allow`` and ``Retry-After``. A 500 never tells what
went wrong inside; it names the request id to quote instead.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

from rulesite.api.jsonio import error_response, shorten

_KEPT_HEADERS = ("Allow", "Retry-After", "X-Request-ID", "Vary")


def _message(request: HttpRequest, response: HttpResponseBase) -> tuple[str, str]:
    status = response.status_code
    if status == 404:
        return "", f"no API endpoint or object at {shorten(request.path)}"
    if status == 405:
        allowed = response.get("Allow", "")
        return "method", f"{request.method} is not allowed here" + (
            f"; use {allowed}" if allowed else ""
        )
    if status == 413:
        return "body", "the request body is too large"
    if status == 415:
        return "body", "send the request as application/json"
    if status == 429:
        return "", "too many requests from this client; try again later"
    if status >= 500:
        request_id = getattr(request, "request_id", "")
        return "", (
            "the server failed to answer this request"
            + (f"; quote request id {request_id} when reporting it" if request_id else "")
        )
    if status == 403:
        return "", "this request is not allowed"
    return "", "the request could not be read"


class ApiErrorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if response.status_code < 400 or not request.path.startswith("/api/"):
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        field, message = _message(request, response)
        rewritten = error_response([(field, message)], status=response.status_code)
        for header in _KEPT_HEADERS:
            if header in response:
                rewritten[header] = response[header]
        return rewritten
