"""XSS payloads in every user-supplied field come back as text, never as markup."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from django.test import Client

from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import submit_scenario

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
]
SCENARIO = {
    "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]},
    "assume_mana": True,
}


class MarkupAudit(HTMLParser):
    """Elements and attributes a payload would create if it were not escaped."""

    def __init__(self) -> None:
        super().__init__()
        self.injected: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.injected.append(f"<{tag} {name}>")
            if name in {"href", "src", "action"} and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.injected.append(f"<{tag} {name}=javascript:>")
        if tag in {"svg"} or (tag == "img" and dict(attrs).get("src") == "x"):
            self.injected.append(f"<{tag}>")

    def handle_data(self, data: str) -> None:
        if "alert(1)" in data and self.lasttag == "script":
            self.injected.append("<script>alert(1)")


def assert_shown_as_text(html: str) -> None:
    audit = MarkupAudit()
    audit.feed(html)
    assert audit.injected == []
    for payload in PAYLOADS:
        assert payload not in html


@pytest.mark.django_db
@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("htmx", [False, True])
def test_search_query_is_shown_as_text(client: Client, payload: str, htmx: bool) -> None:
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.get("/en/cards/", {"q": payload}, headers=headers)

    assert response.status_code == 200
    assert_shown_as_text(response.content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize("payload", PAYLOADS)
def test_unknown_rule_number_is_shown_as_text(client: Client, payload: str) -> None:
    response = client.get(f"/en/rules/{quote(payload, safe='')}/", follow=True)

    assert response.status_code == 404
    assert_shown_as_text(response.content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize("payload", PAYLOADS)
def test_card_picker_query_is_shown_as_text(client: Client, payload: str) -> None:
    response = client.get("/en/workbench/cards/", {"q": payload}, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert_shown_as_text(response.content.decode())


class TextFields(HTMLParser):
    """The names of the free-text inputs of the workbench form."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []
        self.hidden: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("name"):
            if a.get("type", "text") in {"text", "search"}:
                self.names.append(a["name"])
            elif a.get("type") == "hidden":
                self.hidden.append((a["name"], a.get("value", "")))
        elif tag == "textarea" and a.get("name"):
            self.names.append(a["name"])


@pytest.mark.parametrize("payload", PAYLOADS)
@pytest.mark.parametrize("htmx", [False, True])
def test_every_workbench_text_field_is_shown_as_text(
    demo_data: None, client: Client, payload: str, htmx: bool
) -> None:
    page = client.get("/en/workbench/", {"card": "burst-lightning"}).content.decode()
    fields = TextFields()
    fields.feed(page)
    data = dict(fields.hidden) | dict.fromkeys(fields.names, payload)
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.post("/en/workbench/", data, headers=headers)

    assert fields.names, "the workbench shows no text field"
    assert response.status_code == 200
    assert_shown_as_text(response.content.decode())


@pytest.mark.parametrize("payload", PAYLOADS)
def test_scenario_title_question_and_author_are_shown_as_text(
    demo_data: None, client: Client, payload: str
) -> None:
    scenario = submit_scenario(
        title=f"Title {payload}",
        question=f"Question {payload} [link](javascript:alert(1))",
        language="en",
        author=f"Author {payload}",
        scenario=SCENARIO,
    )
    Scenario.objects.filter(pk=scenario.pk).update(status=Scenario.Status.PUBLISHED)

    detail = client.get(f"/en/scenarios/{scenario.pk}/").content.decode()
    listing = client.get("/en/scenarios/").content.decode()
    card_page = client.get("/en/cards/burst-lightning/").content.decode()

    assert re.search(r"Title &lt;|Title &amp;lt;|Title &#x27;&gt;|Title &quot;&gt;", detail)
    for html in (detail, listing, card_page):
        assert_shown_as_text(html)
