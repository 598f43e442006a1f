"""Activating a mana ability (CR 605): it doesn't use the stack, so nothing can respond."""

from __future__ import annotations

from tests.engine.cards import evaluate

ELVES = {"id": "e1", "card": "Llanowar Elves"}


def activate(stack: list[dict[str, object]] | None = None) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "activate_mana_ability", "source": "e1"},
            "battlefield": [ELVES],
            "stack": stack or [],
        }
    )


def test_605_3b_a_mana_ability_does_not_use_the_stack() -> None:
    response = activate()

    result = response["result"]
    assert isinstance(result, dict)
    assert (response["legal"], result["kind"]) == (True, "mana_ability")
    assert [s["rule"] for s in response["trace"]] == ["605.3b"]  # type: ignore[union-attr]


def test_702_61b_split_second_is_named_only_when_a_spell_on_the_stack_has_it() -> None:
    disaster = {"id": "s1", "card": "Molten Disaster", "controller": "opponent", "kicker": [1]}

    response = activate([disaster])

    assert [s["rule"] for s in response["trace"]] == ["702.61b", "605.3b"]  # type: ignore[union-attr]


def test_602_an_ability_that_is_not_a_mana_ability_goes_on_the_stack() -> None:
    response = evaluate(
        {
            "action": {"kind": "activate_ability", "source": "p1"},
            "battlefield": [{"id": "p1", "card": "Qasali Pridemage"}],
        }
    )

    result = response["result"]
    assert isinstance(result, dict)
    assert result["kind"] == "ability"
