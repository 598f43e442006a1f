"""A player opens a card page in a real browser, switches language and follows a keyword."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def test_card_page_switch_to_french_and_follow_keyword_link(page: Page, site: str) -> None:
    page.goto(f"{site}/en/cards/kavu-primarch/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Kavu Primarch")
    expect(page.get_by_role("img", name="three generic mana, one green mana").first).to_be_visible()

    page.get_by_role("link", name="Français").click()
    expect(page).to_have_url(re.compile(r"/fr/cards/kavu-primarch/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Primarque kavru")
    expect(
        page.get_by_role("img", name="trois manas génériques, un mana vert").first
    ).to_be_visible()
    expect(page.get_by_text("Traduction automatique").first).to_be_visible()

    page.get_by_role("link", name="Convocation", exact=True).first.click()
    expect(page).to_have_url(re.compile(r"/fr/keywords/convoke/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Convocation")
    expect(page.get_by_role("link", name="Primarque kavru")).to_be_visible()


def test_search_box_finds_a_card_by_french_name_without_accents(page: Page, site: str) -> None:
    page.goto(f"{site}/fr/cards/")

    page.get_by_label("Rechercher par nom anglais ou français, avec des filtres").fill(
        "eclair explosif"
    )
    page.get_by_role("button", name="Rechercher").last.click()

    expect(page.get_by_text("1 carte")).to_be_visible()
    page.get_by_role("link", name="Éclair explosif").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Éclair explosif")
