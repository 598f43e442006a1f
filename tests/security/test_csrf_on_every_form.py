"""CSRF is enforced on every form the site shows, htmx posts included: a POST without the
token is refused with 403, and every POST form carries the token."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.test import Client

from rulesite.cards.models import Card
from rulesite.scenarios.models import Scenario
from rulesite.workbench.permalink import encode_scenario

SCENARIO = {"action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1]}}


class FormFinder(HTMLParser):
    """Every ``<form method="post">`` (its action, and whether it holds the CSRF field) and
    every element that posts with htmx."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, object]] = []
        self.htmx_posts: list[str] = []
        self._open: dict[str, object] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "hx-post" in a:
            self.htmx_posts.append(a["hx-post"])
        if tag == "form" and a.get("method", "get").lower() == "post":
            self._open = {"action": a.get("action", ""), "has_token": False}
            self.forms.append(self._open)
        elif tag == "input" and self._open is not None and a.get("name") == "csrfmiddlewaretoken":
            self._open["has_token"] = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None


def site_pages() -> list[str]:
    card = Card.objects.get(name="Burst Lightning")
    scenario = Scenario.objects.published().first()
    pages = [
        "/en/",
        "/en/cards/?q=kicker",
        card.get_absolute_url(),
        "/en/keywords/kicker/",
        "/en/workbench/",
        f"/en/workbench/?card={card.slug}",
        "/en/scenarios/",
        "/en/scenarios/new/?s=" + encode_scenario(SCENARIO),
        "/admin/login/",
    ]
    if scenario is not None:
        pages.append(f"/en/scenarios/{scenario.pk}/")
    return pages


@pytest.fixture
def posting_targets(demo_data: None) -> dict[str, str]:
    """Every place a page posts to, mapped to the page it was found on."""
    client = Client()
    targets: dict[str, str] = {}
    for page in site_pages():
        response = client.get(page, follow=True)
        assert response.status_code == 200, page
        finder = FormFinder()
        finder.feed(response.content.decode())
        for form in finder.forms:
            assert form["has_token"], f"a POST form on {page} has no CSRF token"
            action = urljoin(page, str(form["action"]) or page)
            targets[urlsplit(action).path] = page
        for hx_post in finder.htmx_posts:
            targets[urlsplit(urljoin(page, hx_post)).path] = page
    return targets


def test_the_site_has_post_forms_to_check(posting_targets: dict[str, str]) -> None:
    assert "/en/workbench/" in posting_targets
    assert "/admin/login/" in posting_targets


def test_every_form_refuses_a_post_without_the_csrf_token(
    posting_targets: dict[str, str],
) -> None:
    client = Client(enforce_csrf_checks=True)

    refused = {
        action: client.post(action, {"title": "x"}).status_code for action in posting_targets
    }

    assert refused == dict.fromkeys(posting_targets, 403)


def test_htmx_post_without_the_csrf_header_is_refused(demo_data: None) -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/en/workbench/")

    response = client.post(
        "/en/workbench/", {"card": "Burst Lightning"}, headers={"HX-Request": "true"}
    )

    assert response.status_code == 403


def test_htmx_post_with_the_page_token_in_the_header_is_accepted(demo_data: None) -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get("/en/workbench/").content.decode()
    token = page.split('"x-csrftoken": "', 1)[1].split('"', 1)[0]

    response = client.post(
        "/en/workbench/",
        {"card": "Burst Lightning"},
        headers={"HX-Request": "true", "X-CSRFToken": token},
    )

    assert response.status_code == 200
