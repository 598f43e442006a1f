"""Cached answers to form posts answered before the rest of the middleware
(rulesite.core.answercache): the whole stack's answer, header by header, only after Django's
CSRF check passed, and never once a write anywhere made it stale."""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from rulesite.cards.models import Card
from rulesite.core import cache as page_cache
from rulesite.core.answercache import split_fields, split_token
from tests.rulesite.workbench.posts import posted

pytestmark = pytest.mark.usefixtures("workbench_cards")

WORKBENCH = "/en/workbench/"
FORM = "application/x-www-form-urlencoded"
HTMX = {"HX-Request": "true"}
KICKED_BURST = {
    "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]},
    "assume_mana": True,
}
PER_RESPONSE = {"X-Request-ID", "Set-Cookie"}
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')
ANY_TOKEN = re.compile(rb"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")


def answered_early(response: HttpResponse) -> bool:
    """Whether the answer came from the cached-answer middleware: the authentication
    middleware, further in, never saw the request."""
    return not hasattr(response.wsgi_request, "user")  # type: ignore[attr-defined]


def headers(response: HttpResponse) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k not in PER_RESPONSE}


def visitor() -> tuple[Client, str]:
    """A visitor who opened the workbench: a CSRF cookie, and the page's token."""
    client = Client(enforce_csrf_checks=True)
    page = client.get(WORKBENCH)
    return client, TOKEN.search(page.content).group(1).decode()


def body(token: str, **changes: str) -> str:
    return urlencode(
        {"csrfmiddlewaretoken": token, **posted(KICKED_BURST, assume_mana="on", **changes)},
        doseq=True,
    )


def post(client: Client, sent: str, **extra: Any) -> HttpResponse:
    return client.post(WORKBENCH, sent, content_type=FORM, **extra)


@pytest.mark.parametrize("htmx", [False, True])
def test_an_early_answer_has_the_headers_and_body_of_the_whole_stacks_answer(htmx: bool) -> None:
    extra = {"headers": HTMX} if htmx else {}
    client, token = visitor()
    stored = post(client, body(token), **extra)
    full_stack, stack_token = visitor()
    full_stack.cookies["sessionid"] = "an-anonymous-visitors-session"
    post(full_stack, body(stack_token), **extra)  # stored under the posted fields

    early = post(client, body(token), **extra)
    through_the_stack = post(full_stack, body(stack_token), **extra)

    assert stored["X-Rulesite-Cache"] == "miss"
    assert not answered_early(stored)
    assert answered_early(early)
    assert not answered_early(through_the_stack)
    assert early["X-Rulesite-Cache"] == through_the_stack["X-Rulesite-Cache"] == "hit"
    assert headers(early) == headers(through_the_stack)
    assert early["Vary"] == "HX-Request, Cookie"
    assert early["Content-Language"] == "en"
    assert early["X-Frame-Options"] == "DENY"
    assert "Content-Security-Policy" in early
    assert int(early["Content-Length"]) == len(early.content)
    assert ANY_TOKEN.sub(b"", early.content) == ANY_TOKEN.sub(b"", through_the_stack.content)
    assert b'data-testid="total-cost">{4}{R}</span>' in early.content


def test_the_token_in_an_early_answer_is_the_readers_own_and_accepted() -> None:
    client, token = visitor()
    post(client, body(token))
    reader, reader_token = visitor()

    early = post(reader, body(reader_token))
    given = TOKEN.search(early.content).group(1).decode()
    again = post(reader, body(given))

    assert answered_early(early)
    assert page_cache._unmask(given) == reader.cookies["csrftoken"].value
    assert given != reader_token
    assert again.status_code == 200


def test_csrf_4_a_post_with_a_wrong_token_is_refused_by_the_whole_stack_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client, token = visitor()
    post(client, body(token))
    forger, _ = visitor()

    with caplog.at_level(logging.WARNING, logger="django.security.csrf"):
        refused = post(forger, body(token[::-1]), headers=HTMX)

    assert refused.status_code == 403
    assert not answered_early(refused)
    assert [r.getMessage() for r in caplog.records if r.name == "django.security.csrf"] == [
        "Forbidden (CSRF token from POST incorrect.): /en/workbench/"
    ]


def test_csrf_4_a_post_without_the_csrf_cookie_is_refused() -> None:
    client, token = visitor()
    post(client, body(token))

    refused = post(Client(enforce_csrf_checks=True), body(token), headers=HTMX)

    assert refused.status_code == 403


def test_csrf_4_a_post_from_another_origin_is_refused() -> None:
    client, token = visitor()
    post(client, body(token))

    refused = post(client, body(token), headers={**HTMX, "Origin": "https://evil.example"})

    assert refused.status_code == 403


def test_csrf_4_an_https_post_without_a_referer_is_refused() -> None:
    client, token = visitor()
    post(client, body(token), secure=True, headers={"Referer": "https://testserver/en/"})

    kept = post(client, body(token), secure=True, headers={"Referer": "https://testserver/en/"})
    refused = post(client, body(token), secure=True)

    assert answered_early(kept)
    assert refused.status_code == 403


def test_the_token_in_the_header_is_checked_when_the_field_is_empty() -> None:
    client, token = visitor()
    post(client, body(token))

    with_header = post(client, body(""), headers={**HTMX, "X-CSRFToken": token})
    without = post(client, body(""), headers=HTMX)

    assert with_header.status_code == 200
    assert without.status_code == 403


