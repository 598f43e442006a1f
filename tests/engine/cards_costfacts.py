# ruff: noqa: E501
"""Real cards for the tests of cost changes that read a fact of the game the request holds
(day or night, cards exiled with a permanent): oracle texts copied from MTGJSON (April 2022
wording). Merged into ``tests.engine.cards.CARDS``."""

from __future__ import annotations

COST_FACT_CARDS: dict[str, dict[str, str | None]] = {
    "Moonrager's Slash": {
        "name": "Moonrager's Slash",
        "name_fr": "Balafre du furielune",
        "mana_cost": "{2}{R}",
        "type_line": "Instant",
        "oracle_text": "This spell costs {2} less to cast if it's night.\nMoonrager's Slash deals 3 damage to any target.",
        "power": None,
        "toughness": None,
        "colors": "R",
    },
}
