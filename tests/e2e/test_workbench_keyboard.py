"""A whole cast with the keyboard alone: focus stays where the player was after every htmx
swap, after "Add a permanent" it moves to the new permanent's card field, and after "Put the
lands to pay" to the message saying which lands were put."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from rulesite.workbench.permalink import encode_scenario

WORDS = {
    "en": {
        "card": "Card",
        "kicker": "Kicker {4}",
        "targets": "Targets",
        "opponent": "Opponent",
        "add_opponent_permanent": "Add a permanent your opponent controls",
        "result": "Result",
        "permanent": "Permanent",
        "find": "Find a card by its English or French name",
    },
    "fr": {
        "card": "Carte",
        "kicker": "Kick {4}",
        "targets": "Cibles",
        "opponent": "Adversaire",
        "add_opponent_permanent": "Ajouter un permanent que votre adversaire contrôle",
        "result": "Résultat",
        "permanent": "Permanent",
        "find": "Trouver une carte par son nom anglais ou français",
    },
}
FIRST_CAST = {
    "en": {
        "cast": "Cast this spell",
        "lands": "Put the lands to pay on the battlefield",
        "mountains": "Put on the battlefield: Mountain ×5.",
    },
    "fr": {
        "cast": "Lancer ce sort",
        "lands": "Mettre sur le champ de bataille les terrains qui paient",
        "mountains": "Mis sur le champ de bataille : Montagne ×5.",
    },
}
BURST = {"en": "Burst Lightning", "fr": "Éclair explosif"}
THALIA = "Thalia, Guardian of Thraben"
MAX_TABS = 80


def is_focused(locator: Locator) -> bool:
    return bool(locator.evaluate("element => element === document.activeElement"))


def tab_to(page: Page, locator: Locator) -> None:
    """Press Tab until ``locator`` has the focus, as a keyboard user would."""
    for _ in range(MAX_TABS):
        if is_focused(locator):
            break
        page.keyboard.press("Tab")
    expect(locator).to_be_focused()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_cast_with_the_keyboard_alone(page: Page, site: str, lang: str) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/")
    result = page.get_by_role("region", name=words["result"])

    card = page.get_by_label(words["card"], exact=True)
    tab_to(page, card)
    page.keyboard.type(BURST[lang])
    page.keyboard.press("Tab")
    expect(result.get_by_test_id("total-cost")).to_have_text("{R}")
    expect(page.get_by_role("link", name=words["find"])).to_be_focused()

    kicker = page.get_by_label(words["kicker"])
    tab_to(page, kicker)
    page.keyboard.press("Space")
    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")
    expect(kicker).to_be_focused()

    opponent = page.get_by_role("group", name=words["targets"]).get_by_label(words["opponent"])
    tab_to(page, opponent)
    page.keyboard.press("Space")
    expect(opponent).to_be_checked()
    expect(opponent).to_be_focused()

    add = page.get_by_role("button", name=words["add_opponent_permanent"])
    tab_to(page, add)
    page.keyboard.press("Enter")
    new_card = page.get_by_label(words["permanent"], exact=True).last
    expect(new_card).to_be_focused()
    page.keyboard.type(THALIA)
    page.keyboard.press("Tab")

    expect(result.get_by_test_id("total-cost")).to_have_text("{5}{R}")
    expect(page.locator(":focus")).not_to_have_count(0)
    assert page.evaluate("() => document.activeElement !== document.body")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_first_cast_from_a_card_page_with_the_keyboard_alone(
    page: Page, site: str, lang: str
) -> None:
    words = {**WORDS[lang], **FIRST_CAST[lang]}
    page.goto(f"{site}/{lang}/cards/burst-lightning/")
    cast = page.get_by_role("link", name=words["cast"])
    tab_to(page, cast)
    page.keyboard.press("Enter")
    result = page.get_by_role("region", name=words["result"])
    expect(result.get_by_test_id("total-cost")).to_have_text("{R}")

    kicker = page.get_by_label(words["kicker"])
    tab_to(page, kicker)
    page.keyboard.press("Space")
    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")
    expect(kicker).to_be_focused()

    lands = result.get_by_role("button", name=words["lands"])
    tab_to(page, lands)
    page.keyboard.press("Enter")

    added = result.get_by_test_id("lands-added")
    expect(added).to_contain_text(words["mountains"])
    expect(added).to_be_focused()
    expect(result.get_by_test_id("payment")).to_contain_text("(p5)")


def test_after_remove_focus_is_on_the_rows_group_so_a_second_key_removes_nothing(
    page: Page, site: str
) -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Burst Lightning", "targets": ["opponent"]},
        "battlefield": [
            {"id": f"m{i}", "card": "Mountain", "controller": "you"} for i in range(1, 4)
        ],
    }
    page.goto(f"{site}/en/workbench/?s={encode_scenario(scenario)}")
    board = page.get_by_role("group", name="Battlefield", exact=True)
    rows = board.get_by_role("group").filter(has=page.get_by_label("Permanent", exact=True))
    expect(rows).to_have_count(3)

    remove = board.get_by_role("button", name="Remove").first
    tab_to(page, remove)
    page.keyboard.press("Enter")

    expect(rows).to_have_count(2)
    expect(board).to_be_focused()
    page.keyboard.press("Space")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("(m2)")
