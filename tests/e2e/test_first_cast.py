"""The first cast: from a card page, "Cast this spell" answers with no set-up (mana assumed,
said so), kicker changes the answer, convoke creatures are proposed, and a phone keeps the
verdict in sight."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

WORDS = {
    "en": {
        "cast": "Cast this spell",
        "result": "Result",
        "kicker": "Kicker {4}",
        "legal": "Legal",
        "yes": "Yes",
        "deals_4": "deals 4 damage",
        "assumed": "Mana is assumed.",
        "lands": "Put the lands to pay on the battlefield",
        "mountains": "Put on the battlefield: Mountain ×5.",
        "add_mine": "Add a permanent you control",
        "permanent": "Permanent",
        "proposal": "Tap these 4 creatures for convoke:",
        "convoke": "Tap for convoke",
        "chosen": "Payment found",
    },
    "fr": {
        "cast": "Lancer ce sort",
        "result": "Résultat",
        "kicker": "Kick {4}",
        "legal": "Légal",
        "yes": "Oui",
        "deals_4": "inflige 4 blessures",
        "assumed": "Le mana est supposé disponible.",
        "lands": "Mettre sur le champ de bataille les terrains qui paient",
        "mountains": "Mis sur le champ de bataille : Montagne ×5.",
        "add_mine": "Ajouter un permanent que vous contrôlez",
        "permanent": "Permanent",
        "proposal": "Engagez ces 4 créatures pour la convocation :",
        "convoke": "Engager pour la convocation",
        "chosen": "Paiement trouvé",
    },
}
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_702_33_cast_kicked_from_a_card_page_with_no_other_set_up(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/cards/burst-lightning/")
    page.get_by_role("link", name=words["cast"]).click()
    result = page.get_by_role("region", name=words["result"])
    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_test_id("mana-assumed")).to_contain_text(words["assumed"])

    page.get_by_label(words["kicker"]).check()

    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")
    expect(result.get_by_test_id("kicked")).to_have_text(words["yes"])
    expect(result.get_by_test_id("resolution")).to_contain_text(words["deals_4"])
    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])

    result.get_by_role("button", name=words["lands"]).click()

    expect(result.get_by_test_id("lands-added")).to_contain_text(words["mountains"])
    expect(result.get_by_test_id("mana-assumed")).to_have_count(0)
    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_702_51_kavu_primarch_with_four_bears_is_paid_by_the_proposed_convoke(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/cards/kavu-primarch/")
    page.get_by_role("link", name=words["cast"]).click()
    result = page.get_by_role("region", name=words["result"])
    for count in range(1, 5):
        page.get_by_role("button", name=words["add_mine"]).click()
        field = page.get_by_label(words["permanent"], exact=True).last
        expect(field).to_be_focused()
        field.fill("Grizzly Bears")
        field.press("Tab")
        expect(page.get_by_role("group", name=f"(p{count})")).to_be_visible()
        expect(result.get_by_test_id("convoke-proposal")).to_contain_text(f"(p{count})")

    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_test_id("convoke-proposal")).to_contain_text(words["proposal"])

    page.get_by_role("group", name="(p2)").get_by_label(words["convoke"]).check()

    expect(result.get_by_test_id("convoke-proposal")).to_have_count(0)
    expect(result.get_by_role("heading", name=words["chosen"])).to_be_visible()
    expect(result.get_by_test_id("payment")).to_contain_text("(p2)")
    expect(result.get_by_test_id("payment")).not_to_contain_text("(p1)")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_phone_keeps_the_verdict_in_sight_while_kicker_is_ticked(
    browser: Browser, site: str, lang: str
) -> None:
    words = WORDS[lang]
    phone = browser.new_page(viewport=PHONE)
    phone.goto(f"{site}/{lang}/cards/burst-lightning/")
    phone.get_by_role("link", name=words["cast"]).click()
    summary = phone.get_by_test_id("summary")
    expect(summary.get_by_test_id("summary-cost")).to_have_text("{R}")

    kicker = phone.get_by_label(words["kicker"])
    kicker.scroll_into_view_if_needed()
    kicker.check()

    expect(summary.get_by_test_id("summary-cost")).to_have_text("{4}{R}")
    expect(summary.get_by_test_id("summary-verdict")).to_have_text(words["legal"])
    expect(summary).to_be_in_viewport()
    expect(kicker).to_be_in_viewport()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    phone.close()


def test_enter_in_a_card_field_evaluates_and_removes_nothing(page: Page, site: str) -> None:
    page.goto(f"{site}/en/workbench/?card=kavu-primarch")
    result = page.get_by_role("region", name="Result")
    page.get_by_role("button", name="Add a permanent you control").click()
    field = page.get_by_label("Permanent", exact=True).last
    expect(field).to_be_focused()
    field.fill("Grizzly Bears")

    field.press("Enter")

    expect(page.get_by_role("group", name="(p1)")).to_be_visible()
    expect(result.get_by_test_id("convoke-proposal")).to_contain_text(
        "Tap this creature for convoke: Grizzly Bears (p1)."
    )
    expect(page.get_by_label("Permanent", exact=True)).to_have_count(1)
