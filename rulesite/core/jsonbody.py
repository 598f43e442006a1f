"""Read a JSON request body with hard limits on size and nesting.

Used by every JSON endpoint (``/api/v1/evaluate``, ``/api/v1/scenarios``)::

    try:
        data = read_json_body(request, max_bytes=64 * 1024, max_depth=32)
    except JSONBodyError as exc:
        return exc.response()

Errors follow the API's error shape: ``{"errors": [{"field": "body", "message": "…"}]}``,
with status 413 for a body over the size cap, 415 for a body that is not JSON, 400 otherwise.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse

DEFAULT_MAX_BYTES = 64 * 1024
DEFAULT_MAX_DEPTH = 32


class JSONBodyError(ValueError):
    """The request body is not an acceptable JSON object."""

    def __init__(self, message: str, *, status: int = 400, field: str = "body") -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field

    def response(self) -> JsonResponse:
        return JsonResponse(
            {"errors": [{"field": self.field, "message": self.message}]}, status=self.status
        )


def max_api_body_bytes() -> int:
    return int(getattr(settings, "RULESITE_API_MAX_BODY_BYTES", DEFAULT_MAX_BYTES))


def _depth(value: Any, limit: int) -> int:
    """Nesting depth of ``value`` (a scalar is 0), iteratively; stops once past ``limit``.

    >>> _depth({"a": [1, {"b": []}]}, 10)
    4
    >>> _depth(3, 10)
    0
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        stack.extend((child, level) for child in children)
    return deepest


def _reject_constant(name: str) -> Any:
    raise JSONBodyError(f"{name} is not a JSON number")


def _read_limited(request: HttpRequest, max_bytes: int) -> bytes:
    declared = request.META.get("CONTENT_LENGTH") or ""
    if declared:
        try:
            length = int(declared)
        except ValueError:
            raise JSONBodyError("the Content-Length header is not a number") from None
        if length > max_bytes:
            raise JSONBodyError(
                f"the request body is {length} bytes; the limit is {max_bytes}", status=413
            )
    if hasattr(request, "_body"):
        raw: bytes = request.body
    else:
        # Never read more than the cap (plus one byte to tell "too long").
        raw = request.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise JSONBodyError(f"the request body is over the limit of {max_bytes} bytes", status=413)
    return raw


def read_json_body(
    request: HttpRequest,
    *,
    max_bytes: int | None = None,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> dict[str, Any]:
    """Parse the body of ``request`` as a JSON object.

    :raises JSONBodyError: the body is too large (413), not JSON (415 for another content type,
        400 for malformed JSON), nested deeper than ``max_depth``, or not an object (400).
    """
    limit = max_api_body_bytes() if max_bytes is None else max_bytes
    content_type = (request.content_type or "").lower()
    if content_type and content_type != "application/json" and not content_type.endswith("+json"):
        raise JSONBodyError(f"send the body as application/json (got {content_type})", status=415)
    raw = _read_limited(request, limit)
    if not raw.strip():
        raise JSONBodyError("the request body is empty; send a JSON object")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JSONBodyError("the request body is not UTF-8") from None
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise JSONBodyError(f"the JSON is nested deeper than {max_depth} levels") from None
    except json.JSONDecodeError as exc:
        raise JSONBodyError(
            f"the body is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    if not isinstance(data, dict):
        raise JSONBodyError("the body must be a JSON object")
    if _depth(data, max_depth) > max_depth:
        raise JSONBodyError(f"the JSON is nested deeper than {max_depth} levels")
    return data
