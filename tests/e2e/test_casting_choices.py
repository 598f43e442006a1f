"""A player makes the choices a cast needs on the workbench, in a real browser: a card's own
alternative cost paid with a card from the hand, an additional cost paid by sacrificing a
creature, and a modal spell's modes, with the prompts that say what is still to choose."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

WORDS = {
    "en": {
        "card": "Card",
        "result": "Result",
        "legal": "Legal",
        "illegal": "Illegal",
        "choices": "Choices to make",
        "assume": "Assume any mana is available",
        "targets": "Targets",
        "opponent": "Opponent",
        "cost_to_pay": "Cost to pay",
        "add_to_hand": "Add a card to your hand",
        "new_card": "New card",
        "card_in_hand": "Card in hand",
        "exile_for_cost": "Exile to pay a cost",
        "add_opponent_spell": "Add a spell your opponent cast",
        "spell": "Spell",
        "add_permanent": "Add a permanent you control",
        "new_permanent": "New permanent",
        "permanent": "Permanent",
        "sacrifice": "Sacrifice",
        "life_paid": "1 life paid",
        "exiled": "Exiled: Counterspell (h1)",
        "sacrificed": "Sacrificed: Grizzly Bears (p1)",
        "choose_one_more": "choose 1 more",
        "modes": "Modes (choose 2)",
        "choose_modes": "Choose 2 mode(s) of Cryptic Command.",
        "choose_target": "Choose 1 target(s) for Cryptic Command.",
    },
    "fr": {
        "card": "Carte",
        "result": "Résultat",
        "legal": "Légal",
        "illegal": "Illégal",
        "choices": "Choix à faire",
        "assume": "Supposer que tout mana est disponible",
        "targets": "Cibles",
        "opponent": "Adversaire",
        "cost_to_pay": "Coût à payer",
        "add_to_hand": "Ajouter une carte à votre main",
        "new_card": "Nouvelle carte",
        "card_in_hand": "Carte en main",
        "exile_for_cost": "L'exiler pour payer un coût",
        "add_opponent_spell": "Ajouter un sort lancé par votre adversaire",
        "spell": "Sort",
        "add_permanent": "Ajouter un permanent que vous contrôlez",
        "new_permanent": "Nouveau permanent",
        "permanent": "Permanent",
        "sacrifice": "Sacrifier",
        "life_paid": "1 point de vie payé",
        "exiled": "Exil : Contresort (h1)",
        "sacrificed": "Sacrifice : Grizzlis (p1)",
        "choose_one_more": "choisissez-en encore 1",
        "modes": "Modes (en choisir 2)",
        "choose_modes": "Choisissez 2 mode(s) de Commandement cryptique.",
        "choose_target": "Choisissez 1 cible(s) pour Commandement cryptique.",
    },
}
FORCE_OF_WILL = {"en": "Force of Will", "fr": "Force de volonté"}
FLING = {"en": "Fling", "fr": "Jet"}
CRYPTIC = {"en": "Cryptic Command", "fr": "Commandement cryptique"}
PRINTED = {
    "en": (
        "You may pay 1 life and exile a blue card from your hand rather than pay this spell's "
        "mana cost."
    ),
    "fr": (
        "Vous pouvez payer 1 point de vie et exiler une carte bleue de votre main à la place "
        "de payer le coût de mana de ce sort."
    ),
}
"""Force of Will's alternative cost as the card prints it in each language."""
CRYPTIC_MODES = {
    "en": {
        "counter": "Counter target spell.",
        "tap": "Tap all creatures your opponents control.",
        "draw": "Draw a card.",
    },
    "fr": {
        "counter": "Contrecarrez le sort ciblé.",
        "tap": "Engagez toutes les créatures que vos adversaires contrôlent.",
        "draw": "Piochez une carte.",
    },
}
"""Cryptic Command's modes as the card prints them in each language."""


def pick_card(scope: Page | Locator, label: str, name: str) -> None:
    field = scope.get_by_label(label, exact=True)
    field.fill(name)
    field.press("Tab")


