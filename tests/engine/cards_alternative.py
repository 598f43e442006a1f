# ruff: noqa: E501
"""Real cards for the casting keywords' tests (alternative costs and the turn's history):
oracle texts copied from MTGJSON (April 2022 wording), added to :data:`tests.engine.cards.CARDS`."""

from __future__ import annotations

ALTERNATIVE_COST_CARDS: dict[str, dict[str, str | None]] = {
    "Skyshroud Condor": {
        "name": "Skyshroud Condor",
        "name_fr": "Condor de Linciel",
        "mana_cost": "{1}{U}",
        "type_line": "Creature — Bird",
        "oracle_text": "Cast this spell only if you've cast another spell this turn.\nFlying",
        "power": "2",
        "toughness": "2",
        "colors": "U",
    },
}
