"""Honest reading: each sentence and keyword of a card is casting text the engine models, an
effect with no bearing on casting, or not understood — and casting text is never read as an
effect. When text not understood could change an answer, the answer says ``modelled: false``
and lists it."""

from __future__ import annotations

import pytest

from engine import CardDefinition
from engine.casting_text import Reading, Relevance, Scope
from engine.coverage import independent_casting_text
from tests.engine.cards import CARDS, card, evaluate


def readings(name: str) -> dict[str, str]:
    return {text: reading.value for text, reading in card(name).casting_readings}


def test_force_of_wills_alternative_cost_is_casting_text_it_models() -> None:
    assert readings("Force of Will") == {
        "You may pay 1 life and exile a blue card from your hand rather than pay this spell's "
        "mana cost.": "casting"
    }


def test_a_sentence_starting_with_you_is_not_understood_just_for_that() -> None:
    definition = CardDefinition.parse(
        name="Test Sorcery",
        mana_cost="{1}{B}",
        type_line="Sorcery",
        oracle_text="You may pay {B} and discard a card named Gleemax rather than pay this "
        "spell's mana cost.\nDraw a card.",
    )

    assert [(u.mechanic, u.relevance) for u in definition.unmodelled] == [
        ("alternative cost", Relevance.CHOSEN)
    ]


def test_effects_are_not_casting_text() -> None:
    assert readings("Shock") == {}
    assert [c.reading for c in card("Shock").clauses] == [Reading.EFFECT]


def _own_cost_change_not_modelled() -> tuple[str, str]:
    """A test card whose own cost change is not understood, and that sentence."""
    return next(
        (name, item.text)
        for name in CARDS
        for item in card(name).unmodelled
        if item.scope is Scope.SELF and item.mechanic == "cost change"
    )


def test_a_cost_change_not_understood_is_casting_text_not_modelled_yet() -> None:
    name, text = _own_cost_change_not_modelled()

    assert readings(name)[text] == "unknown"


def test_unmodelled_cost_reduction_makes_the_answer_as_far_as_modelled() -> None:
    name, text = _own_cost_change_not_modelled()

    response = evaluate({"action": {"kind": "cast", "card": name}, "assume_mana": True})

    assert (response["modelled"], response["not_understood"]) == (False, [text])


def test_702_41a_affinity_is_casting_text_it_models() -> None:
    assert readings("Thoughtcast") == {"affinity": "casting"}


def test_702_34a_flashback_is_modelled_and_the_additional_cost_still_applies() -> None:
    board = {
        "graveyard": [{"id": "g1", "card": "Gaze of Justice"}],
        "battlefield": [
            *({"id": f"w{i}", "card": "Savannah Lions"} for i in range(1, 4)),
            {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"},
        ],
        "assume_mana": True,
    }
    action = {"kind": "cast", "from": "graveyard", "card_id": "g1", "targets": ["c1"],
              "alternative_cost": "flashback"}  # fmt: skip

    paid = evaluate({**board, "action": {**action, "tap": ["w1", "w2", "w3"]}})
    unpaid = evaluate({**board, "action": action})

    assert (paid["legal"], paid["modelled"], paid["not_understood"]) == (True, True, [])
    assert (paid["total_cost"], paid["payment"]["tap"]) == ("{5}{W}", ["w1", "w2", "w3"])
    assert unpaid["missing"] == ["tap"]


def test_a_permanents_unknown_casting_text_counts_when_it_is_on_the_battlefield() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["you"]},
            "battlefield": [
                {"id": "g1", "card": "Gideon's Intervention", "controller": "opponent"}
            ],
            "assume_mana": True,
        }
    )

    assert response["modelled"] is False


def test_the_independent_reading_finds_casting_text_outside_abilities() -> None:
    text = card("Grand Arbiter Augustin IV").oracle_text

    found = independent_casting_text(text, "Grand Arbiter Augustin IV", spell=False)

    assert [line for line, _ in found] == [0, 1, 2]


def test_every_independent_casting_sentence_of_the_test_cards_is_read_as_casting() -> None:
    from tests.engine.cards import CARDS

    for name, data in CARDS.items():
        definition = card(name)
        spell = any(t in (data["type_line"] or "") for t in ("Instant", "Sorcery"))
        for line, sentence in independent_casting_text(
            data["oracle_text"] or "", name, spell=spell
        ):
            read = [
                c.reading
                for c in definition.clauses
                if c.line == line and sentence.rstrip(".") in c.text
            ]
            assert read, (name, sentence)
            assert Reading.EFFECT not in read, (name, sentence)


