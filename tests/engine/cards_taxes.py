# ruff: noqa: E501
"""Real cards for the tests of taxes on spells that target a permanent or a spell, taxes in
life, turn- and board-conditioned taxes and prohibitions: oracle texts copied from MTGJSON
(April 2022 wording). Merged into ``tests.engine.cards.CARDS``."""

from __future__ import annotations

from tests.engine.cards_not_casting import NOT_CASTING_CARDS

TAX_CARDS: dict[str, dict[str, str | None]] = {
    "Ward of Bones": {
        "name": "Ward of Bones",
        "name_fr": "Rune de garde d'ossements",
        "mana_cost": "{6}",
        "type_line": "Artifact",
        "oracle_text": "Each opponent who controls more creatures than you can't cast creature spells. The same is true for artifacts and enchantments.\nEach opponent who controls more lands than you can't play lands.",
        "power": None,
        "toughness": None,
        "colors": "",
    },
    "Jubilant Skybonder": {
        "name": "Jubilant Skybonder",
        "name_fr": "Brideciel allègre",
        "mana_cost": "{1}{W/U}{W/U}",
        "type_line": "Creature — Human Wizard",
        "oracle_text": 'Flying\nCreatures you control with flying have "Spells your opponents cast that target this creature cost {2} more to cast."',
        "power": "2",
        "toughness": "2",
        "colors": "UW",
    },
    "Terror of the Peaks": {
        "name": "Terror of the Peaks",
        "name_fr": "Terreur des pics",
        "mana_cost": "{3}{R}{R}",
        "type_line": "Creature — Dragon",
        "oracle_text": "Flying\nSpells your opponents cast that target Terror of the Peaks cost an additional 3 life to cast.\nWhenever another creature enters the battlefield under your control, Terror of the Peaks deals damage equal to that creature's power to any target.",
        "power": "5",
        "toughness": "4",
        "colors": "R",
    },
    "Phyrexian Purge": {
        "name": "Phyrexian Purge",
        "name_fr": "Epuration phyrexiane",
        "mana_cost": "{2}{B}{R}",
        "type_line": "Sorcery",
        "oracle_text": "This spell costs 3 life more to cast for each target.\nDestroy any number of target creatures.",
        "power": None,
        "toughness": None,
        "colors": "BR",
    },
    "Kaervek's Torch": {
        "name": "Kaervek's Torch",
        "name_fr": None,
        "mana_cost": "{X}{R}",
        "type_line": "Sorcery",
        "oracle_text": "As long as Kaervek's Torch is on the stack, spells that target it cost {2} more to cast.\nKaervek's Torch deals X damage to any target.",
        "power": None,
        "toughness": None,
        "colors": "R",
    },
    "City in a Bottle": {
        "name": "City in a Bottle",
        "name_fr": None,
        "mana_cost": "{2}",
        "type_line": "Artifact",
        "oracle_text": "Whenever one or more other nontoken permanents with a name originally printed in the Arabian Nights expansion are on the battlefield, their controllers sacrifice them.\nPlayers can't cast spells or play lands with a name originally printed in the Arabian Nights expansion.",
        "power": None,
        "toughness": None,
        "colors": "",
    },
}
TAX_CARDS.update(
    (name, NOT_CASTING_CARDS[name]) for name in ("Tithe Taker", "Callaphe, Beloved of the Sea")
)
"""Read there as casting text beside text that is not; modelled here."""
