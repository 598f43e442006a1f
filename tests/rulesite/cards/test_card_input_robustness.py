"""Odd input never breaks card text rendering, search or the pages: a clear answer, never a 500."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesite.cards.models import Card
from rulesite.cards.search import SearchSyntaxError, parse
from rulesite.cards.templatetags.cards import card_text, mana_symbols

QUERY_ALPHABET = st.sampled_from(list("abcé kwtomvc:<>=!-\"{}'.,0123456789\\%_*"))


@given(st.text(max_size=80))
def test_mana_symbols_and_card_text_never_raise_and_never_emit_raw_tags(text: str) -> None:
    with translation.override("en"):
        rendered = str(mana_symbols(text)) + str(card_text(text))

    assert "<script" not in rendered.lower()
    tags = ("<span", "</span", "<i ", "</i>", "<br", "<a ", "</a")  # <i>: a Mana font glyph
    assert rendered.count("<") == sum(rendered.count(tag) for tag in tags)


@pytest.mark.django_db
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=QUERY_ALPHABET, max_size=40))
def test_any_query_either_runs_or_raises_a_search_syntax_error(query: str) -> None:
    message = ""
    try:
        parsed = parse(query)
    except SearchSyntaxError as exc:
        message = str(exc)
        parsed = None

    if parsed is None:
        assert message
    else:
        assert Card.objects.filter(parsed.q).count() >= 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    ['kw:"', "mv>=", "-", "--kw:kicker", "o:", "t:%", "mv<=1.5.5", "c:", "\\", "%_", "é:é"],
)
def test_search_page_answers_200_for_odd_queries(client: Client, query: str) -> None:
    response = client.get("/fr/cards/", {"q": query})

    assert response.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("number", ["x", "601..2", "..", "601.2ff", "9" * 19, "é", "601.2%20"])
def test_rule_page_answers_404_or_redirect_for_odd_numbers(client: Client, number: str) -> None:
    response = client.get(f"/en/rules/{number}/")

    assert response.status_code in {302, 404}


@pytest.mark.django_db
def test_search_page_with_bad_page_number_shows_a_page(client: Client) -> None:
    response = client.get("/en/cards/", {"page": "abc"})

    assert response.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/en/rules/%00/",
        "/en/rules/%C2%AD%C3%97%00/",
        "/en/rules/601.2%00/history/",
        "/en/rules/changes/2024-11-08%00/2026-01-16/",
        "/en/rules/601%1F2/",
    ],
)
def test_a_rule_address_holding_a_control_character_is_a_404(client: Client, path: str) -> None:
    response = client.get(path)

    assert response.status_code == 404
