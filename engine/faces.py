"""The faces of a card with several: split cards (709), adventurers (715) and double-faced
cards (712), read from the card's joined fields.

A card with several faces is stored as one card: its name, French name, mana costs and type
lines joined with " // " (a face without a mana cost left out) and its oracle texts with a line
holding "//". Each face is cast on its own, with only its own characteristics: one half of a
split card (709.3, 709.3a), the Adventure of an adventurer (715.3, 715.3a), the front face of a
double-faced card, or its back face when that face has a mana cost of its own (a modal
double-faced card, 712.11b; a transforming card is cast front face up, 712.11, and its back
face has no mana cost).

>>> layout, faces = read_faces("Fire // Ice", "Feu // Glace", "{1}{R} // {1}{U}",
...     "Instant // Instant", "Fire deals 2 damage divided as you choose among one or two "
...     "targets.\\n//\\nTap target permanent.\\nDraw a card.")
>>> layout.value, [(f.name, f.name_fr, f.mana_cost, f.castable) for f in faces]
('split', [('Fire', 'Feu', '{1}{R}', True), ('Ice', 'Glace', '{1}{U}', True)])
>>> read_faces("Shock", None, "{R}", "Instant", "Shock deals 2 damage to any target.")[1]
()
>>> [(f.name, f.oracle_text, f.castable) for f in read_faces("Skin Invasion // Skin Shedder",
...     None, "{R}", "Enchantment — Aura // Creature — Insect Horror", "Enchant creature")[1]]
[('Skin Invasion', 'Enchant creature', True), ('Skin Shedder', '', False)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["FACE_SEPARATOR", "TEXT_FACE_SEPARATOR", "Face", "Layout", "read_faces"]

FACE_SEPARATOR = " // "
TEXT_FACE_SEPARATOR = "\n//\n"
_NOT_A_PERMANENT = re.compile(r"^(?:[\w-]+ )*(?:Instant|Sorcery)\b")


class Layout(StrEnum):
    """How a card's faces are cast."""

    SINGLE = "single"
    SPLIT = "split"
    """Two (or more) halves, instants or sorceries, each with its own cost (709)."""
    ADVENTURE = "adventure"
    """A permanent card with an Adventure, an instant or sorcery of its own (715)."""
    DOUBLE_FACED = "double_faced"
    """Front and back faces (712), and flip cards: the front face is cast; the back too
    when it has a mana cost of its own (a modal double-faced card)."""
    MELDED = "melded"
    """The back face of a meld pair, given by the card's source (its text can't tell): half of
    an oversized card, whose characteristics are only a melded permanent's; never cast
    (712.4b)."""


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a card: its own characteristics, and whether it can be cast."""

    name: str
    name_fr: str | None
    mana_cost: str
    type_line: str
    oracle_text: str
    castable: bool


def read_faces(
    name: str, name_fr: str | None, mana_cost: str, type_line: str, oracle_text: str
) -> tuple[Layout, tuple[Face, ...]]:
    """The layout and faces of a card, from its joined fields; no faces for a card with one,
    or whose joined fields don't line up (it is then read whole, as printed)."""
    types = type_line.split(FACE_SEPARATOR)
    names = name.split(FACE_SEPARATOR)
    texts = oracle_text.replace("\r\n", "\n").split(TEXT_FACE_SEPARATOR)
    adventure = any("Adventure" in t for t in types[1:])
    if len(types) == 2 and len(texts) == 1:
        # A face with no text was left out: an adventurer's creature (an Adventure always has
        # text), else a double-faced card's back face.
        texts = ["", texts[0]] if adventure else [texts[0], ""]
    if len(types) < 2 or len(names) != len(types) or len(texts) != len(types):
        return Layout.SINGLE, ()
    costs = mana_cost.split(FACE_SEPARATOR) if mana_cost else []
    if len(costs) == len(types):
        own_costs = costs
    elif len(costs) <= 1:
        own_costs = [*costs, *[""] * (len(types) - len(costs))]
    else:
        return Layout.SINGLE, ()
    french = (name_fr or "").split(FACE_SEPARATOR)
    french_names: list[str | None] = (
        list(french) if len(french) == len(types) else [None] * len(types)
    )
    if adventure:
        layout = Layout.ADVENTURE
    elif all(_NOT_A_PERMANENT.match(t) for t in types) and all(own_costs):
        layout = Layout.SPLIT
    else:
        layout = Layout.DOUBLE_FACED
    faces = tuple(
        Face(
            name=face_name.strip(),
            name_fr=(french_names[i] or "").strip() or None,
            mana_cost=own_costs[i],
            type_line=types[i].strip(),
            oracle_text=texts[i].strip("\n"),
            castable=layout is not Layout.DOUBLE_FACED or i == 0 or bool(own_costs[i]),
        )
        for i, face_name in enumerate(names)
    )
    return layout, faces
