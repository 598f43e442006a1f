"""Repeated evaluations answered before the rest of the middleware (rulesite.api.evaluations):
the whole stack's bytes and headers, the rate limit counted once per request, never a stale
answer after a write, and every request the stack must judge left to it."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from rulesite.cards.models import Card
from rulesite.core import cache as page_cache
from rulesite.core import writebehind
from tests.rate_windows import start_clear_of_window_end

pytestmark = pytest.mark.usefixtures("workbench_cards")

URL = "/api/v1/evaluate"
EARLY = "rulesite.api.evaluations.CachedEvaluationMiddleware"
KICKED_BURST = {
    "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]},
    "assume_mana": True,
}
PER_RESPONSE = {"X-Request-ID"}


def answered_early(response: Any) -> bool:
    """Whether the evaluation was answered before the authentication middleware saw it."""
    return not hasattr(response.wsgi_request, "user")


def post(client: Client, body: Any = KICKED_BURST, **extra: Any) -> Any:
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **extra)


def headers(response: Any) -> list[tuple[str, str]]:
    """The response's headers in order, without those that differ in every response (the
    request id, and the value of a new CSRF cookie)."""
    kept = [(k, v) for k, v in response.headers.items() if k not in PER_RESPONSE]
    return kept + sorted((name, str(cookie["path"])) for name, cookie in response.cookies.items())


@pytest.mark.parametrize(
    ("sent", "cookies"),
    [
        ({}, {}),
        ({"headers": {"Origin": "https://tools.example"}}, {}),  # CORS
        ({"headers": {"Accept-Language": "fr-FR,fr;q=0.9"}}, {}),
        ({}, {"django_language": "fr"}),
        ({"headers": {"HX-Request": "true"}}, {}),
        ({}, {"csrftoken": "malformed"}),  # Django's CSRF middleware sets a new cookie
    ],
    ids=["plain", "cors", "accept-language", "language-cookie", "htmx", "bad-csrf-cookie"],
)
def test_an_early_evaluation_is_the_whole_stacks_answer_byte_for_byte(
    settings: Any, sent: dict[str, Any], cookies: dict[str, str]
) -> None:
    client = Client()
    client.cookies.load(cookies)
    first = post(client, **sent)
    client.cookies.load(cookies)  # as sent the first time (a new CSRF cookie was set)
    early = post(client, **sent)
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE if name != EARLY]
    whole_stack = Client()
    whole_stack.cookies.load(cookies)

    through_the_stack = post(whole_stack, **sent)

    assert first["X-Rulesite-Cache"] == "miss"
    assert not answered_early(first)
    assert answered_early(early)
    assert not answered_early(through_the_stack)
    assert through_the_stack["X-Rulesite-Cache"] == early["X-Rulesite-Cache"] == "hit"
    assert early.content == through_the_stack.content
    assert headers(early) == headers(through_the_stack)
    assert early.json()["total_cost"] == "{4}{R}"


def test_an_early_evaluation_has_the_security_headers_and_the_language() -> None:
    client = Client()
    post(client, headers={"Accept-Language": "fr"})

    early = post(client, headers={"Accept-Language": "fr"})

    assert answered_early(early)
    assert early["Content-Language"] == "fr"
    assert early["Vary"] == "Accept-Language, origin"
    assert early["X-Frame-Options"] == "DENY"
    assert early["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in early
    assert early["Cache-Control"] == "no-store"
    assert int(early["Content-Length"]) == len(early.content)


def test_each_language_is_its_own_early_evaluation() -> None:
    client = Client()
    post(client)
    post(client)

    french = post(client, headers={"Accept-Language": "fr"})
    french_again = post(client, headers={"Accept-Language": "fr"})

    assert not answered_early(french)
    assert answered_early(french_again)
    assert french["Content-Language"] == french_again["Content-Language"] == "fr"


def test_an_early_evaluation_is_counted_against_the_rate_limit_once(settings: Any) -> None:
    settings.RULESITE_EVALUATE_RATE = "3/m"
    start_clear_of_window_end("3/m")
    client = Client()

    answers = [post(client) for _ in range(4)]
    other_scenario = post(client, {**KICKED_BURST, "action": {"kind": "cast", "card": "Shock"}})

    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert [answered_early(a) for a in answers[:3]] == [False, True, True]
    assert not answered_early(answers[3])
    assert answers[3]["Retry-After"] == "60"
    assert answers[3].json()["errors"][0]["message"] == "too many requests: at most 3/m per client"
    assert other_scenario.status_code == 429


def test_an_early_evaluation_is_counted_per_client(settings: Any) -> None:
    settings.RULESITE_EVALUATE_RATE = "1/m"
    start_clear_of_window_end("1/m", "203.0.113.1", "203.0.113.2")
    post(Client(REMOTE_ADDR="203.0.113.1"))

    other_client = post(Client(REMOTE_ADDR="203.0.113.2"))
    again = post(Client(REMOTE_ADDR="203.0.113.1"))

    assert other_client.status_code == 200
    assert answered_early(other_client)
    assert again.status_code == 429


def test_702_33_an_early_evaluation_follows_an_edit_of_the_card_it_reads() -> None:
    client = Client()
    post(client)
    post(client)

    Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")
    edited = post(client)
    again = post(client)

    assert not answered_early(edited)
    assert edited["X-Rulesite-Cache"] == "miss"
    assert edited.json()["total_cost"] == "{5}{R}"
    assert answered_early(again)
    assert again.json()["total_cost"] == "{5}{R}"


def test_an_evaluation_a_worker_kept_is_not_answered_after_a_write_elsewhere() -> None:
    client = Client()
    post(client)
    kept = post(client)
    page_cache.version_store().incr(page_cache.VERSION_KEY)  # another process's write

    after = post(client)

    assert answered_early(kept)
    assert not answered_early(after)
    assert after["X-Rulesite-Cache"] == "miss"


def test_an_evaluation_another_worker_stored_is_answered_early_here() -> None:
    post(Client())
    writebehind.flush()  # that worker's batch of new answers written
    page_cache.recent_answers.clear()  # as in a worker that never saw it

    early = post(Client())

    assert answered_early(early)
    assert early["X-Rulesite-Cache"] == "hit"


def test_the_same_scenario_in_other_bytes_is_found_under_its_canonical_request() -> None:
    client = Client()
    post(client)
    reordered = json.dumps(dict(reversed(KICKED_BURST.items())), indent=2)

    other_bytes = post(client, reordered)
    again = post(client, reordered)

    assert not answered_early(other_bytes)
    assert other_bytes["X-Rulesite-Cache"] == "hit"
    assert answered_early(again)
    assert again.content == other_bytes.content


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('{"action": {"kind": "cast", "card": "Shock"},', "body"),
        ('["not", "an", "object"]', "body"),
        ({"action": {"kind": "cast", "card": "No Such Card"}}, "action.card"),
    ],
    ids=["not-json", "not-an-object", "unknown-card"],
)
def test_a_malformed_evaluation_is_answered_by_the_stack_each_time(body: Any, field: str) -> None:
    client = Client()

    answers = [post(client, body) for _ in range(3)]

    assert [a.status_code for a in answers] == [400, 400, 400]
    assert not any(answered_early(a) for a in answers)
    assert {a.json()["errors"][0]["field"] for a in answers} == {field}


def test_an_oversized_or_too_deep_repeat_is_refused_before_the_early_answers() -> None:
    client = Client()
    post(client)
    post(client)

    padding = "x" * settings.RULESITE_API_MAX_BODY_BYTES
    oversized = post(client, {**KICKED_BURST, "padding": padding})
    deep = post(client, {**KICKED_BURST, "deep": json.loads("[" * 200 + "]" * 200)})

    assert (oversized.status_code, oversized.json()["errors"][0]["field"]) == (413, "body")
    assert (deep.status_code, deep.json()["errors"][0]["field"]) == (400, "body")


def test_a_session_cookie_another_content_type_or_a_get_goes_through_the_stack() -> None:
    client = Client()
    post(client)
    post(client)
    signed = Client()
    signed.cookies[settings.SESSION_COOKIE_NAME] = "a-visitors-session"

    with_session = post(signed)
    form = client.post(URL, "a=1", content_type="application/x-www-form-urlencoded")
    get = client.get(URL)

    assert not answered_early(with_session)
    assert with_session["X-Rulesite-Cache"] == "hit"
    assert (form.status_code, get.status_code) == (415, 405)


def test_a_disallowed_host_is_refused_by_the_stack() -> None:
    client = Client()
    post(client)
    post(client)

    refused = post(client, headers={"Host": "evil.example"})

    assert refused.status_code == 400
    assert "X-Rulesite-Cache" not in refused


def test_an_early_evaluation_is_logged_as_every_request_is(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = Client()
    post(client)
    caplog.clear()

    with caplog.at_level(logging.INFO, logger="rulesite.requests"):
        early = post(client)

    assert answered_early(early)
    logged = [r for r in caplog.records if r.name == "rulesite.requests"]
    assert [(r.method, r.path, r.status) for r in logged] == [("POST", URL, 200)]  # type: ignore[attr-defined]
    assert logged[0].request_id == early["X-Request-ID"]  # type: ignore[attr-defined]


def test_with_the_cache_off_no_evaluation_is_answered_early(settings: Any) -> None:
    settings.RULESITE_PAGE_CACHE_SECONDS = 0
    client = Client()
    post(client)

    again = post(client)

    assert again.status_code == 200
    assert not answered_early(again)