def test_an_answer_a_worker_kept_is_not_served_after_a_write_elsewhere() -> None:
    client, token = visitor()
    post(client, body(token))
    kept = post(client, body(token))  # this process now keeps the answer beside the shared cache
    page_cache.version_store().incr(page_cache.VERSION_KEY)  # another process's write

    after = post(client, body(token))

    assert answered_early(kept)
    assert not answered_early(after)
    assert after["X-Rulesite-Cache"] == "miss"


def test_702_33_an_early_answer_follows_an_edit_of_the_card_it_reads() -> None:
    client, token = visitor()
    post(client, body(token))
    post(client, body(token))

    Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")
    edited = post(client, body(token))
    again = post(client, body(token))

    assert edited["X-Rulesite-Cache"] == "miss"
    assert b'data-testid="total-cost">{5}{R}</span>' in edited.content
    assert answered_early(again)
    assert b'data-testid="total-cost">{5}{R}</span>' in again.content


def test_each_language_and_htmx_kind_is_its_own_early_answer() -> None:
    client, token = visitor()
    post(client, body(token))
    post(client, body(token), headers=HTMX)

    french = client.post("/fr/workbench/", body(token), content_type=FORM)
    partial = post(client, body(token), headers=HTMX)

    assert not answered_early(french)
    assert french["Content-Language"] == "fr"
    assert answered_early(partial)
    assert b"<html" not in partial.content


def test_a_new_answer_is_stored_under_the_early_key_alone() -> None:
    client, token = visitor()
    first = post(client, body(token))
    fields = body(token).split("&")

    again = post(client, body(token))
    reordered = post(client, "&".join(reversed(fields)))  # another early key, the same fields

    assert first["X-Rulesite-Cache"] == "miss"
    assert answered_early(again)
    assert not answered_early(reordered)
    assert reordered["X-Rulesite-Cache"] == "miss"  # not stored under the posted fields too
    assert reordered.content == first.content.replace(
        TOKEN.search(first.content).group(1), TOKEN.search(reordered.content).group(1)
    )


def test_a_post_the_early_answers_leave_to_the_stack_is_cached_by_its_fields() -> None:
    client, token = visitor()
    client.cookies[settings.SESSION_COOKIE_NAME] = "a-session"  # never answered early
    first = post(client, body(token))

    fields = body(token).split("&")
    reordered = post(client, "&".join(reversed(fields)))

    assert not answered_early(first)
    assert first["X-Rulesite-Cache"] == "miss"
    assert not answered_early(reordered)
    assert reordered["X-Rulesite-Cache"] == "hit"


def test_a_new_answer_stored_early_is_stale_after_a_content_write() -> None:
    client, token = visitor()
    post(client, body(token))
    Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")
    page_cache.recent_answers.clear()  # as in a worker that never read it

    after = post(client, body(token))

    assert not answered_early(after)
    assert after["X-Rulesite-Cache"] == "miss"
    assert b'data-testid="total-cost">{5}{R}</span>' in after.content


def test_a_signed_in_visitor_and_multipart_posts_go_through_the_stack() -> None:
    client, token = visitor()
    post(client, body(token))
    curator = Client()
    curator.force_login(User.objects.create_user("curator"))

    signed_in = curator.post(WORKBENCH, body(token), content_type=FORM)
    multipart = Client().post(WORKBENCH, posted(KICKED_BURST, assume_mana="on"))

    assert not answered_early(signed_in)
    assert "X-Rulesite-Cache" not in signed_in
    assert not answered_early(multipart)


def test_with_the_cache_off_nothing_is_answered_early(settings) -> None:
    settings.RULESITE_PAGE_CACHE_SECONDS = 0
    client, token = visitor()
    post(client, body(token))

    again = post(client, body(token))

    assert again.status_code == 200
    assert not answered_early(again)


@pytest.mark.parametrize(
    "sent",
    [
        b"csrfmiddlewaretoken=a&csrfmiddlewaretoken=b",
        b"csrfmiddlewar%65token=a&csrfmiddlewaretoken=b",
        b"csrfmiddlewaretoken=a%41",
        b"x=csrfmiddlewaretoken",
        b"a=1",
    ],
)
def test_a_token_django_might_read_otherwise_is_left_to_the_stack(sent: bytes) -> None:
    assert split_token(sent) is None


@pytest.mark.parametrize(
    ("sent", "rest", "token"),
    [
        (b"csrfmiddlewaretoken=abc", b"", "abc"),
        (b"csrfmiddlewaretoken=abc&a=1", b"a=1", "abc"),
        (b"a=1&csrfmiddlewaretoken=abc", b"a=1", "abc"),
        (b"a=1&csrfmiddlewaretoken=&b=2", b"a=1&b=2", ""),
        (b"a=1&csrfmiddlewaretoken", b"a=1", ""),
    ],
)
def test_the_token_is_cut_out_of_the_body(sent: bytes, rest: bytes, token: str) -> None:
    assert split_token(sent) == (rest, token)


_FIELD_BYTES = st.sampled_from(
    [b"a", b"b1", b"csrfmiddlewaretoken", b"csrfmiddlewaretokens", b"xcsrfmiddlewaretoken", b"%41"]
    + [b"%", b"=", b"", b"abc123", b"a%2Cb", b"+", b"csrfmiddlewar%65token"]
)


@given(st.lists(st.tuples(_FIELD_BYTES, st.none() | _FIELD_BYTES), max_size=8))
def test_the_token_is_cut_out_as_when_the_fields_are_split_one_by_one(
    fields: list[tuple[bytes, bytes | None]],
) -> None:
    sent = b"&".join(name if value is None else name + b"=" + value for name, value in fields)

    assert split_token(sent) == split_fields(sent)
