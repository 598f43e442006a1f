"""The JSON response of ``engine.evaluate`` (POST /api/v1/evaluate)."""

from __future__ import annotations

import json

from tests.engine.cards import evaluate

RESPONSE_KEYS = {
    "legal", "violations", "card", "mana_value", "total_cost", "additional_costs", "cost_steps",
    "payment", "kicked", "kick_count", "kicked_with", "split_second", "targets_required",
    "result", "clauses", "trace", "not_understood", "missing", "modelled", "alternative_cost",
    "optional_costs", "mana_spent",
}  # fmt: skip


def test_response_has_every_contract_field_and_is_json_ready() -> None:
    response = evaluate(
        {"action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1]}, "assume_mana": True}
    )

    assert set(response) == RESPONSE_KEYS
    assert json.loads(json.dumps(response)) == response


def test_illegal_action_is_an_answer_with_the_same_fields() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock"},
            "stack": [{"id": "s1", "card": "Krosan Grip"}],
        }
    )

    assert set(response) == RESPONSE_KEYS
    assert response["legal"] is False


def test_every_trace_step_cites_a_rule_and_says_it_as_a_code_with_parameters() -> None:
    from engine import MessageCode

    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Kavu Primarch", "kicker": [1], "convoke": ["c1"]},
            "battlefield": [{"id": "c1", "card": "Grizzly Bears"}],
            "assume_mana": True,
        }
    )

    steps = response["trace"]
    assert isinstance(steps, list)
    assert all(s["rule"] and s["text"] and MessageCode.lookup(s["code"]) for s in steps)
    assert steps[0]["params"] == {"card": {"card": "Kavu Primarch", "name_fr": "Primarque kavru"}}
    assert [s["rule"] for s in steps][:4] == ["601.2a", "601.2b", "702.33d", "601.2c"]


def test_601_2_trace_follows_the_casting_order() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
            "battlefield": [{"id": "m1", "card": "Mountain"}],
        }
    )

    rules = [s["rule"] for s in response["trace"]]  # type: ignore[union-attr]
    assert rules == [  # no 601.2b step: Shock has nothing to announce (no kicker, no X)
        "601.2a",
        "601.2c",
        "601.2e",
        "117.1a",
        "601.2f",
        "601.2g",
        "601.2h",
        "202.3e",
        "601.2i",
    ]


def test_response_card_is_the_english_name() -> None:
    response = evaluate({"action": {"kind": "cast", "card": "Choc"}, "assume_mana": True})

    assert response["card"] == "Shock"


def test_601_2e_cast_raises_illegal_action_error_with_every_violation() -> None:
    import pytest

    from engine import Action, ActionKind, Board, IllegalActionError, can_cast, cast
    from tests.engine.cards import card

    action = Action(kind=ActionKind.CAST, card=card("Molten Disaster"), kicker=(1,), x=2)

    with pytest.raises(IllegalActionError) as caught:
        cast(Board(), action)

    assert [v.rule for v in caught.value.violations] == ["601.2h"]
    assert can_cast(Board(), action) is False


def test_702_33f_was_kicked_with_a_given_kicker() -> None:
    from engine import Player, StackObject, was_kicked
    from tests.engine.cards import card

    spell = StackObject(id="s1", card=card("Anavolver"), controller=Player.YOU, kicked_with=(0, 1))

    assert (was_kicked(spell), was_kicked(spell, 0), was_kicked(spell, 1)) == (True, False, True)
