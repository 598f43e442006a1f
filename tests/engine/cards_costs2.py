# ruff: noqa: E501
"""Real cards for the tests of printed optional additional costs and of clauses that apply
when a spell's additional cost was paid: oracle texts copied from MTGJSON (April 2022
wording), added to :data:`tests.engine.cards.CARDS`."""

from __future__ import annotations

ADDITIONAL_COST_CARDS: dict[str, dict[str, str | None]] = {
    "Undergrowth": {
        "name": "Undergrowth",
        "name_fr": None,
        "mana_cost": "{G}",
        "type_line": "Instant",
        "oracle_text": "As an additional cost to cast this spell, you may pay {2}{R}.\nPrevent all combat damage that would be dealt this turn. If this spell's additional cost was paid, this effect doesn't affect combat damage that would be dealt by red creatures.",
        "power": None,
        "toughness": None,
        "colors": "G",
    },
    "Voltage Surge": {
        "name": "Voltage Surge",
        "name_fr": None,
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "As an additional cost to cast this spell, you may sacrifice an artifact.\nVoltage Surge deals 2 damage to target creature or planeswalker. If this spell's additional cost was paid, Voltage Surge deals 4 damage instead.",
        "power": None,
        "toughness": None,
        "colors": "R",
    },
    "Taste of Paradise": {
        "name": "Taste of Paradise",
        "name_fr": None,
        "mana_cost": "{3}{G}",
        "type_line": "Sorcery",
        "oracle_text": "As an additional cost to cast this spell, you may pay {1}{G} any number of times.\nYou gain 3 life plus an additional 3 life for each additional {1}{G} you paid.",
        "power": None,
        "toughness": None,
        "colors": "G",
    },
}

ADDITIONAL_COST_CARDS.update(
    {
        "Lethal Sting": {
            "name": "Lethal Sting",
            "name_fr": None,
            "mana_cost": "{2}{B}",
            "type_line": "Sorcery",
            "oracle_text": "As an additional cost to cast this spell, put a -1/-1 counter on a creature you control.\nDestroy target creature.",
            "power": None,
            "toughness": None,
            "colors": "B",
        },
        "Scarscale Ritual": {
            "name": "Scarscale Ritual",
            "name_fr": None,
            "mana_cost": "{1}{U/B}",
            "type_line": "Sorcery",
            "oracle_text": "As an additional cost to cast this spell, put a -1/-1 counter on a creature you control.\nDraw two cards.",
            "power": None,
            "toughness": None,
            "colors": "UB",
        },
    }
)
