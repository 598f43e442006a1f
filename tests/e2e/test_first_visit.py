"""What a first visitor meets: pages that fit a phone, language links that keep the current
page, and keyword pages that list their scenarios."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

PHONE = {"width": 390, "height": 844}
SITE_PAGES = [
    "/{lang}/",
    "/{lang}/cards/kavu-primarch/",
    "/{lang}/cards/?q=kw%3Akicker",
    "/{lang}/keywords/multikicker/",
    "/{lang}/rules/702.33/",
    "/{lang}/scenarios/",
    "/{lang}/workbench/?card=kavu-primarch",
]
# Controls a finger must hit: links inside running text are excepted (WCAG 2.5.5).
SMALL_CONTROLS = """() => [...document.querySelectorAll(
    'button, select, textarea, summary, input:not([type=hidden]), label, nav a, li > a,'
    + ' .button-link')]
  .filter(e => { const r = e.getBoundingClientRect();
    const box = ['checkbox', 'radio'].includes(e.type)
      ? r.height + parseFloat(getComputedStyle(e).marginTop)
        + parseFloat(getComputedStyle(e).marginBottom)
      : r.height;
    return r.width > 1 && r.height > 1 && box < 44 && !e.closest('.visually-hidden'); })
  .map(e => `${e.tagName} ${(e.textContent || e.name || '').trim().slice(0, 30)}`)"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_site_pages_fit_a_390px_phone_with_44px_controls(
    browser: Browser, site: str, lang: str
) -> None:
    phone = browser.new_page(viewport=PHONE)
    for path in SITE_PAGES:
        phone.goto(site + path.format(lang=lang))
        expect(phone.get_by_role("heading", level=1)).to_be_visible()

        assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], path
        assert phone.evaluate(SMALL_CONTROLS) == [], path
    phone.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_header_and_its_search_fit_a_320px_phone(
    browser: Browser, site: str, lang: str
) -> None:
    phone = browser.new_page(viewport={"width": 320, "height": 640})
    for path in ("/{lang}/", "/{lang}/scenarios/", "/{lang}/rules/"):
        phone.goto(site + path.format(lang=lang))
        button = phone.get_by_role("banner").get_by_role("search").get_by_role("button")
        expect(button).to_be_visible()

        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 320, path
        box = button.bounding_box()
        assert box is not None, path
        assert box["x"] + box["width"] <= 320, path
    phone.close()


@pytest.mark.parametrize(
    ("lang", "other", "link", "label", "heading"),
    [
        (
            "en",
            "fr",
            "Français",
            "Rechercher par nom anglais ou français, avec des filtres",
            "Cartes",
        ),
        ("fr", "en", "English", "Search by English or French name, with filters", "Cards"),
    ],
)
def test_language_link_keeps_the_live_search_query(
    page: Page, site: str, lang: str, other: str, link: str, label: str, heading: str
) -> None:
    page.goto(f"{site}/{lang}/cards/")
    page.get_by_role("search").last.get_by_role("searchbox").fill("kavu")
    expect(page).to_have_url(re.compile(r"\?q=kavu"))

    page.get_by_role("link", name=link).click()

    expect(page).to_have_url(re.compile(rf"/{other}/cards/\?q=kavu$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.get_by_label(label)).to_have_value("kavu")


@pytest.mark.parametrize(
    ("lang", "heading", "english_title", "french_title"),
    [
        ("en", "Community scenarios", "Everflowing Chalice kicked", "Meneur de guerre de Joraga"),
        ("fr", "Scénarios de la communauté", "Everflowing Chalice kicked", "Meneur de guerre"),
    ],
)
def test_multikicker_keyword_page_shows_its_scenarios(
    page: Page, site: str, lang: str, heading: str, english_title: str, french_title: str
) -> None:
    page.goto(f"{site}/{lang}/keywords/multikicker/")

    box = page.get_by_role("region", name=heading)
    expect(box.get_by_role("link", name=re.compile(english_title))).to_be_visible()
    expect(box.get_by_role("link", name=re.compile(french_title))).to_be_visible()
    expect(box).not_to_contain_text("not valid")
    expect(box.get_by_role("heading")).to_have_count(1)
