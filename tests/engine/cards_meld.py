# ruff: noqa: E501
"""Real meld cards: the back face of a meld pair is a card row of its own, whose layout only the
source can tell (712.4b). Oracle texts copied from MTGJSON (April 2022 wording)."""

from __future__ import annotations

from engine import Layout

MELD_CARDS: dict[str, dict[str, str | None]] = {
    "Brisela, Voice of Nightmares": {
        "name": "Brisela, Voice of Nightmares",
        "name_fr": "Brisela, voix des cauchemars",
        "mana_cost": "",
        "type_line": "Legendary Creature — Eldrazi Angel",
        "oracle_text": "Flying, first strike, vigilance, lifelink\nYour opponents can't cast spells with mana value 3 or less.",
        "power": "9",
        "toughness": "10",
        "colors": "",
        "layout": Layout.MELDED,
    },
    "Hanweir, the Writhing Township": {
        "name": "Hanweir, the Writhing Township",
        "name_fr": "Hanweir, le comté grouillant",
        "mana_cost": "",
        "type_line": "Legendary Creature — Eldrazi Ooze",
        "oracle_text": "Trample, haste\nWhenever Hanweir, the Writhing Township attacks, create two 3/2 colorless Eldrazi Horror creature tokens that are tapped and attacking.",
        "power": "7",
        "toughness": "4",
        "colors": "",
        "layout": Layout.MELDED,
    },
    "Graf Rats // Chittering Host": {
        "name": "Graf Rats // Chittering Host",
        "name_fr": "Rats du graf",
        "mana_cost": "{1}{B}",
        "type_line": "Creature — Rat",
        "oracle_text": "At the beginning of combat on your turn, if you both own and control Graf Rats and a creature named Midnight Scavengers, exile them, then meld them into Chittering Host.",
        "power": "2",
        "toughness": "1",
        "colors": "B",
    },
}
