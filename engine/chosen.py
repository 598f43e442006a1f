"""Values chosen for a permanent as it entered the battlefield ("As Meddling Mage enters,
choose a nonland card name", "choose a creature type", "choose a color", "choose a number"),
which its abilities then read as "the chosen name", "the chosen type", "the chosen color" and
"the chosen number" (CR 607.2d: the ability that says "the chosen …" refers to the choice its
permanent's other ability made).

A board holds no history, so the request says them, on the permanent: ``"chosen": {"name":
"Lightning Bolt"}``. A name is a card's, read from the catalog like any card;
a type is a card type or a subtype ("artifact", "Goblin"); a color is a mana letter.

>>> sorted(Chosen(type="Goblin", number=3).kinds)
['number', 'type']
>>> Chosen().kinds
frozenset()
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.codec import Choice, Integer, Record, Text, json_field
from engine.contract import MAX_TEXT, MAX_X
from engine.fields import CARD_NAME
from engine.mana import Color

if TYPE_CHECKING:
    from engine.cards import CardDefinition

__all__ = [
    "CHOSEN",
    "NOTHING_CHOSEN",
    "AnnouncedChoice",
    "Chosen",
    "ChosenKind",
    "read_announced_choice",
]

ChosenKind = str
"""What was chosen: ``"name"``, ``"type"``, ``"color"`` or ``"number"``."""
KINDS: tuple[ChosenKind, ...] = ("name", "type", "color", "number")


@dataclass(frozen=True, slots=True)
class Chosen:
    """The values chosen for one permanent (each None when nothing was chosen of that kind)."""

    name: CardDefinition | None = field(
        default=None,
        metadata=json_field(CARD_NAME, description="A card name chosen for it (the chosen name)."),
    )
    type: str | None = field(
        default=None,
        metadata=json_field(
            Text(max_length=MAX_TEXT),
            description="A card type or a subtype chosen for it: 'artifact', 'Goblin' (the "
            "chosen type).",
            examples=["Goblin"],
        ),
    )
    color: Color | None = field(
        default=None,
        metadata=json_field(
            Choice(Color, "color"),
            description="A color chosen for it, as its mana letter (the chosen color).",
        ),
    )
    number: int | None = field(
        default=None,
        metadata=json_field(Integer(maximum=MAX_X), description="A number chosen for it."),
    )

    @property
    def kinds(self) -> frozenset[ChosenKind]:
        """What was chosen.

        >>> Chosen(color=Color.RED).kinds
        frozenset({'color'})
        """
        return frozenset(kind for kind in KINDS if getattr(self, kind) is not None)

    def fits(self, kinds: frozenset[ChosenKind], card: CardDefinition, mana_value: int) -> bool:
        """Whether a card (a spell of mana value ``mana_value``) has every chosen value of
        ``kinds``: that name, a card type or subtype that is the chosen type, that color, a
        mana value equal to the chosen number. A kind with no value chosen never fits.

        >>> from engine.cards import CardDefinition
        >>> bolt = CardDefinition.parse(name="Lightning Bolt", mana_cost="{R}",
        ...     type_line="Instant", oracle_text="", colors="R")
        >>> Chosen(color=Color.RED).fits(frozenset({"color"}), bolt, 1)
        True
        >>> Chosen(type="Goblin").fits(frozenset({"type"}), bolt, 1)
        False
        """
        for kind in kinds:
            if kind == "name":
                if self.name is None or self.name.name != card.name:
                    return False
            elif kind == "type":
                if self.type is None:
                    return False
                wanted = self.type.lower()
                if wanted not in card.card_types and wanted not in card.subtypes:
                    return False
            elif kind == "color":
                if self.color is None or self.color not in card.colors:
                    return False
            elif self.number is None or mana_value != self.number:
                return False
        return True


NOTHING_CHOSEN = Chosen()
"""A permanent's values when nothing was chosen (the default: one shared object)."""

CHOSEN = Record(
    Chosen,
    name="Chosen",
    description="Values chosen for the permanent as it entered: the chosen name, type, "
    "color or number its abilities speak of.",
)


@dataclass(frozen=True, slots=True)
class AnnouncedChoice:
    """A value the caster chooses as an additional cost ("As an additional cost to cast this
    spell, choose a creature type", "… choose a number between 0 and 5"): announced with the
    spell (601.2b), given in the action's ``chosen``.

    >>> read_announced_choice("As an additional cost to cast ~, choose a number between 0 "
    ...     "and 5.").maximum
    5
    """

    text: str
    kind: ChosenKind
    minimum: int = 0
    maximum: int | None = None

    def problem(self, chosen: Chosen) -> str | None:
        """What is wrong with the values chosen: ``"missing"``, ``"range"`` or None.

        >>> AnnouncedChoice("", "number", 0, 5).problem(Chosen(number=6))
        'range'
        """
        value = getattr(chosen, self.kind)
        if value is None:
            return "missing"
        if self.kind == "number" and (
            value < self.minimum or (self.maximum is not None and value > self.maximum)
        ):
            return "range"
        return None


_ANNOUNCED = re.compile(
    r"^as an additional cost to cast ~, choose (?:a (?P<kind>creature type|color|card name)|"
    r"a number(?: between (?P<low>\d+) and (?P<high>\d+))?)\.?$",
    re.IGNORECASE,
)
_KINDS = {"creature type": "type", "color": "color", "card name": "name"}


def read_announced_choice(sentence: str) -> AnnouncedChoice | None:
    """Read "As an additional cost to cast this spell, choose …"; None if it is not one.

    >>> read_announced_choice("As an additional cost to cast ~, choose a creature type.").kind
    'type'
    """
    match = _ANNOUNCED.match(sentence.strip())
    if match is None:
        return None
    if match.group("kind"):
        return AnnouncedChoice(sentence.strip(), _KINDS[match.group("kind").lower()])
    low, high = match.group("low"), match.group("high")
    return AnnouncedChoice(
        sentence.strip(),
        "number",
        minimum=int(low) if low else 0,
        maximum=int(high) if high else None,
    )
