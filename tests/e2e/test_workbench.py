"""A player casts spells on the workbench in a real browser, in English and French."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from rulesite.workbench import presets

WORDS = {
    "en": {
        "card": "Card",
        "kicker": "Kicker {4}",
        "result": "Result",
        "deals_4": "deals 4 damage",
        "add_opponent_permanent": "Add a permanent your opponent controls",
        "add_opponent_spell": "Add a spell your opponent cast",
        "new_permanent": "New permanent",
        "new_spell": "New spell",
        "permanent": "Permanent",
        "spell": "Spell",
        "kicked": "Kicked",
        "illegal": "Illegal",
        "legal": "Legal",
        "yes": "Yes",
    },
    "fr": {
        "card": "Carte",
        "kicker": "Kick {4}",
        "result": "Résultat",
        "deals_4": "inflige 4 blessures",
        "add_opponent_permanent": "Ajouter un permanent que votre adversaire contrôle",
        "add_opponent_spell": "Ajouter un sort lancé par votre adversaire",
        "new_permanent": "Nouveau permanent",
        "new_spell": "Nouveau sort",
        "permanent": "Permanent",
        "spell": "Sort",
        "kicked": "Kické",
        "illegal": "Illégal",
        "legal": "Légal",
        "yes": "Oui",
    },
}
BURST = {"en": "Burst Lightning", "fr": "Éclair explosif"}


def mark_page(page: Page) -> None:
    """Set a marker that a full page load would wipe out."""
    page.evaluate("() => { window.workbenchMarker = 'still here'; }")


def page_was_not_reloaded(page: Page) -> bool:
    return bool(page.evaluate("() => window.workbenchMarker === 'still here'"))


def pick_card(scope: Page | Locator, label: str, name: str) -> None:
    field = scope.get_by_label(label, exact=True)
    field.fill(name)
    field.press("Tab")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_kicked_burst_lightning_costs_4r_and_deals_4_then_thalia_makes_it_5r(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/")
    mark_page(page)
    result = page.get_by_role("region", name=words["result"])

    pick_card(page, words["card"], BURST[lang])
    expect(result.get_by_test_id("total-cost")).to_have_text("{R}")
    page.get_by_label(words["kicker"]).check()

    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")
    expect(result.get_by_test_id("kicked")).to_have_text(words["yes"])
    expect(result.get_by_test_id("mana-value")).to_have_text("1")
    expect(result.get_by_test_id("resolution")).to_contain_text(words["deals_4"])
    assert page_was_not_reloaded(page)

    page.get_by_role("button", name=words["add_opponent_permanent"]).click()
    new_row = page.get_by_role("group", name=words["new_permanent"])
    expect(new_row).to_be_visible()
    pick_card(new_row, words["permanent"], "Thalia, Guardian of Thraben")
    expect(new_row).to_have_count(0)

    expect(result.get_by_test_id("total-cost")).to_have_text("{5}{R}")
    expect(result.get_by_test_id("mana-value")).to_have_text("1")
    assert page_was_not_reloaded(page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_702_61a_kicked_molten_disaster_on_the_stack_stops_shock(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/")
    mark_page(page)
    result = page.get_by_role("region", name=words["result"])
    pick_card(page, words["card"], "Shock")
    expect(result.get_by_test_id("total-cost")).to_have_text("{R}")

    page.get_by_role("button", name=words["add_opponent_spell"]).click()
    pick_card(page.locator("#stack"), words["spell"], "Molten Disaster")
    spell = page.get_by_role("group", name="(s1)")
    spell.get_by_label(words["kicked"], exact=True).check()

    expect(result.get_by_test_id("verdict")).to_have_text(words["illegal"])
    expect(result.get_by_role("link", name="702.61a")).to_be_visible()
    assert page_was_not_reloaded(page)


def test_kavu_primarch_kicked_is_paid_by_convoking_creatures(page: Page, site: str) -> None:
    page.goto(f"{site}/en/workbench/")

    page.get_by_role(
        "link", name="Convoke with a multicolored creature: Kavu Primarch, kicked"
    ).click()

    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("verdict")).to_have_text("Legal")
    expect(result.get_by_test_id("total-cost")).to_have_text("{7}{G}")
    expect(result.get_by_test_id("mana-value")).to_have_text("4")
    expect(result.get_by_test_id("payment")).to_contain_text("Qasali Pridemage (p1) convokes")
    expect(result.get_by_test_id("resolution")).to_contain_text("enters with 4 +1/+1 counters")


def test_preset_loads_from_its_url_a_copy_of_a_kicked_spell_is_kicked(
    page: Page, site: str
) -> None:
    preset = presets.by_slug("copy-of-kicked-spell")
    assert preset is not None

    page.goto(f"{site}{preset.url}")

    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("verdict")).to_have_text("Legal")
    expect(result.get_by_test_id("kicked")).to_have_text("Yes")
    expect(result.get_by_test_id("resolution")).to_contain_text("deals 4 damage")
    expect(page.get_by_label("Action", exact=True)).to_have_value("copy_spell")


def test_workbench_works_with_javascript_disabled(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{site}/en/workbench/?card=burst-lightning")

    page.get_by_label("Kicker {4}").check()
    page.get_by_role("button", name="Evaluate").click()

    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")
    expect(result.get_by_test_id("resolution")).to_contain_text("deals 4 damage")
    page.get_by_role("button", name="Add a permanent your opponent controls").click()
    expect(page.get_by_role("group", name="New permanent")).to_be_visible()
    context.close()


def test_card_picker_suggests_french_and_english_names_as_you_type(page: Page, site: str) -> None:
    page.goto(f"{site}/fr/workbench/")

    page.get_by_label("Carte", exact=True).press_sequentially("eclair")

    options = page.locator("#card-options option")
    expect(options.first).to_have_attribute("value", "Éclair explosif")
    expect(options.first).to_have_text("Burst Lightning")
