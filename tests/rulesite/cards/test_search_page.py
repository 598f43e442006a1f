"""The search page: zero-result suggestions, errors marked where they are, French order, and
the htmx answers (partial, full page for history restores, history entries pushed or replaced)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rulesite.core.text import fold

pytestmark = pytest.mark.usefixtures("demo_data")


def test_a_keyword_typed_as_a_name_suggests_its_page(client: Client) -> None:
    html = client.get("/en/cards/", {"q": "kicker"}).content.decode()

    assert "No card matches “kicker”." in html
    assert 'href="/en/keywords/kicker/"' in html
    assert 'href="?q=kw%3Akicker"' in html


def test_a_rule_number_suggests_the_rule(client: Client) -> None:
    html = client.get("/en/cards/", {"q": "601.2f"}).content.decode()

    assert 'href="/en/rules/601.2f/"' in html


def test_a_typo_suggests_close_names_in_the_visitors_language(client: Client) -> None:
    assert (
        'href="/en/cards/lightning-bolt/">Lightning Bolt'
        in client.get("/en/cards/", {"q": "lightnig"}).content.decode()
    )
    assert (
        ">Éclair explosif</a>" in client.get("/fr/cards/", {"q": "eclair explosf"}).content.decode()
    )


def test_a_syntax_error_is_marked_where_it_is(client: Client) -> None:
    html = client.get("/en/cards/", {"q": "t:instant usd<1"}).content.decode()

    assert "“usd:” is Scryfall syntax that this site does not support" in html
    assert "<code>t:instant <mark>u</mark>sd&lt;1</code>" in html


def test_french_list_is_in_french_alphabetical_order(client: Client) -> None:
    html = client.get("/fr/cards/", {"q": "kw:kicker"}).content.decode()

    names = re.findall(r'<a href="/fr/cards/[^"]+/">(?:<span lang="fr">)?([^<]+)', html)
    assert len(names) == 21
    assert names == sorted(names, key=fold)
    assert names.index("Éclair explosif") < names.index("En plein Roulis") < names.index("Skizzik")


def test_htmx_search_answers_the_results_and_pushes_a_history_entry(client: Client) -> None:
    response = client.get("/en/cards/", {"q": "kw:convoke"}, headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<section id="search-results"')
    assert response["HX-Push-Url"] == "/en/cards/?q=kw%3Aconvoke"
    assert "HX-Replace-Url" not in response


def test_a_keystroke_while_typing_replaces_the_history_entry(client: Client) -> None:
    response = client.get(
        "/en/cards/",
        {"q": "kw:conv"},
        headers={"HX-Request": "true", "X-Search-History": "replace"},
    )

    assert response["HX-Replace-Url"] == "/en/cards/?q=kw%3Aconv"
    assert "HX-Push-Url" not in response


def test_a_history_restore_request_gets_the_full_page(client: Client) -> None:
    client.get("/en/cards/", {"q": "kw:convoke"}, headers={"HX-Request": "true"})  # cached

    response = client.get(
        "/en/cards/",
        {"q": "kw:convoke"},
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )

    html = response.content.decode()
    assert html.startswith("<!DOCTYPE html>")
    assert 'value="kw:convoke"' in html
    assert "HX-Push-Url" not in response
    assert "HX-History-Restore-Request" in response["Vary"]
