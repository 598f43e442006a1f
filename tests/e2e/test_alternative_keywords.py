"""Keyword alternative costs on the workbench, in a real browser: a flashback card cast from
the graveyard (702.34a) and an evoke creature (702.74a), chosen in the card's own list of
costs."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rulesite.workbench.permalink import encode_scenario

WORDS = {
    "en": {
        "result": "Result",
        "legal": "Legal",
        "illegal": "Illegal",
        "cost": "Cost to pay",
        "evoke": "Evoke {2}{U}",
    },
    "fr": {
        "result": "Résultat",
        "legal": "Légal",
        "illegal": "Illégal",
        "cost": "Coût à payer",
        "evoke": "Évocation {2}{U}",
    },
}
"""The page's words, and Mulldrifter's evoke cost as the card prints it in each language."""
ISLANDS = [{"id": f"i{i}", "card": "Island"} for i in range(1, 4)]
THINK_TWICE = {
    "action": {"kind": "cast", "from": "graveyard", "card_id": "g1"},
    "battlefield": ISLANDS,
    "graveyard": [{"id": "g1", "card": "Think Twice"}],
    "turn": {"active_player": "you", "phase": "main1"},
}
MULLDRIFTER = {
    "action": {"kind": "cast", "card": "Mulldrifter"},
    "battlefield": ISLANDS,
    "turn": {"active_player": "you", "phase": "main1"},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_702_34a_think_twice_is_cast_from_the_graveyard_by_flashback(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/?s={encode_scenario(THINK_TWICE)}")
    result = page.get_by_role("region", name=words["result"])
    expect(result.get_by_test_id("verdict")).to_have_text(words["illegal"])
    expect(result.get_by_role("link", name="601.3").first).to_be_visible()

    page.get_by_label(words["cost"]).select_option(label="Flashback {2}{U}")

    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_test_id("total-cost")).to_have_text("{2}{U}")
    expect(result.get_by_role("link", name="702.34a").first).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_702_74a_mulldrifter_is_cast_for_its_evoke_cost(page: Page, site: str, lang: str) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/?s={encode_scenario(MULLDRIFTER)}")
    result = page.get_by_role("region", name=words["result"])
    expect(result.get_by_test_id("verdict")).to_have_text(words["illegal"])

    page.get_by_label(words["cost"]).select_option(label=words["evoke"])

    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_test_id("total-cost")).to_have_text("{2}{U}")
    expect(result.get_by_role("link", name="702.74a").first).to_be_visible()
