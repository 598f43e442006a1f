"""One-click example set-ups, each taken from an official clarification of the seed cards.

A preset is a whole scenario (the evaluate request); its link carries it in ``?s=``, so the
workbench rebuilds the form from the URL alone. The engine answers each one; nothing here
says what the answer is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rulesite.workbench.permalink import encode_scenario

__all__ = ["PRESETS", "Preset", "by_slug", "links"]


@dataclass(frozen=True)
class Preset:
    slug: str
    title: str | Promise
    ruling: str
    """The clarification the set-up illustrates (English, as published)."""
    scenario: dict[str, Any]

    @property
    def url(self) -> str:
        return f"{reverse('workbench:workbench')}?s={encode_scenario(self.scenario)}"


MAIN = {"active_player": "you", "phase": "main1"}

PRESETS: tuple[Preset, ...] = (
    Preset(
        slug="copy-of-kicked-spell",
        title=_("A copy of a kicked spell: Twincast on a kicked Burst Lightning"),
        ruling=(
            "If you copy a kicked spell on the stack, the copy is also kicked. If the copied "
            "spell is a permanent spell, the token the copy of that spell becomes when it "
            "enters is also kicked."
        ),
        scenario={
            "action": {"kind": "copy_spell", "player": "you", "copy_of": "s1"},
            "stack": [
                {
                    "id": "s1",
                    "card": "Burst Lightning",
                    "controller": "opponent",
                    "kicker": [1],
                },
            ],
            "turn": {"active_player": "opponent", "phase": "main1"},
        },
    ),
    Preset(
        slug="clone-of-kicked-creature",
        title=_("A clone of a kicked creature: Clone copying a kicked Gnarlid Colony"),
        ruling=(
            "If a card or token enters as a copy of a permanent, the new permanent isn't "
            "kicked, even if the original was."
        ),
        scenario={
            "action": {
                "kind": "enter_as_copy",
                "player": "you",
                "card": "Clone",
                "copy_of": "p1",
            },
            "battlefield": [
                {
                    "id": "p1",
                    "card": "Gnarlid Colony",
                    "controller": "opponent",
                    "kicker": [1],
                    "counters": {"+1/+1": 2},
                }
            ],
            "turn": MAIN,
        },
    ),
    Preset(
        slug="split-second-face-down",
        title=_("Split second on the stack, and a face-down creature turned face up"),
        ruling="Players may turn face-down creatures face up while a spell with split second "
        "is on the stack.",
        scenario={
            "action": {"kind": "turn_face_up", "player": "you", "source": "p1"},
            "battlefield": [
                {
                    "id": "p1",
                    "card": "Exalted Angel",
                    "controller": "you",
                    "face_down": True,
                }
            ],
            "stack": [{"id": "s1", "card": "Sudden Shock", "controller": "opponent"}],
            "turn": {"active_player": "opponent", "phase": "main1"},
            "assume_mana": True,  # its morph cost {2}{W}{W}
        },
    ),
    Preset(
        slug="split-second-kicked-molten-disaster",
        title=_("A kicked Molten Disaster on the stack: can you answer with Shock?"),
        ruling="If Molten Disaster was kicked, Molten Disaster has split second as long as "
        "it's on the stack.",
        scenario={
            "action": {"kind": "cast", "player": "you", "card": "Shock", "targets": ["opponent"]},
            "battlefield": [{"id": "p1", "card": "Mountain", "controller": "you"}],
            "stack": [
                {
                    "id": "s1",
                    "card": "Molten Disaster",
                    "controller": "opponent",
                    "kicker": [1],
                    "x": 3,
                }
            ],
            "turn": {"active_player": "opponent", "phase": "main1"},
        },
    ),
    Preset(
        slug="convoke-multicolored",
        title=_("Convoke with a multicolored creature: Kavu Primarch, kicked"),
        ruling="Tapping a multicolored creature using convoke will pay for {1} or one mana of "
        "your choice of any of that creature's colors.",
        scenario={
            "action": {
                "kind": "cast",
                "player": "you",
                "card": "Kavu Primarch",
                "kicker": [1],
                "convoke": ["p1", "p2", "p3", "p4"],
            },
            "battlefield": [
                {"id": "p1", "card": "Qasali Pridemage", "controller": "you"},
                {"id": "p2", "card": "Llanowar Elves", "controller": "you", "summoning_sick": True},
                {"id": "p3", "card": "Gnarlid Colony", "controller": "you"},
                {"id": "p4", "card": "Thalia, Guardian of Thraben", "controller": "you"},
                {"id": "p5", "card": "Forest", "controller": "you"},
                {"id": "p6", "card": "Forest", "controller": "you"},
                {"id": "p7", "card": "Mountain", "controller": "you"},
                {"id": "p8", "card": "Mountain", "controller": "you"},
            ],
            "turn": MAIN,
        },
    ),
    Preset(
        slug="increase-and-reduction",
        title=_("A cost increase and a reduction: Thalia and Goblin Electromancer"),
        ruling=(
            "To determine a spell's total cost, start with the mana cost (or an alternative "
            "cost if another card's effect allows you to pay one instead), add any cost "
            "increases (such as kicker), then apply any cost reductions. The spell's mana "
            "value remains unchanged, no matter what the total cost to cast it was."
        ),
        scenario={
            "action": {
                "kind": "cast",
                "player": "you",
                "card": "Burst Lightning",
                "kicker": [1],
                "targets": ["opponent"],
            },
            "battlefield": [
                {"id": "p1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"},
                {"id": "p2", "card": "Goblin Electromancer", "controller": "you"},
                {"id": "p3", "card": "Mountain", "controller": "you"},
                {"id": "p4", "card": "Mountain", "controller": "you"},
                {"id": "p5", "card": "Mountain", "controller": "you"},
                {"id": "p6", "card": "Mountain", "controller": "you"},
                {"id": "p7", "card": "Mountain", "controller": "you"},
            ],
            "turn": MAIN,
        },
    ),
)


def by_slug(slug: str) -> Preset | None:
    return next((p for p in PRESETS if p.slug == slug), None)


def links() -> list[Preset]:
    """The presets, in the order the page lists them."""
    return list(PRESETS)
