"""Under /api/ every error is JSON in the documented shape ({"errors": [{"field", "message"}]}),
whoever answered it: the view, another middleware, Django's URL resolver or a crash."""

from __future__ import annotations

import json

import jsonschema
import pytest
from django.test import Client

from rulesite.api.openapi import component
from tests.rate_windows import start_clear_of_window_end

ERRORS = component("Errors")


def _assert_documented_error(response, status: int) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    jsonschema.validate(body, ERRORS)
    return body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path", "body", "content_type", "status"),
    [
        ("post", "/api/v1/evaluate", "{not json", "application/json", 400),
        ("get", "/api/v1/no-such-endpoint", None, None, 404),
        ("get", "/api/v1/cards/no-such-card", None, None, 404),
        ("get", "/api/v1/evaluate", None, None, 405),
        ("delete", "/api/v1/scenarios", None, None, 405),
        ("put", "/api/v1/schema", None, None, 405),
        ("post", "/api/v1/evaluate", "x" * (70 * 1024), "application/json", 413),
        ("post", "/api/v1/evaluate", "kind=cast", "text/plain", 415),
    ],
)
def test_api_errors_are_json(
    client: Client, method: str, path: str, body: str | None, content_type: str | None, status: int
) -> None:
    kwargs = {"content_type": content_type} if content_type else {}
    response = (
        getattr(client, method)(path, body, **kwargs) if body else (getattr(client, method)(path))
    )

    _assert_documented_error(response, status)


@pytest.mark.django_db
def test_405_keeps_the_allow_header(client: Client) -> None:
    response = client.get("/api/v1/evaluate")

    assert response["Allow"] == "POST"


@pytest.mark.usefixtures("demo_data")
def test_api_429_is_json(client: Client, settings) -> None:
    settings.RULESITE_EVALUATE_RATE = "1/m"
    start_clear_of_window_end("1/m")
    body = json.dumps({"action": {"kind": "cast", "card": "Shock"}, "assume_mana": True})
    client.post("/api/v1/evaluate", body, content_type="application/json")

    response = client.post("/api/v1/evaluate", body, content_type="application/json")

    _assert_documented_error(response, 429)


@pytest.mark.django_db
@pytest.mark.urls("tests.rulesite.api.crash_urls")
def test_api_500_is_json_and_tells_nothing_of_the_failure() -> None:
    client = Client(raise_request_exception=False)

    response = client.get("/api/v1/crash")

    body = _assert_documented_error(response, 500)
    assert "secret internal detail" not in response.content.decode()
    assert response["X-Request-ID"] in body["errors"][0]["message"]


@pytest.mark.django_db
@pytest.mark.urls("tests.rulesite.api.crash_urls")
def test_a_page_500_outside_the_api_stays_html() -> None:
    client = Client(raise_request_exception=False)

    response = client.get("/en/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize("path", ["/api/v1/evaluate/", "/api/v1/nothing", "/api/v2/evaluate"])
def test_unknown_api_path_is_the_json_404_of_a_get_whatever_the_method(
    method: str, path: str
) -> None:
    client = Client(enforce_csrf_checks=True)  # as a real client without a CSRF cookie
    expected = client.get(path).json()

    response = getattr(client, method)(path, "{}", content_type="application/json")

    body = _assert_documented_error(response, 404)
    assert body == expected
    assert body["errors"][0]["field"] == "path"
    assert body["errors"][0]["message"].startswith(f"no API endpoint at {path!r}")


@pytest.mark.django_db
def test_trailing_slash_404_names_the_endpoint_without_it() -> None:
    client = Client(enforce_csrf_checks=True)

    response = client.post("/api/v1/evaluate/", "{}", content_type="application/json")

    message = _assert_documented_error(response, 404)["errors"][0]["message"]
    assert "the endpoint is '/api/v1/evaluate', without the trailing slash" in message


@pytest.mark.django_db
def test_unknown_api_path_is_echoed_cut_short(client: Client) -> None:
    path = "/api/v1/" + "x" * 5000

    response = client.post(path, "{}", content_type="application/json")

    message = _assert_documented_error(response, 404)["errors"][0]["message"]
    assert "x" * 100 not in message
    assert "…" in message
    assert len(response.content) < 1000
