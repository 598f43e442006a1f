# ruff: noqa: E501
"""Real cards of casual variants, which stay in the command zone and are never cast (311.2,
312.2, 313.2, 314.2, 315.3). Oracle texts copied from MTGJSON (April 2022 wording)."""

from __future__ import annotations

COMMAND_ZONE_CARDS: dict[str, dict[str, str | None]] = {
    "Agyrem": {
        "name": "Agyrem",
        "name_fr": "Agyrem",
        "mana_cost": "",
        "type_line": "Plane — Ravnica",
        "oracle_text": "Whenever a white creature dies, return it to the battlefield under its owner's control at the beginning of the next end step.\nWhenever a nonwhite creature dies, return it to its owner's hand at the beginning of the next end step.\nWhenever you roll {CHAOS}, creatures can't attack you until a player planeswalks.",
        "colors": "",
    },
    "Chaotic Aether": {
        "name": "Chaotic Aether",
        "name_fr": "Aether chaotique",
        "mana_cost": "",
        "type_line": "Phenomenon",
        "oracle_text": "When you encounter Chaotic Aether, each blank roll of the planar die is a {CHAOS} roll until a player planeswalks away from a plane. (Then planeswalk away from this phenomenon.)",
        "colors": "",
    },
    "Ashnod": {
        "name": "Ashnod",
        "mana_cost": "",
        "type_line": "Vanguard",
        "oracle_text": "Whenever a creature deals damage to you, destroy it.",
        "colors": "",
    },
    "All in Good Time": {
        "name": "All in Good Time",
        "mana_cost": "",
        "type_line": "Scheme",
        "oracle_text": "When you set this scheme in motion, take an extra turn after this one. Schemes can't be set in motion that turn.",
        "colors": "",
    },
    "Backup Plan": {
        "name": "Backup Plan",
        "mana_cost": "",
        "type_line": "Conspiracy",
        "oracle_text": "(Start the game with this conspiracy face up in the command zone.)\nDraw an additional hand of seven cards as the game begins. Before taking mulligans, shuffle all but one of your hands into your library.",
        "colors": "",
    },
}
