"""Split second (CR 702.61), computed from the current stack."""

from __future__ import annotations

import pytest

from tests.engine.cards import evaluate, rules_of

KICKED_DISASTER = {
    "id": "s1",
    "card": "Molten Disaster",
    "controller": "opponent",
    "kicker": [1],
    "x": 3,
}
UNKICKED_DISASTER = {**KICKED_DISASTER, "kicker": [0]}


def act(
    kind: str,
    stack: list[dict[str, object]],
    battlefield: list[dict[str, object]] | None = None,
    **action: object,
) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": kind, **action},
            "stack": stack,
            "battlefield": battlefield or [],
            "assume_mana": True,
        }
    )


def test_702_61a_split_second_blocks_casting() -> None:
    response = act("cast", [KICKED_DISASTER], card="Shock", targets=["opponent"])

    assert rules_of(response) == ("702.61a",)
    violation = response["violations"][0]  # type: ignore[index]
    assert violation["message"].startswith("Molten Disaster (s1) has split second (it was kicked)")
    assert (violation["code"], violation["params"]) == (
        "split_second_lock_kicked",
        {"spell": {"id": "s1", "card": "Molten Disaster", "name_fr": "Désastre en fusion"}},
    )


def test_702_61a_unkicked_molten_disaster_does_not_block_casting() -> None:
    assert act("cast", [UNKICKED_DISASTER], card="Shock", targets=["opponent"])["legal"] is True


def test_702_61a_kicked_molten_disaster_has_split_second_when_cast() -> None:
    response = act("cast", [], card="Molten Disaster", kicker=[1], x=2)

    assert (response["split_second"], response["total_cost"], response["mana_value"]) == (
        True,
        "{2}{R}{R}{R}",
        4,
    )


def test_702_61a_unkicked_molten_disaster_has_no_split_second() -> None:
    assert act("cast", [], card="Molten Disaster", x=2)["split_second"] is False


def test_702_61a_printed_split_second_blocks_casting() -> None:
    grip = {"id": "s1", "card": "Krosan Grip", "controller": "opponent"}

    assert rules_of(act("cast", [grip], card="Counterspell", targets=["s1"])) == ("702.61a",)


def test_702_61a_blocks_non_mana_activated_abilities() -> None:
    pyromancer = {"id": "p1", "card": "Prodigal Pyromancer"}

    response = act("activate_ability", [KICKED_DISASTER], [pyromancer], source="p1")

    assert rules_of(response) == ("702.61a",)


def test_702_61b_mana_abilities_still_allowed() -> None:
    elves = {"id": "e1", "card": "Llanowar Elves"}

    response = act("activate_mana_ability", [KICKED_DISASTER], [elves], source="e1")

    assert (response["legal"], response["trace"][0]["rule"]) == (True, "702.61b")  # type: ignore[index]


def test_116_2b_turning_face_down_creature_face_up_still_allowed() -> None:
    morph = {"id": "m1", "card": "Exalted Angel", "face_down": True}

    response = act("turn_face_up", [KICKED_DISASTER], [morph], source="m1")

    assert (response["legal"], response["result"]["kind"]) == (True, "special_action")  # type: ignore[index]


def test_702_61b_triggered_ability_still_put_on_stack() -> None:
    chalice = {"id": "c1", "card": "Chalice of the Void", "counters": {"charge": 1}}

    response = act("put_trigger_on_stack", [KICKED_DISASTER], [chalice], source="c1")

    assert response["legal"] is True


def test_702_61a_cascade_cannot_cast_while_split_second_on_stack() -> None:
    nexus = {"id": "n1", "card": "Maelstrom Nexus"}

    response = act(
        "cast_from_trigger", [KICKED_DISASTER], [nexus], card="Shock", targets=["opponent"]
    )

    assert rules_of(response) == ("702.61a",)


def test_702_61a_split_second_lock_ends_when_spell_leaves_stack() -> None:
    assert act("cast", [], card="Shock", targets=["opponent"])["legal"] is True


def test_702_61a_split_second_below_other_spells_still_locks() -> None:
    stack = [KICKED_DISASTER, {"id": "s2", "card": "Shock", "controller": "you"}]

    assert rules_of(act("cast", stack, card="Lightning Bolt", targets=["opponent"])) == ("702.61a",)


def test_702_61a_caster_is_locked_too() -> None:
    mine = {**KICKED_DISASTER, "controller": "you"}

    assert rules_of(act("cast", [mine], card="Shock", targets=["opponent"])) == ("702.61a",)


def test_702_61a_flash_creature_blocked() -> None:
    assert rules_of(act("cast", [KICKED_DISASTER], card="Snapcaster Mage")) == ("702.61a",)


def test_702_61a_check_can_and_perform_agree_on_an_activation() -> None:
    from engine import IllegalActionError, Request, can, check, perform
    from tests.engine.cards import CATALOG

    pyromancer = {"id": "p1", "card": "Prodigal Pyromancer"}
    activation = {"kind": "activate_ability", "source": "p1"}
    locked = Request.from_dict(
        {"action": activation, "stack": [KICKED_DISASTER], "battlefield": [pyromancer]}, CATALOG
    )
    free = Request.from_dict({"action": activation, "battlefield": [pyromancer]}, CATALOG)

    violations = check(locked.board, locked.action)
    with pytest.raises(IllegalActionError) as refused:
        perform(locked.board, locked.action)

    assert [v.rule for v in violations] == ["702.61a"]
    assert can(locked.board, locked.action) is False
    assert refused.value.violations == violations
    assert (check(free.board, free.action), can(free.board, free.action)) == ((), True)
    assert perform(free.board, free.action).legal is True
