"""Text about costs that is not about casting a spell: activating abilities (602), mana
abilities (605), keyword abilities that are activated or triggered, and special actions (116).
The engine's reader and the independent reading of the coverage both leave it out of casting
text, so it neither counts as casting text not modelled nor qualifies an answer; real casting
text next to it still counts."""

from __future__ import annotations

import pytest

import engine
from engine import CardDefinition, DictCatalog
from engine.abilities import ClauseKind
from engine.casting_text import Reading, Relevance, Scope
from engine.coverage import independent_casting_text
from tests.engine.cards import CARDS, card
from tests.engine.cards_not_casting import NOT_CASTING_CARDS

TEXTS = {**CARDS, **NOT_CASTING_CARDS}
CATALOG = DictCatalog([CardDefinition.parse(**data) for data in TEXTS.values()])  # type: ignore[arg-type]


def definition(name: str) -> CardDefinition:
    return CardDefinition.parse(**TEXTS[name])  # type: ignore[arg-type]


def engine_casting_text(name: str) -> dict[str, str]:
    """What the engine reads as casting text, modelled or not (keywords by their name)."""
    return {text: reading.value for text, reading in definition(name).casting_readings}


def independent(name: str) -> list[str]:
    data = TEXTS[name]
    spell = any(t in (data["type_line"] or "") for t in ("Instant", "Sorcery"))
    return [s for _, s in independent_casting_text(data["oracle_text"] or "", name, spell=spell)]


def cast_shock_with(permanent: str, *, assume_mana: bool = True) -> dict[str, object]:
    return engine.evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["you"]},
            "battlefield": [{"id": "p1", "card": permanent}],
            "assume_mana": assume_mana,
        },
        CATALOG,
    )


@pytest.mark.parametrize(
    "name",
    ["Power Artifact", "Heartstone", "Zirda, the Dawnwaker", "Training Grounds",
     "Biomancer's Familiar"],
)  # fmt: skip
def test_602_2b_activation_cost_change_and_its_floor_are_not_casting_text(name: str) -> None:
    # "… cost {2} less to activate. This effect can't reduce the mana in that cost to less
    # than one mana.": the floor limits the activation-cost change before it.
    read = definition(name)

    assert (engine_casting_text(name), read.unmodelled, independent(name)) == ({}, (), [])


@pytest.mark.parametrize(
    "name", ["Ghostfire Blade", "Manascape Refractor", "Quicksilver Elemental"]
)
def test_602_1a_costs_of_the_cards_own_abilities_are_not_casting_text(name: str) -> None:
    # "~'s equip ability costs {2} less to activate", "… to pay the activation costs of ~'s
    # abilities": the card's name does not make them about casting it.
    assert (engine_casting_text(name), definition(name).unmodelled, independent(name)) == (
        {},
        (),
        [],
    )


def test_702_122a_an_alternative_to_the_crew_cost_is_not_casting_text() -> None:
    assert (engine_casting_text("Heart of Kiran"), independent("Heart of Kiran")) == ({}, [])
    assert definition("Heart of Kiran").unmodelled == ()


@pytest.mark.parametrize("name", ["New Perspectives", "Gavi, Nest Warden"])
def test_702_29a_alternatives_to_cycling_costs_are_not_casting_text(name: str) -> None:
    assert (engine_casting_text(name), definition(name).unmodelled, independent(name)) == (
        {},
        (),
        [],
    )


def test_702_30a_an_alternative_to_the_echo_cost_of_a_triggered_ability_is_not_casting_text() -> (
    None
):
    name = "Thick-Skinned Goblin"

    assert (engine_casting_text(name), definition(name).unmodelled, independent(name)) == (
        {},
        (),
        [],
    )


def test_702_37e_morph_costs_turn_a_permanent_face_up_and_are_not_casting_text() -> None:
    # "All morph costs cost {2} more. (This doesn't affect the cost to cast creature spells
    # face down.)": turning face up is a special action (116.2b).
    name = "Exiled Doomsayer"

    assert (engine_casting_text(name), definition(name).unmodelled, independent(name)) == (
        {},
        (),
        [],
    )


