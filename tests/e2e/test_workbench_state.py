"""The workbench's set-up survives switching language and going Back and Forward."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

WORDS = {
    "en": {
        "card": "Card",
        "kicker": "Kicker {4}",
        "result": "Result",
        "assume": "Assume any mana is available",
        "targets": "Targets",
        "opponent": "Opponent",
        "other_link": "Français",
        "yes": "Yes",
        "legal": "Legal",
    },
    "fr": {
        "card": "Carte",
        "kicker": "Kick {4}",
        "result": "Résultat",
        "assume": "Supposer que tout mana est disponible",
        "targets": "Cibles",
        "opponent": "Adversaire",
        "other_link": "English",
        "yes": "Oui",
        "legal": "Légal",
    },
}
BURST = {"en": "Burst Lightning", "fr": "Éclair explosif"}


@pytest.mark.parametrize(("lang", "other"), [("en", "fr"), ("fr", "en")])
def test_switching_language_mid_set_up_keeps_everything(
    page: Page, site: str, lang: str, other: str
) -> None:
    words, there = WORDS[lang], WORDS[other]
    page.goto(f"{site}/{lang}/workbench/")
    card = page.get_by_label(words["card"], exact=True)
    card.fill(BURST[lang])
    card.press("Tab")
    result = page.get_by_role("region", name=words["result"])
    page.get_by_label(words["kicker"]).check()
    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")
    page.get_by_role("group", name=words["targets"]).get_by_label(words["opponent"]).check()
    page.get_by_label(words["assume"]).check()
    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(page).to_have_url(re.compile(r"\?s="))

    page.get_by_role("link", name=words["other_link"]).click()

    expect(page).to_have_url(re.compile(rf"/{other}/workbench/\?s="))
    expect(page.get_by_label(there["kicker"])).to_be_checked()
    targets = page.get_by_role("group", name=there["targets"])
    expect(targets.get_by_label(there["opponent"])).to_be_checked()
    expect(page.get_by_label(there["assume"])).to_be_checked()
    expect(page.get_by_label(there["card"], exact=True)).to_have_value(BURST[lang])
    result = page.get_by_role("region", name=there["result"])
    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")
    expect(result.get_by_test_id("kicked")).to_have_text(there["yes"])
    expect(result.get_by_test_id("verdict")).to_have_text(there["legal"])


def test_back_and_forward_keep_the_set_up(page: Page, site: str) -> None:
    page.goto(f"{site}/en/workbench/")
    card = page.get_by_label("Card", exact=True)
    card.fill("Burst Lightning")
    card.press("Tab")
    page.get_by_label("Kicker {4}").check()
    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")

    result.get_by_role("link", name="601.2f").first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("601.2f")
    page.go_back()

    expect(page.get_by_label("Kicker {4}")).to_be_checked()
    expect(page.get_by_role("region", name="Result").get_by_test_id("total-cost")).to_have_text(
        "{4}{R}"
    )
    page.go_forward()
    expect(page.get_by_role("heading", level=1)).to_contain_text("601.2f")
    page.go_back()
    expect(page.get_by_label("Kicker {4}")).to_be_checked()


def test_a_change_made_just_before_switching_language_is_kept(page: Page, site: str) -> None:
    page.goto(f"{site}/en/workbench/?card=burst-lightning")
    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("total-cost")).to_have_text("{R}")

    page.get_by_label("Your life", exact=True).fill("7")
    # At once, within the answer's delay: no blur, no change event to send the form first.
    page.get_by_role("link", name="Français").dispatch_event("click")

    expect(page).to_have_url(re.compile(r"/fr/workbench/\?s="))
    expect(page.get_by_label("Vos points de vie", exact=True)).to_have_value("7")


def test_sections_opened_by_the_visitor_stay_open_when_the_form_is_drawn_again(
    page: Page, site: str
) -> None:
    page.goto(f"{site}/en/workbench/?card=burst-lightning")
    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("total-cost")).to_have_text("{R}")
    page.get_by_text("Alternative cost, other increases and reductions").click()
    alternative = page.get_by_label("Alternative cost", exact=True)
    expect(alternative).to_be_visible()

    page.get_by_label("Mana in pool").fill("{Q}")
    page.get_by_label("Mana in pool").press("Tab")

    expect(page.get_by_role("alert")).to_have_text("Correct the marked fields to see the result.")
    expect(alternative).to_be_visible()
