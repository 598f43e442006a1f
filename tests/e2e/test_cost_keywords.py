"""Cost-changing keywords on the workbench, in a real browser: Dig Through Time paid by
exiling cards from the graveyard (delve), the engine's proposal replaced by the player's own
cards; Thoughtcast made cheaper by the artifacts on the battlefield (affinity)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rulesite.workbench.permalink import encode_scenario

WORDS = {
    "en": {
        "result": "Result",
        "legal": "Legal",
        "illegal": "Illegal",
        "delve": "Exile for delve",
        "delved": "Exiled for delve:",
    },
    "fr": {
        "result": "Résultat",
        "legal": "Légal",
        "illegal": "Illégal",
        "delve": "L'exiler pour la fouille",
        "delved": "Exilées pour la fouille :",
    },
}
ISLANDS = [{"id": "i1", "card": "Island"}, {"id": "i2", "card": "Island"}]
DIG = {
    "action": {"kind": "cast", "card": "Dig Through Time"},
    "battlefield": ISLANDS,
    "graveyard": [{"id": f"g{i}", "card": "Grizzly Bears"} for i in range(1, 7)],
    "turn": {"active_player": "you", "phase": "main1"},
}
THOUGHTCAST = {
    "action": {"kind": "cast", "card": "Thoughtcast"},
    "battlefield": [
        {"id": "i1", "card": "Island"},
        *({"id": f"a{i}", "card": "Everflowing Chalice"} for i in range(1, 5)),
    ],
    "turn": {"active_player": "you", "phase": "main1"},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_702_66a_dig_through_time_is_paid_by_delving_six_cards(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/?s={encode_scenario(DIG)}")
    result = page.get_by_role("region", name=words["result"])
    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_test_id("payment")).to_contain_text(words["delved"])

    for ident in ("g1", "g2"):
        page.get_by_role("group", name=f"({ident})").get_by_label(words["delve"]).check()
    expect(result.get_by_test_id("verdict")).to_have_text(words["illegal"])

    for ident in ("g3", "g4", "g5", "g6"):
        page.get_by_role("group", name=f"({ident})").get_by_label(words["delve"]).check()

    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_test_id("total-cost")).to_have_text("{6}{U}{U}")
    expect(result.get_by_test_id("payment")).to_contain_text("(g6)")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_702_41a_thoughtcast_costs_one_less_for_each_artifact(
    page: Page, site: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(f"{site}/{lang}/workbench/?s={encode_scenario(THOUGHTCAST)}")
    result = page.get_by_role("region", name=words["result"])

    expect(result.get_by_test_id("total-cost")).to_have_text("{U}")
    expect(result.get_by_test_id("verdict")).to_have_text(words["legal"])
    expect(result.get_by_role("link", name="702.41a").first).to_be_visible()