def add_opponent_shock(page: Page, words: dict[str, str]) -> None:
    page.get_by_role("button", name=words["add_opponent_spell"]).click()
    pick_card(page.locator("#stack"), words["spell"], "Shock")
    expect(page.get_by_role("group", name="(s1)")).to_contain_text("Shock")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_118_9_force_of_will_is_cast_by_exiling_a_blue_card_and_paying_1_life(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/")
    result = page.get_by_role("region", name=words["result"])
    pick_card(page, words["card"], FORCE_OF_WILL[lang])
    expect(page.get_by_label(words["cost_to_pay"])).to_be_visible()
    add_opponent_shock(page, words)
    page.get_by_role("group", name=words["targets"]).get_by_label("Shock (s1)").check()
    page.get_by_label(words["assume"]).uncheck()
    expect(result.get_by_test_id("verdict")).to_have_text(words["illegal"])

    page.get_by_label(words["cost_to_pay"]).select_option(label=PRINTED[lang])
    expect(result.get_by_test_id("total-cost")).to_have_text("{0}")
    expect(result.get_by_test_id("verdict")).to_have_text(words["illegal"])

    page.get_by_role("button", name=words["add_to_hand"]).click()
    hand_card = page.get_by_role("group", name=f"{words['new_card']} (h1)")
    pick_card(hand_card, words["card_in_hand"], "Counterspell")
    expect(result.get_by_test_id("verdict")).to_have_text(words["choices"])
    expect(result.get_by_test_id("prompts")).to_contain_text(words["choose_one_more"])

    page.get_by_role("group", name="(h1)").get_by_label(words["exile_for_cost"]).check()

    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_test_id("payment")).to_contain_text(words["life_paid"])
    expect(result.get_by_test_id("payment")).to_contain_text(words["exiled"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_118_8_fling_needs_a_creature_to_sacrifice_and_asks_which(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/")
    result = page.get_by_role("region", name=words["result"])
    pick_card(page, words["card"], FLING[lang])
    page.get_by_label(words["assume"]).check()
    page.get_by_role("group", name=words["targets"]).get_by_label(words["opponent"]).check()
    expect(result.get_by_test_id("verdict")).to_have_text(words["illegal"])
    expect(result.get_by_role("link", name="118.3")).to_be_visible()

    page.get_by_role("button", name=words["add_permanent"]).click()
    new_row = page.get_by_role("group", name=words["new_permanent"])
    pick_card(new_row, words["permanent"], "Grizzly Bears")
    expect(result.get_by_test_id("verdict")).to_have_text(words["choices"])
    expect(result.get_by_test_id("prompts")).to_contain_text(words["choose_one_more"])

    bears = page.get_by_role("group", name="(p1)")
    bears.get_by_label(words["sacrifice"], exact=True).check()

    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_test_id("payment")).to_contain_text(words["sacrificed"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_700_2_cryptic_command_needs_two_modes_and_its_targets_follow_them(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/")
    result = page.get_by_role("region", name=words["result"])
    pick_card(page, words["card"], CRYPTIC[lang])
    page.get_by_label(words["assume"]).check()
    add_opponent_shock(page, words)
    expect(result.get_by_test_id("verdict")).to_have_text(words["choices"])
    expect(result.get_by_test_id("prompts")).to_contain_text(words["choose_modes"])

    modes = page.get_by_role("group", name=words["modes"])
    mode = CRYPTIC_MODES[lang]
    modes.get_by_label(mode["counter"]).check()
    modes.get_by_label(mode["draw"]).check()
    expect(result.get_by_test_id("prompts")).to_contain_text(words["choose_target"])
    page.get_by_role("group", name=words["targets"]).get_by_label("Shock (s1)").check()
    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])

    modes.get_by_label(mode["counter"]).uncheck()
    page.get_by_role("group", name=words["targets"]).get_by_label("Shock (s1)").uncheck()
    modes.get_by_label(mode["tap"]).check()

    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
