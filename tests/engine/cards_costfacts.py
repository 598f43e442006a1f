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
    "Cemetery Prowler": {
        "name": "Cemetery Prowler",
        "name_fr": "Rôdeur des cimetières",
        "mana_cost": "{1}{G}{G}",
        "type_line": "Creature — Wolf",
        "oracle_text": "Vigilance\nWhenever Cemetery Prowler enters the battlefield or attacks, exile a card from a graveyard.\nSpells you cast cost {1} less to cast for each card type they share with cards exiled with Cemetery Prowler.",
        "power": "3",
        "toughness": "4",
        "colors": "G",
    },
    "Semblance Anvil": {
        "name": "Semblance Anvil",
        "name_fr": "Enclume d'apparence",
        "mana_cost": "{3}",
        "type_line": "Artifact",
        "oracle_text": "Imprint — When Semblance Anvil enters the battlefield, you may exile a nonland card from your hand.\nSpells you cast that share a card type with the exiled card cost {2} less to cast.",
        "power": None,
        "toughness": None,
        "colors": "",
    },
    "Mizzix of the Izmagnus": {
        "name": "Mizzix of the Izmagnus",
        "name_fr": "Mizzix de l'Izmagnus",
        "mana_cost": "{2}{U}{R}",
        "type_line": "Legendary Creature — Goblin Wizard",
        "oracle_text": "Whenever you cast an instant or sorcery spell with mana value greater than the number of experience counters you have, you get an experience counter.\nInstant and sorcery spells you cast cost {1} less to cast for each experience counter you have.",
        "power": "2",
        "toughness": "2",
        "colors": "RU",
    },
    "Assassin's Ink": {
        "name": "Assassin's Ink",
        "name_fr": "Encre d'assassin",
        "mana_cost": "{2}{B}{B}",
        "type_line": "Instant",
        "oracle_text": "This spell costs {1} less to cast if you control an artifact and {1} less to cast if you control an enchantment.\nDestroy target creature or planeswalker.",
        "power": None,
        "toughness": None,
        "colors": "B",
    },
    "Valiant Changeling": {
        "name": "Valiant Changeling",
        "name_fr": "Changelin vaillant",
        "mana_cost": "{5}{W}{W}",
        "type_line": "Creature — Shapeshifter",
        "oracle_text": "This spell costs {1} less to cast for each creature type among creatures you control. This effect can't reduce the amount of mana this spell costs by more than {5}.\nChangeling (This card is every creature type.)\nDouble strike",
        "power": "3",
        "toughness": "3",
        "colors": "W",
    },
    "Goblin Guide": {
        "name": "Goblin Guide",
        "name_fr": "Guide gobelin",
        "mana_cost": "{R}",
        "type_line": "Creature — Goblin Scout",
        "oracle_text": "Haste\nWhenever Goblin Guide attacks, defending player reveals the top card of their library. If it's a land card, that player puts it into their hand.",
        "power": "2",
        "toughness": "2",
        "colors": "R",
    },
    "Titanic Brawl": {
        "name": "Titanic Brawl",
        "name_fr": "Combat titanesque",
        "mana_cost": "{1}{G}",
        "type_line": "Instant",
        "oracle_text": "This spell costs {1} less to cast if it targets a creature you control with a +1/+1 counter on it.\nTarget creature you control fights target creature you don't control. (Each deals damage equal to its power to the other.)",
        "power": None,
        "toughness": None,
        "colors": "G",
    },
}
