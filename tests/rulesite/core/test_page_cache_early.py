"""Cached pages answered before the rest of the middleware (rulesite.core.pagecache): the same
answer as the whole stack gives, header by header, with a working CSRF cookie, and never for
a visitor the stack would treat differently."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client

from rulesite.cards.models import Card
from rulesite.core.cache import VERSION_KEY, version_store

pytestmark = pytest.mark.usefixtures("cards")

PER_RESPONSE = {"X-Request-ID", "Set-Cookie"}
TOKEN = re.compile(rb"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")


def card_url() -> str:
    return Card.objects.get(name="Kavu Primarch").get_absolute_url()


def answered_early(response: HttpResponse) -> bool:
    """Whether the page came from the cached-page middleware: the authentication middleware,
    further in, never saw the request."""
    return not hasattr(response.wsgi_request, "user")  # type: ignore[attr-defined]


def headers(response: HttpResponse) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k not in PER_RESPONSE}


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_early_hit_has_the_headers_of_the_whole_stacks_hit(htmx: bool, language: str) -> None:
    url = card_url().replace("/en/", f"/{language}/", 1)
    extra = {"HX-Request": "true"} if htmx else {}
    stored = Client().get(url, headers=extra)
    full_stack = Client()
    full_stack.cookies["sessionid"] = "an-anonymous-visitors-session"

    early = Client().get(url, headers=extra)
    through_the_stack = full_stack.get(url, headers=extra)

    assert stored["X-Rulesite-Cache"] == "miss"
    assert answered_early(early)
    assert not answered_early(through_the_stack)
    assert through_the_stack["X-Rulesite-Cache"] == early["X-Rulesite-Cache"] == "hit"
    assert headers(early) == headers(through_the_stack)
    assert early["Content-Language"] == language
    assert "Content-Security-Policy" in early
    assert early["X-Frame-Options"] == "DENY"
    assert int(early["Content-Length"]) == len(early.content)
    assert "csrftoken" not in early.cookies
    assert "csrftoken" not in through_the_stack.cookies


def test_a_page_that_posts_nothing_has_no_csrf_token_early_or_through_the_stack() -> None:
    url = card_url()
    stored = Client().get(url)
    full_stack = Client()
    full_stack.cookies["sessionid"] = "an-anonymous-visitors-session"

    early = Client().get(url)
    through_the_stack = full_stack.get(url)

    assert answered_early(early)
    for page in (stored, early, through_the_stack):
        assert not TOKEN.search(page.content)
        assert "csrftoken" not in page.cookies
    assert early.content == through_the_stack.content


def test_an_early_hit_leaves_the_readers_csrf_cookie_as_it_was() -> None:
    url = card_url()
    Client().get(url)
    reader = Client(enforce_csrf_checks=True)
    workbench = reader.get("/en/workbench/").content.decode()  # a page that posts: a token
    secret = reader.cookies["csrftoken"].value
    token = re.search(r'"x-csrftoken": "([A-Za-z0-9]{64})"', workbench).group(1)

    page = reader.get(url)
    posted = reader.post("/i18n/setlang/", {"language": "fr", "next": url}, HTTP_X_CSRFTOKEN=token)

    assert answered_early(page)
    assert "csrftoken" not in page.cookies
    assert reader.cookies["csrftoken"].value == secret
    assert posted.status_code == 302


def test_a_signed_in_curator_is_never_answered_from_the_cache(client: Client) -> None:
    url = card_url()
    Client().get(url)
    client.force_login(User.objects.create_user("curator"))

    response = client.get(url)

    assert not answered_early(response)
    assert "X-Rulesite-Cache" not in response


def test_a_host_not_allowed_gets_400_not_the_cached_page() -> None:
    url = card_url()
    Client().get(url)

    response = Client().get(url, HTTP_HOST="evil.example")

    assert response.status_code == 400


def test_https_redirects_still_come_before_cached_pages(settings) -> None:
    url = card_url()
    Client().get(url)
    settings.SECURE_SSL_REDIRECT = True

    response = Client().get(url)

    assert response.status_code == 301
    assert response["Location"].startswith("https://")


def test_paths_without_a_language_and_posts_go_through_the_stack() -> None:
    Client().get(card_url())

    api = Client().get("/api/v1/schema")

    assert not answered_early(api)


def test_with_the_page_cache_off_nothing_is_answered_early(settings) -> None:
    settings.RULESITE_PAGE_CACHE_SECONDS = 0
    url = card_url()
    Client().get(url)

    response = Client().get(url)

    assert response.status_code == 200
    assert not answered_early(response)
    assert response.get("X-Rulesite-Cache") != "hit"


def test_a_page_a_worker_kept_is_not_served_after_a_write_elsewhere() -> None:
    url = card_url()
    Client().get(url)
    kept = Client().get(url)  # this process now keeps the page beside the shared cache
    version_store().incr(VERSION_KEY)  # another process's write: only the shared number moves

    after = Client().get(url)

    assert answered_early(kept)
    assert not answered_early(after)
    assert after["X-Rulesite-Cache"] == "miss"
