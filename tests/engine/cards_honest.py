# ruff: noqa: E501
"""Real cards for the tests of honest reading whose casting text is still not modelled: oracle
texts copied from MTGJSON (April 2022 wording), added to :data:`tests.engine.cards.CARDS`."""

from __future__ import annotations

HONEST_CARDS: dict[str, dict[str, str | None]] = {
    "Experimental Frenzy": {
        "name": "Experimental Frenzy",
        "name_fr": "Frénésie expérimentale",
        "mana_cost": "{3}{R}",
        "type_line": "Enchantment",
        "oracle_text": "You may look at the top card of your library any time.\nYou may play lands and cast spells from the top of your library.\nYou can't play lands or cast spells from your hand.\n{3}{R}: Destroy Experimental Frenzy.",
        "power": None,
        "toughness": None,
        "colors": "R",
    },
    "Emblazoned Golem": {
        "name": "Emblazoned Golem",
        "name_fr": "Golem blasonné",
        "mana_cost": "{2}",
        "type_line": "Artifact Creature — Golem",
        "oracle_text": "Kicker {X} (You may pay an additional {X} as you cast this spell.)\nSpend only colored mana on X. No more than one mana of each color may be spent this way.\nIf Emblazoned Golem was kicked, it enters the battlefield with X +1/+1 counters on it.",
        "power": "1",
        "toughness": "2",
        "colors": "",
    },
}