def test_601_3_a_permanents_casting_text_not_understood_qualifies_any_cast() -> None:
    name, text = next(
        (name, item.text)
        for name in CARDS
        for item in card(name).unmodelled
        if item.scope is Scope.BATTLEFIELD and item.relevance is Relevance.ALWAYS
    )

    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
            "battlefield": [{"id": "p1", "card": name, "controller": "you"}],
            "assume_mana": True,
        }
    )

    assert (response["modelled"], response["not_understood"]) == (False, [f"{name}: {text}"])


def test_106_6_spending_rules_on_a_cards_own_x_qualify_its_own_cast() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Emblazoned Golem", "kicker": [1], "x": 2},
            "assume_mana": True,
        }
    )

    assert response["modelled"] is False
    assert "Spend only colored mana on X." in response["not_understood"]


#: Permanents' casting text the engine does not model that speaks of other spells without
#: saying "spells": it works while the permanent is on the battlefield (113.6).
ABOUT_OTHER_SPELLS = [
    ("Celestial Dawn", "You may spend other mana only as though it were colorless mana."),
    (
        "K'rrik, Son of Yawgmoth",
        "For each {B} in a cost, you may pay 2 life rather than pay that mana.",
    ),
    (
        "Myth Unbound",
        "Your commander costs {1} less to cast for each time it's been cast from the command "
        "zone this game.",
    ),
    (
        "Dream Halls",
        "Rather than pay the mana cost for a spell, its controller may discard a card that "
        "shares a color with that spell.",
    ),
    (
        "Elsha of the Infinite",
        "If you cast a spell this way, you may cast it as though it had flash.",
    ),
    ("Unpredictable Cyclone", "You may cast that card without paying its mana cost."),
]


def _shock_beside(name: str) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
            "battlefield": [{"id": "p1", "card": name}],
            "assume_mana": True,
        }
    )


@pytest.mark.parametrize(("name", "text"), ABOUT_OTHER_SPELLS)
def test_113_6_a_permanents_text_about_other_spells_qualifies_casts_beside_it(
    name: str, text: str
) -> None:
    response = _shock_beside(name)

    assert (response["modelled"], response["not_understood"]) == (False, [f"{name}: {text}"])


@pytest.mark.parametrize(("name", "text"), ABOUT_OTHER_SPELLS)
def test_113_6_a_permanents_text_about_other_spells_does_not_qualify_its_own_cast(
    name: str, text: str
) -> None:
    response = evaluate({"action": {"kind": "cast", "card": name}, "assume_mana": True})

    assert (response["legal"], response["modelled"]) == (True, True)


def test_601_2f_text_about_a_permanents_own_x_qualifies_its_own_cast_not_others() -> None:
    action = {"kind": "cast", "card": "Emblazoned Golem", "kicker": [0], "x": 2}
    own = evaluate({"action": action, "assume_mana": True})
    beside = _shock_beside("Emblazoned Golem")

    assert own["modelled"] is False
    assert own["not_understood"] == [
        "Spend only colored mana on X.",
        "No more than one mana of each color may be spent this way.",
    ]
    assert (beside["modelled"], beside["not_understood"]) == (True, [])


@pytest.mark.parametrize(
    ("name", "zone"),
    [("Haldan, Avid Arcanist", "exile"), ("Falco Spara, Pactweaver", "library")],
)
def test_601_3_a_permission_not_understood_qualifies_casts_from_the_zone_it_names(
    name: str, zone: str
) -> None:
    board = {zone: [{"id": "z1", "card": "Shock"}], "assume_mana": True}
    beside = {**board, "battlefield": [{"id": "p1", "card": name}]}
    action = {"kind": "cast", "from": zone, "card_id": "z1", "targets": ["opponent"]}

    permitted = evaluate({**beside, "action": action})
    alone = evaluate({**board, "action": action})
    from_hand = evaluate({**beside, "action": {"kind": "cast", "card": "Shock",
                                               "targets": ["opponent"]}})  # fmt: skip

    assert permitted["modelled"] is False
    assert permitted["not_understood"] == [f"{name}: {card(name).unmodelled[0].text}"]
    assert (alone["legal"], alone["modelled"]) == (False, True)
    assert (from_hand["legal"], from_hand["modelled"]) == (True, True)


def test_601_3_a_cards_own_permission_not_understood_qualifies_only_casts_from_its_zone() -> None:
    text = "While you're searching your library, you may cast Panglacial Wurm from your library."
    from_library = evaluate(
        {
            "library": [{"id": "l1", "card": "Panglacial Wurm"}],
            "action": {"kind": "cast", "from": "library", "card_id": "l1"},
            "assume_mana": True,
        }
    )
    from_hand = evaluate(
        {"action": {"kind": "cast", "card": "Panglacial Wurm"}, "assume_mana": True}
    )

    assert (from_library["modelled"], from_library["not_understood"]) == (False, [text])
    assert (from_hand["legal"], from_hand["modelled"], from_hand["not_understood"]) == (
        True,
        True,
        [text],
    )
