# ruff: noqa: E501
"""Real cards with several faces (split, aftermath, adventurer, modal and transforming
double-faced): their joined fields as stored, copied from MTGJSON (April 2022 wording).
Merged into ``tests.engine.cards.CARDS``."""

from __future__ import annotations

FACE_CARDS: dict[str, dict[str, str | None]] = {
    "Turn // Burn": {
        "name": "Turn // Burn",
        "name_fr": "Turn // Burn",
        "mana_cost": "{2}{U} // {1}{R}",
        "type_line": "Instant // Instant",
        "oracle_text": "Until end of turn, target creature loses all abilities and becomes a red Weird with base power and toughness 0/1.\nFuse (You may cast one or both halves of this card from your hand.)\n//\nBurn deals 2 damage to any target.\nFuse (You may cast one or both halves of this card from your hand.)",
        "power": None,
        "toughness": None,
        "colors": "UR",
    },
    "Far // Away": {
        "name": "Far // Away",
        "name_fr": None,
        "mana_cost": "{1}{U} // {2}{B}",
        "type_line": "Instant // Instant",
        "oracle_text": "Return target creature to its owner's hand.\nFuse (You may cast one or both halves of this card from your hand.)\n//\nTarget player sacrifices a creature.\nFuse (You may cast one or both halves of this card from your hand.)",
        "power": None,
        "toughness": None,
        "colors": "UB",
    },
    "Fire // Ice": {
        "name": "Fire // Ice",
        "name_fr": "Feu // Glace",
        "mana_cost": "{1}{R} // {1}{U}",
        "type_line": "Instant // Instant",
        "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets.\n//\nTap target permanent.\nDraw a card.",
        "power": None,
        "toughness": None,
        "colors": "UR",
    },
    "Bonecrusher Giant // Stomp": {
        "name": "Bonecrusher Giant // Stomp",
        "name_fr": "Géant craque-os // Piétineur",
        "mana_cost": "{2}{R} // {1}{R}",
        "type_line": "Creature — Giant // Instant — Adventure",
        "oracle_text": "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher Giant deals 2 damage to that spell's controller.\n//\nDamage can't be prevented this turn. Stomp deals 2 damage to any target.",
        "power": "4",
        "toughness": "3",
        "colors": "R",
    },
    "Commit // Memory": {
        "name": "Commit // Memory",
        "name_fr": "Graver // Mémoire",
        "mana_cost": "{3}{U} // {4}{U}{U}",
        "type_line": "Instant // Sorcery",
        "oracle_text": "Put target spell or nonland permanent into its owner's library second from the top.\n//\nAftermath (Cast this spell only from your graveyard. Then exile it.)\nEach player shuffles their hand and graveyard into their library, then draws seven cards.",
        "power": None,
        "toughness": None,
        "colors": "U",
    },
    "Agadeem's Awakening // Agadeem, the Undercrypt": {
        "name": "Agadeem's Awakening // Agadeem, the Undercrypt",
        "name_fr": "Éveil d'Agadeem // Agadeem, la crypte inférieure",
        "mana_cost": "{X}{B}{B}{B}",
        "type_line": "Sorcery // Land",
        "oracle_text": "Return from your graveyard to the battlefield any number of target creature cards that each have a different mana value X or less.\n//\nAs Agadeem, the Undercrypt enters the battlefield, you may pay 3 life. If you don't, it enters the battlefield tapped.\n{T}: Add {B}.",
        "power": None,
        "toughness": None,
        "colors": "B",
    },
    "Delver of Secrets // Insectile Aberration": {
        "name": "Delver of Secrets // Insectile Aberration",
        "name_fr": "Sondeur de secrets // Aberration insectoïde",
        "mana_cost": "{U}",
        "type_line": "Creature — Human Wizard // Creature — Human Insect",
        "oracle_text": "At the beginning of your upkeep, look at the top card of your library. You may reveal that card. If an instant or sorcery card is revealed this way, transform Delver of Secrets.\n//\nFlying",
        "power": "1",
        "toughness": "1",
        "colors": "U",
    },
}


SHARED_NAMES: dict[str, dict[str, str | None]] = {
    "Intervene": {
        "name": "Intervene",
        "name_fr": "Intervention",
        "mana_cost": "{U}",
        "type_line": "Instant",
        "oracle_text": "Counter target spell that targets a creature.",
        "colors": "U",
    },
    "Integrity // Intervention": {
        "name": "Integrity // Intervention",
        "name_fr": "Intégrité // Interposition",
        "mana_cost": "{R/W} // {2}{R}{W}",
        "type_line": "Instant // Instant",
        "oracle_text": "Target creature gets +2/+2 until end of turn.\n//\nIntervention deals 3 damage to any target and you gain 3 life.",
        "colors": "WR",
    },
    "Badlands": {
        "name": "Badlands",
        "name_fr": "Désolation",
        "mana_cost": "",
        "type_line": "Land — Swamp Mountain",
        "oracle_text": "({T}: Add {B} or {R}.)",
        "colors": "",
    },
    "Desolation": {
        "name": "Desolation",
        "name_fr": "Délaissement",
        "mana_cost": "{1}{B}{B}",
        "type_line": "Enchantment",
        "oracle_text": "At the beginning of each end step, each player who tapped a land for mana this turn sacrifices a land. Desolation deals 2 damage to each player who sacrificed a Plains this way.",
        "colors": "B",
    },
    "Censor": {
        "name": "Censor",
        "name_fr": "Réprobation",
        "mana_cost": "{1}{U}",
        "type_line": "Instant",
        "oracle_text": "Counter target spell unless its controller pays {1}.\nCycling {U} ({U}, Discard this card: Draw a card.)",
        "colors": "U",
    },
    "Reprobation": {
        "name": "Reprobation",
        "name_fr": "Réprobation",
        "mana_cost": "{1}{W}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature loses all abilities and is a Coward creature with base power and toughness 0/1. (It keeps all supertypes but loses all other types and creature types.)",
        "colors": "W",
    },
}
"""Cards one of whose names is another's: Intervene's French name is a face of Integrity //
Intervention, Badlands' French name folds to Desolation, and Censor and Reprobation share
their French name."""
