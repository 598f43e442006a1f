"""The page cache: hits, per-language and per-htmx keys, invalidation on content changes,
CSRF tokens that stay valid for every reader of a cached page."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from rulesite.cards.models import Card, Keyword, Ruling
from rulesite.core.cache import (
    VERSION_KEY,
    cached_value,
    content_version,
    one_content_version,
    version_store,
)

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.rulesite.core.cache_urls")]


def make_card(name: str) -> Card:
    card = Card(name=name, slug=name.lower().replace(" ", "-"), type_line="Instant")
    card.refresh_search_fields()
    card.save()
    return card


def test_second_request_is_served_from_cache(client: Client) -> None:
    make_card("Shock")

    first = client.get("/names/")
    second = client.get("/names/")

    assert first["X-Rulesite-Cache"] == "miss"
    assert second["X-Rulesite-Cache"] == "hit"
    assert b"[Shock]" in second.content
    assert "HX-Request" in first["Vary"]  # the page differs for htmx: caches must know
    assert second["Vary"] == first["Vary"]  # and the cached copy says so too


def test_new_card_invalidates_cached_pages(client: Client) -> None:
    make_card("Shock")
    client.get("/names/")

    make_card("Burst Lightning")
    response = client.get("/names/")

    assert response["X-Rulesite-Cache"] == "miss"
    assert b"[Burst Lightning, Shock]" in response.content


def test_changed_ruling_and_its_card_links_invalidate(client: Client) -> None:
    card = make_card("Shock")
    ruling = Ruling.objects.create(published_on=date(2024, 1, 1), text_en="Deals 2.")
    client.get("/names/")
    version = content_version()

    ruling.cards.add(card)

    assert content_version() != version
    assert client.get("/names/")["X-Rulesite-Cache"] == "miss"


def test_deleted_card_and_keyword_changes_invalidate() -> None:
    card = make_card("Shock")
    before = content_version()
    Keyword.objects.create(slug="kicker", name_en="Kicker")
    after_keyword = content_version()

    card.delete()

    assert before != after_keyword != content_version()


def test_languages_are_cached_separately(client: Client) -> None:
    make_card("Shock")
    client.get("/names/")

    with translation.override("fr"):
        french = client.get("/names/", headers={"accept-language": "fr"})

    assert french["X-Rulesite-Cache"] == "miss"
    assert french.content.startswith(b"page fr")


def test_htmx_partial_and_full_page_are_cached_separately(client: Client) -> None:
    make_card("Shock")
    client.get("/names/")

    partial = client.get("/names/", headers={"HX-Request": "true"})

    assert partial["X-Rulesite-Cache"] == "miss"
    assert partial.content.startswith(b"partial")
    assert client.get("/names/", headers={"HX-Request": "true"})["X-Rulesite-Cache"] == "hit"


def test_csrf_token_in_a_cached_page_works_for_another_reader() -> None:
    make_card("Shock")
    Client(enforce_csrf_checks=True).get("/names/")
    reader = Client(enforce_csrf_checks=True)

    page = reader.get("/names/")
    token = re.search(rb'value="([A-Za-z0-9]{64})"', page.content)
    posted = reader.post("/accept/", {"csrfmiddlewaretoken": token.group(1).decode()})

    assert page["X-Rulesite-Cache"] == "hit"
    assert posted.status_code == 200


def test_signed_in_users_are_never_served_cached_pages(client: Client) -> None:
    make_card("Shock")
    client.get("/names/")
    client.force_login(User.objects.create_user("curator"))

    response = client.get("/names/")

    assert "X-Rulesite-Cache" not in response


def test_error_pages_are_not_cached(client: Client) -> None:
    client.get("/missing/")
    make_card("Shock")  # changes nothing cached, but the count would differ if it were

    response = client.get("/missing/")

    assert response.status_code == 404
    assert b"not here 1" in response.content


def test_cached_value_is_rebuilt_after_a_content_change() -> None:
    calls: list[int] = []

    def build() -> int:
        calls.append(1)
        return len(calls)

    first = cached_value(("search", "kicker"), build)
    again = cached_value(("search", "kicker"), build)
    make_card("Shock")
    rebuilt = cached_value(("search", "kicker"), build)

    assert (first, again, rebuilt) == (1, 1, 2)


def test_queryset_update_and_bulk_create_invalidate_too(client: Client) -> None:
    card = make_card("Shock")
    client.get("/names/")
    before = content_version()

    Card.objects.filter(pk=card.pk).update(name="Shock (renamed)")
    after_update = content_version()
    Keyword.objects.bulk_create([Keyword(slug="convoke", name_en="Convoke")])

    assert before != after_update != content_version()
    assert b"[Shock (renamed)]" in client.get("/names/").content


def test_writes_to_other_tables_keep_the_cache() -> None:
    before = content_version()

    User.objects.create_user("reader")

    assert content_version() == before


def test_one_answer_reads_the_content_version_once() -> None:
    with one_content_version():
        first = content_version()
        version_store().set(VERSION_KEY, first + 1, None)  # another worker's write bumps it

        assert content_version() == first  # one answer, one version: read once

    assert content_version() == first + 1  # outside an answer, every read is fresh


def test_a_write_within_one_answer_makes_it_read_the_new_version() -> None:
    with one_content_version():
        before = content_version()
        make_card("Shock")  # a write to a watched table bumps the version
        after = content_version()

    assert after != before
    assert content_version() == after
