"""Copies, coherent (CR 707.10): casting a spell that copies a spell (Twincast) is judged as
that cast, and its result is the copy with X, kicker and modes copied; ``copy_spell`` is a
copy made by an effect already resolving, and only a card that copies spells can be that
effect."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of

KICKED_BOLT = {
    "id": "s1",
    "card": "Burst Lightning",
    "controller": "opponent",
    "kicker": [1],
    "targets": ["you"],
}


def test_707_10_casting_twincast_is_judged_as_a_cast() -> None:
    response = evaluate(
        {"action": {"kind": "cast", "card": "Twincast", "targets": ["s1"]}, "stack": [KICKED_BOLT]}
    )

    assert (response["card"], response["total_cost"], rules_of(response)) == (
        "Twincast",
        "{U}{U}",
        ("601.2h",),
    )


def test_707_10_twincasts_result_is_the_kicked_copy() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Twincast", "targets": ["s1"]},
            "stack": [KICKED_BOLT],
            "assume_mana": True,
        }
    )

    assert response["legal"] is True
    assert response["result"] == {
        "kind": "spell",
        "kicked": True,
        "counters": {},
        "damage": 4,
        "copy_of": "s1",
        "copies": 0,
    }


def test_707_10_twincast_needs_an_instant_or_sorcery_spell_to_target() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Twincast"},
            "stack": [{"id": "s1", "card": "Grizzly Bears", "controller": "opponent"}],
            "assume_mana": True,
        }
    )

    assert rules_of(response) == ("601.2c",)


def test_707_10_a_land_doesnt_copy_a_spell() -> None:
    response = evaluate(
        {
            "action": {"kind": "copy_spell", "card": "Forest", "copy_of": "s1"},
            "stack": [KICKED_BOLT],
        }
    )

    assert rules_of(response) == ("707.10",)
    assert response["violations"][0]["code"] == "not_a_copy_effect"  # type: ignore[index]


def test_707_10_copy_spell_names_the_effect_that_copies() -> None:
    response = evaluate(
        {
            "action": {"kind": "copy_spell", "card": "Twincast", "copy_of": "s1"},
            "stack": [KICKED_BOLT],
        }
    )

    codes = [step["code"] for step in response["trace"]]  # type: ignore[union-attr]
    assert response["legal"] is True
    assert codes[0] == "copy_by_effect"


def test_707_10_copy_of_x_spell_keeps_x() -> None:
    stack = [{"id": "s1", "card": "Molten Disaster", "controller": "opponent", "x": 3}]

    response = evaluate({"action": {"kind": "copy_spell", "copy_of": "s1"}, "stack": stack})

    assert (response["mana_value"], response["result"]["copy_of"]) == (5, "s1")  # type: ignore[index]
