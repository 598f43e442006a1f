"""Names the engine's doctests use: real cards built with the public API."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True, scope="session")
def _engine_doctest_names(doctest_namespace: dict[str, Any]) -> None:
    from engine import CardDefinition, Permanent, Player, StackObject

    bolt = CardDefinition.parse(
        name="Burst Lightning",
        name_fr="Éclair explosif",
        mana_cost="{R}",
        type_line="Instant",
        oracle_text="Kicker {4}\nBurst Lightning deals 2 damage to any target. If this spell was"
        " kicked, it deals 4 damage instead.",
    )
    bears = CardDefinition.parse(
        name="Grizzly Bears", mana_cost="{1}{G}", type_line="Creature — Bear", oracle_text=""
    )
    doctest_namespace.update(
        bolt=bolt,
        thirst=CardDefinition.parse(
            name="Bloodchief's Thirst",
            mana_cost="{B}",
            type_line="Sorcery",
            oracle_text="Kicker {2}{B}\nDestroy target creature or planeswalker with mana value 2"
            " or less. If this spell was kicked, instead destroy target creature or planeswalker.",
        ),
        wurm=CardDefinition.parse(
            name="Siege Wurm",
            mana_cost="{5}{G}{G}",
            type_line="Creature — Wurm",
            oracle_text="Convoke",
        ),
        bears=Permanent(id="c1", card=bears, controller=Player.YOU),
        bolt_spell=StackObject(id="s1", card=bolt, controller=Player.YOU),
    )
