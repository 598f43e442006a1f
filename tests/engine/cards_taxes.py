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
    "Infectious Curse": {
        "name": "Infectious Curse",
        "name_fr": "Malédiction infectieuse",
        "mana_cost": "",
        "type_line": "Enchantment — Aura Curse",
        "oracle_text": "Enchant player\nSpells you cast that target enchanted player cost {1} less to cast.\nAt the beginning of enchanted player's upkeep, that player loses 1 life and you gain 1 life.",
        "power": None,
        "toughness": None,
        "colors": "B",
    },
    "Curse of Silence": {
        "name": "Curse of Silence",
        "name_fr": None,
        "mana_cost": "{W}",
        "type_line": "Enchantment — Aura Curse",
        "oracle_text": "Enchant player\nAs Curse of Silence enters the battlefield, choose a card name.\nSpells with the chosen name enchanted player casts cost {2} more to cast.\nWhenever enchanted player casts a spell with the chosen name, you may sacrifice Curse of Silence. If you do, draw a card.",
        "power": None,
        "toughness": None,
        "colors": "W",
    },
    "Curse of Exhaustion": {
        "name": "Curse of Exhaustion",
        "name_fr": "Malédiction de l'épuisement",
        "mana_cost": "{2}{W}{W}",
        "type_line": "Enchantment — Aura Curse",
        "oracle_text": "Enchant player\nEnchanted player can't cast more than one spell each turn.",
        "power": None,
        "toughness": None,
        "colors": "W",
    },
    "Brand of Ill Omen": {
        "name": "Brand of Ill Omen",
        "name_fr": "Marque de mauvais augure",
        "mana_cost": "{3}{R}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nCumulative upkeep {R} (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nEnchanted creature's controller can't cast creature spells.",
        "power": None,
        "toughness": None,
        "colors": "R",
    },
    "Conqueror's Flail": {
        "name": "Conqueror's Flail",
        "name_fr": "Fléau du conquérant",
        "mana_cost": "{2}",
        "type_line": "Artifact — Equipment",
        "oracle_text": "Equipped creature gets +1/+1 for each color among permanents you control.\nAs long as Conqueror's Flail is attached to a creature, your opponents can't cast spells during your turn.\nEquip {2}",
        "power": None,
        "toughness": None,
        "colors": "",
    },
    "Not of This World": {
        "name": "Not of This World",
        "name_fr": None,
        "mana_cost": "{7}",
        "type_line": "Tribal Instant — Eldrazi",
        "oracle_text": "Counter target spell or ability that targets a permanent you control.\nThis spell costs {7} less to cast if it targets a spell or ability that targets a creature you control with power 7 or greater.",
        "power": None,
        "toughness": None,
        "colors": "",
    },
}
TAX_CARDS.update(
    (name, NOT_CASTING_CARDS[name]) for name in ("Tithe Taker", "Callaphe, Beloved of the Sea")
)
"""Read there as casting text beside text that is not; modelled here."""