def test_702_143b_foretelling_is_a_special_action_and_its_cost_is_not_casting_text() -> None:
    # "Foretelling cards from your hand costs {1} less and can be done on any player's turn."
    # (116.2h); the card's own flash and foretell cost are casting text it models.
    name = "Cosmos Charger"

    assert engine_casting_text(name) == {"flash": "casting", "foretell": "casting"}
    assert (definition(name).unmodelled, independent(name)) == ((), [])


@pytest.mark.parametrize("name", ["Hold for Ransom", "Mindwhip Sliver"])
def test_602_5d_activate_only_as_a_sorcery_in_a_granted_ability_is_not_casting_text(
    name: str,
) -> None:
    assert (engine_casting_text(name), definition(name).unmodelled, independent(name)) == (
        {},
        (),
        [],
    )


@pytest.mark.parametrize("name", ["Sorcerer Class", "Galazeth Prismari"])
def test_605_1a_a_granted_mana_abilitys_spending_rule_is_read_with_the_mana_abilities(
    name: str,
) -> None:
    # "… have "{T}: Add one mana of any color. Spend this mana only to cast an instant or
    # sorcery spell."": a mana ability the engine does not give to those permanents.
    unmodelled = definition(name).unmodelled

    assert [(u.mechanic, u.relevance, u.scope) for u in unmodelled] == [
        ("mana ability", Relevance.PAYMENT, Scope.BATTLEFIELD)
    ]
    assert (engine_casting_text(name), independent(name)) == ({}, [])


def test_605_1a_a_granted_mana_ability_qualifies_an_answer_only_when_the_payment_fails() -> None:
    paid = cast_shock_with("Sorcerer Class")
    unpaid = cast_shock_with("Sorcerer Class", assume_mana=False)

    assert (paid["legal"], paid["modelled"], paid["not_understood"]) == (True, True, [])
    assert (unpaid["legal"], unpaid["modelled"]) == (False, False)
    assert unpaid["not_understood"] == [
        'Sorcerer Class: Creatures you control have "{T}: Add {U} or {R}. Spend this mana '
        'only to cast an instant or sorcery spell or to gain a Class level."'
    ]


def test_700_2_the_modes_of_an_activated_ability_are_not_casting_text() -> None:
    # Atalya's "{X}, {T}: Choose one — • … Spend only white mana on X.": X of the activation
    # cost (107.3a), not of a spell.
    read = definition("Atalya, Samite Master")

    assert (read.unmodelled, independent("Atalya, Samite Master")) == ((), [])
    assert {c.kind for c in read.clauses} == {ClauseKind.ACTIVATED}
    assert all(c.reading is Reading.EFFECT for c in read.clauses)


@pytest.mark.parametrize("permanent", ["New Perspectives", "Cosmos Charger", "Heart of Kiran"])
def test_116_a_permanent_changing_special_action_or_ability_costs_leaves_a_cast_modelled(
    permanent: str,
) -> None:
    answer = cast_shock_with(permanent)

    assert (answer["legal"], answer["modelled"], answer["not_understood"]) == (True, True, [])


def test_601_2f_a_cost_change_on_spells_is_still_casting_text() -> None:
    arbiter = card("Grand Arbiter Augustin IV")
    text = "Spells your opponents cast cost {1} more to cast."

    assert dict(arbiter.casting_readings)[text] is Reading.CASTING
    assert text in [
        s for _, s in independent_casting_text(arbiter.oracle_text, arbiter.name, spell=False)
    ]


def test_601_2f_casting_text_beside_ability_costs_or_inside_granted_statics_still_counts() -> None:
    # Tithe Taker taxes spells and abilities; Callaphe grants a static ability that taxes
    # spells; Valiant Changeling's limit follows a reduction of its own cost.
    assert engine_casting_text("Tithe Taker") == {
        "During your turn, spells your opponents cast cost {1} more to cast and abilities your "
        "opponents activate cost {1} more to activate unless they're mana abilities.": "casting"
    }
    assert len(independent("Tithe Taker")) == 1
    assert list(engine_casting_text("Callaphe, Beloved of the Sea").values()) == ["casting"]
    assert len(independent("Callaphe, Beloved of the Sea")) == 1
    assert engine_casting_text("Valiant Changeling") == {
        "This spell costs {1} less to cast for each creature type among creatures you control.":
        "casting",
        "This effect can't reduce the amount of mana this spell costs by more than {5}.":
        "casting",
    }  # fmt: skip
    assert len(independent("Valiant Changeling")) == 2
