"""Turning a face-down permanent face up (CR 116.2b, 702.37e): a special action that pays the
morph (or megamorph) cost, checked like any payment; megamorph adds a +1/+1 counter
(702.37b); a permanent with no morph cost can't be turned face up this way."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of


def face_up(card: str, *lands: str, **extra: object) -> dict[str, object]:
    battlefield = [{"id": "m1", "card": card, "face_down": True}]
    battlefield += [{"id": f"l{i}", "card": land} for i, land in enumerate(lands)]
    return evaluate(
        {"action": {"kind": "turn_face_up", "source": "m1", **extra}, "battlefield": battlefield}
    )


def test_702_37e_turning_face_up_pays_the_morph_cost() -> None:
    response = face_up("Spined Basher", "Swamp", "Swamp", "Swamp")

    assert (response["legal"], response["total_cost"], response["payment"]["lands"]) == (  # type: ignore[index]
        True,
        "{2}{B}",
        ["l0", "l1", "l2"],
    )


def test_116_2b_the_morph_cost_must_be_payable() -> None:
    response = face_up("Spined Basher", "Swamp")

    assert rules_of(response) == ("601.2h",)


def test_702_37b_megamorph_puts_a_counter_on_it() -> None:
    response = face_up("Sandstorm Charger", *["Plains"] * 5)

    assert (response["legal"], response["result"]["counters"]) == (True, {"+1/+1": 1})  # type: ignore[index]


def test_702_37e_a_permanent_with_no_morph_cost_cant_be_turned_face_up_this_way() -> None:
    response = face_up("Grizzly Bears")

    assert rules_of(response) == ("702.37e",)


def test_116_2b_only_a_face_down_permanent_is_turned_face_up() -> None:
    response = evaluate(
        {
            "action": {"kind": "turn_face_up", "source": "m1"},
            "battlefield": [{"id": "m1", "card": "Spined Basher"}],
            "assume_mana": True,
        }
    )

    assert rules_of(response) == ("116.2b",)
