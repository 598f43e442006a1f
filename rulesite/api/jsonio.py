"""Shared plumbing of the JSON API: read a JSON request body, answer errors the same way.

Every error answer has one shape: ``{"errors": [{"field": "action.kicker", "message": "…"}]}``
(the field is ``"body"`` when the problem is the request body as a whole).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse

from rulesite.core.safejson import parse_json, text_problem

JSON_CONTENT_TYPES = frozenset({"application/json"})
ERROR_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    429: "too_many_requests",
    500: "server_error",
}


ECHO_MAX = 80
# Bounds of one error's field and message as answered: a field is a path of keys the client
# chose (an unknown key is named as sent), a message may quote the client's input.
FIELD_MAX = 120
MESSAGE_MAX = 1000


def shorten(text: str, limit: int = ECHO_MAX) -> str:
    """``text`` as an error message may echo it: at most ``limit`` characters, the cut ones
    replaced by "…" (a client's input may be any length, and the answer must stay small)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def max_body_bytes() -> int:
    """The largest API body read: ``RULESITE_API_MAX_BODY_BYTES``, the one setting the body-size
    middleware reads too (by default the engine's ``MAX_REQUEST_BYTES``)."""
    return int(settings.RULESITE_API_MAX_BODY_BYTES)


class JsonRequestError(Exception):
    """The request cannot be read as JSON; ``response`` is the answer to send."""

    def __init__(self, response: JsonResponse) -> None:
        super().__init__(response.status_code)
        self.response = response


def error_response(
    errors: Iterable[tuple[str, str]] | Iterable[Mapping[str, str]], *, status: int = 400
) -> JsonResponse:
    """``{"errors": [...]}`` with ``status``; ``errors`` are (field, message) pairs or dicts.

    The body is also a Scryfall-style error object: ``"object": "error"``, the ``status``, a
    ``code`` for it and ``details`` (the messages joined). A field longer than ``FIELD_MAX``
    or a message longer than ``MESSAGE_MAX`` characters is cut short (an unknown key of
    50,000 characters is not echoed back in full, twice).
    """
    items = []
    for error in errors:
        if isinstance(error, Mapping):
            field, message = str(error["field"]), str(error["message"])
        else:
            field, message = error
        items.append({"field": shorten(field, FIELD_MAX), "message": shorten(message, MESSAGE_MAX)})
    body = {
        "object": "error",
        "status": status,
        "code": ERROR_CODES.get(status, "error"),
        "details": " ".join(
            f"{item['field']}: {item['message']}" if item["field"] else item["message"]
            for item in items
        ),
        "errors": items,
    }
    response = JsonResponse(body, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _is_utf8(charset: str) -> bool:
    return charset.strip().strip('"').lower().replace("_", "-") in {"utf-8", "utf8"}


def read_json_object(request: HttpRequest) -> dict[str, Any]:
    """The request body as a JSON object.

    :raises JsonRequestError: wrong content type or a charset other than UTF-8 (415), body too
        large (413), not JSON, not an object, or text no database stores (400) — each with an
        ``errors`` body naming the problem.
    """
    content_type = request.content_type or ""
    if content_type.lower() not in JSON_CONTENT_TYPES:
        raise JsonRequestError(
            error_response(
                [
                    (
                        "body",
                        f"send the request as application/json (got {content_type or 'none'!r})",
                    )
                ],
                status=415,
            )
        )
    charset = getattr(request, "content_params", {}).get("charset")
    if charset is not None and not _is_utf8(charset):
        raise JsonRequestError(
            error_response(
                [("body", f"JSON is sent as UTF-8 (charset=utf-8); got charset={charset[:40]!r}")],
                status=415,
            )
        )
    limit = max_body_bytes()
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit:
        raise JsonRequestError(
            error_response(
                [("body", f"the request body is too large (at most {limit} bytes)")],
                status=413,
            )
        )
    body = request.read(limit + 1)
    if len(body) > limit:
        raise JsonRequestError(
            error_response(
                [("body", f"the request body is too large (at most {limit} bytes)")],
                status=413,
            )
        )
    try:
        text = body.decode("utf-8")
        data = parse_json(text)
    except UnicodeDecodeError as exc:
        raise JsonRequestError(error_response([("body", "the body is not UTF-8 text")])) from exc
    except json.JSONDecodeError as exc:
        raise JsonRequestError(
            error_response(
                [("body", f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")]
            )
        ) from exc
    except RecursionError as exc:
        raise JsonRequestError(error_response([("body", "the JSON is nested too deeply")])) from exc
    except ValueError as exc:
        raise JsonRequestError(error_response([("body", str(exc))])) from exc
    if not isinstance(data, dict):
        raise JsonRequestError(error_response([("body", "the request must be a JSON object")]))
    # A NUL or a lone surrogate can only come from a \u escape: UTF-8 text holds no
    # surrogate and JSON no raw control character, so without one there is nothing to look for.
    problem = text_problem(data) if "\\u" in text else None
    if problem:
        raise JsonRequestError(error_response([("body", problem)]))
    return data
