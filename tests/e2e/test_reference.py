"""Browser journeys of the reference side: Scryfall-syntax search, searches that find nothing,
Back after a live search, French alphabetical order, a rule's history and diff, and a glossary
link followed from a ruling."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from rulesite.cards.models import Card
from rulesite.core.text import fold
from tests.e2e.test_accessibility import serious_violations


def test_search_with_or_and_parentheses_then_open_a_result(page: Page, site: str) -> None:
    page.goto(f"{site}/en/cards/")

    page.get_by_label("Search by English or French name, with filters").fill(
        "t:instant (kw:kicker or kw:convoke) mv<=3"
    )
    page.get_by_label("Search by English or French name, with filters").press("Enter")

    results = page.locator("#search-results")
    expect(results.get_by_text("10 cards")).to_be_visible()
    results.get_by_role("link", name="Chord of Calling").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Chord of Calling")


@pytest.mark.parametrize(
    ("query", "link", "lands_on"),
    [
        ("kicker", "its page", "/en/keywords/kicker/"),
        ("601.2f", "601.2f", "/en/rules/601.2f/"),
        ("lightnig bolt", "Lightning Bolt", "/en/cards/lightning-bolt/"),
    ],
)
def test_search_with_no_results_shows_suggestions(
    page: Page, site: str, query: str, link: str, lands_on: str
) -> None:
    page.goto(f"{site}/en/cards/")

    page.get_by_label("Search by English or French name, with filters").fill(query)

    results = page.locator("#search-results")
    expect(results.get_by_text(f"No card matches “{query}”.")).to_be_visible()
    results.get_by_role("link", name=link, exact=True).click()
    expect(page).to_have_url(re.compile(re.escape(lands_on) + "$"))


def test_unsupported_syntax_is_named_not_read_as_a_name(page: Page, site: str) -> None:
    page.goto(f"{site}/en/cards/")

    page.get_by_label("Search by English or French name, with filters").fill("usd<1")

    expect(page.get_by_role("alert")).to_contain_text("“usd:” is Scryfall syntax")


def test_back_after_a_live_search_shows_the_matching_results_and_query(
    page: Page, site: str
) -> None:
    page.goto(f"{site}/en/cards/")
    box = page.get_by_label("Search by English or French name, with filters")
    box.press_sequentially("kw:kicker", delay=350)  # a request per keystroke, while typing
    expect(page).to_have_url(re.compile(r"\?q=kw%3Akicker$"))
    expect(page.locator("#search-results").get_by_text("21 cards")).to_be_visible()
    page.wait_for_timeout(1700)  # a pause: the next search is a new history entry
    box.fill("kw:convoke")
    expect(page.locator("#search-results").get_by_text("11 cards")).to_be_visible()

    page.go_back()

    expect(page).to_have_url(re.compile(r"\?q=kw%3Akicker$"))
    expect(box).to_have_value("kw:kicker")
    expect(page.locator("#search-results").get_by_text("21 cards")).to_be_visible()
    page.go_back()
    expect(page).to_have_url(re.compile(r"/en/cards/$"))


def test_french_card_list_is_in_french_alphabetical_order(page: Page, site: str) -> None:
    everything = sorted((card.name_fr or card.name for card in Card.objects.all()), key=fold)
    pages = [everything[start : start + 24] for start in range(0, len(everything), 24)]
    # The first page where accents or case would sort apart: "Éclair" among the E.
    number, expected = next(
        (number, names) for number, names in enumerate(pages, 1) if names != sorted(names)
    )

    page.goto(f"{site}/fr/cards/?page={number}")

    rows = page.locator("#search-results .card-row > a")
    expect(rows.first).to_have_text(expected[0])
    assert rows.all_inner_texts() == expected


def test_open_a_rules_history_and_its_diff(page: Page, site: str) -> None:
    page.goto(f"{site}/en/rules/")
    page.get_by_label("Search the rules (any words, any accents)").fill("kicker static ability")
    page.get_by_role("button", name="Search").last.click()
    page.get_by_role("link", name="702.33a", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Rule 702.33a")

    page.get_by_role("link", name="History across 3 editions").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("History of rule 702.33a")
    expect(page.get_by_text("Renumbered: 702.30a became 702.33a.")).to_be_visible()
    page.get_by_role("link", name="All changes in this edition").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Rules changes from 2011-05-01 to 2024-11-08"
    )
    expect(page.locator("#renumbered").get_by_role("link", name="702.33a")).to_be_visible()


def test_follow_a_glossary_link_from_a_ruling(page: Page, site: str) -> None:
    page.goto(f"{site}/en/cards/kavu-primarch/")

    page.locator("#rulings").get_by_role("link", name="mana value").first.click()

    expect(page).to_have_url(re.compile(r"/en/glossary/mana-value/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Mana Value")
    expect(page.get_by_role("link", name="rule 202.3")).to_be_visible()


REFERENCE_PAGES = [
    "/{lang}/rules/",
    "/{lang}/rules/?q=kicker+cost",
    "/{lang}/rules/702.33a/history/",
    "/{lang}/rules/changes/2011-05-01/2024-11-08/",
    "/{lang}/glossary/",
    "/{lang}/glossary/mana-value/",
    "/{lang}/keywords/",
    "/{lang}/cards/?q=kicker",
    "/{lang}/cards/?q=usd%3C1",
]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("path", REFERENCE_PAGES)
def test_reference_pages_have_no_serious_or_critical_axe_violation(
    page: Page, site: str, lang: str, path: str
) -> None:
    page.goto(site + path.format(lang=lang))
    expect(page.get_by_role("heading", level=1)).to_be_visible()

    assert serious_violations(page) == []
