"""Request validation: every malformed field is a RequestError with its path."""

from __future__ import annotations

import pytest
from cards import evaluate

from engine import FieldError, RequestError


def errors_of(request: object) -> tuple[FieldError, ...]:
    with pytest.raises(RequestError) as caught:
        evaluate(request)  # type: ignore[arg-type]
    return caught.value.errors


def test_request_action_is_required() -> None:
    assert errors_of({}) == (FieldError("action", "is required"),)


def test_request_unknown_top_level_key_is_rejected() -> None:
    errors = errors_of({"action": {"kind": "put_trigger_on_stack"}, "colour": 1})

    assert errors == (FieldError("colour", "unknown field"),)


def test_request_unknown_action_key_is_rejected() -> None:
    errors = errors_of({"action": {"kind": "put_trigger_on_stack", "kikcer": [1]}})

    assert errors == (FieldError("action.kikcer", "unknown field"),)


def test_request_unknown_card_suggests_close_names() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Burst Lightnin"}})

    assert errors == (
        FieldError("action.card", "unknown card 'Burst Lightnin'; did you mean Burst Lightning?"),
    )


def test_request_french_name_is_accepted() -> None:
    response = evaluate(
        {"action": {"kind": "cast", "card": "éclair explosif", "kicker": [1]}, "assume_mana": True}
    )

    assert (response["card"], response["total_cost"]) == ("Burst Lightning", "{4}{R}")


def test_request_too_many_kicker_counts() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1, 0]}})

    assert errors == (
        FieldError("action.kicker", "Burst Lightning has 1 kicker cost; got 2 counts"),
    )


def test_request_kicker_paid_twice_is_rejected_citing_the_ruling() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Burst Lightning", "kicker": [2]}})

    assert errors[0].field == "action.kicker[0]"
    assert "doesn't let you pay a kicker cost more than once" in errors[0].message


def test_request_multikicker_may_be_paid_many_times() -> None:
    response = evaluate(
        {"action": {"kind": "cast", "card": "Apex Hawks", "kicker": [4]}, "assume_mana": True}
    )

    assert response["kick_count"] == 4


def test_request_negative_x_is_rejected() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Chord of Calling", "x": -1}})

    assert errors == (FieldError("action.x", "must not be negative"),)


def test_request_x_on_card_without_x_is_rejected() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Shock", "x": 2}})

    assert errors == (FieldError("action.x", "Shock has no {X} in its mana cost"),)


def test_request_bad_mana_notation() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "Shock", "cost_increases": ["{Q}"]}})

    assert errors[0].field == "action.cost_increases[0]"


def test_request_ids_that_point_nowhere() -> None:
    errors = errors_of(
        {
            "action": {
                "kind": "cast",
                "card": "Kavu Primarch",
                "convoke": ["c9"],
                "targets": ["nobody"],
            }
        }
    )

    assert [e.field for e in errors] == ["action.convoke[0]", "action.targets[0]"]


def test_request_duplicate_ids() -> None:
    errors = errors_of(
        {
            "action": {"kind": "put_trigger_on_stack"},
            "battlefield": [{"id": "a", "card": "Forest"}],
            "stack": [{"id": "a", "card": "Shock"}],
        }
    )

    assert errors == (FieldError("stack[0].id", "duplicate id 'a'"),)


def test_request_reports_every_error_at_once() -> None:
    errors = errors_of(
        {
            "action": {"kind": "cast", "card": 3, "player": "me"},
            "battlefield": "x",
            "turn": {"phase": "upkeep"},
        }
    )

    assert [e.field for e in errors] == [
        "battlefield",
        "turn.phase",
        "action.player",
        "action.card",
    ]


def test_request_bad_types() -> None:
    errors = errors_of(
        {
            "action": {"kind": "cast", "card": "Shock"},
            "assume_mana": "yes",
            "battlefield": [{"id": "m1", "card": "Mountain", "tapped": 1}],
        }
    )

    assert [e.field for e in errors] == ["battlefield[0].tapped", "assume_mana"]


def test_request_too_many_permanents() -> None:
    battlefield = [{"id": f"m{i}", "card": "Mountain"} for i in range(201)]

    errors = errors_of({"action": {"kind": "put_trigger_on_stack"}, "battlefield": battlefield})

    assert errors == (FieldError("battlefield", "has more than 200 objects"),)


def test_request_too_many_stack_objects() -> None:
    stack = [{"id": f"s{i}", "card": "Shock"} for i in range(51)]

    errors = errors_of({"action": {"kind": "put_trigger_on_stack"}, "stack": stack})

    assert errors == (FieldError("stack", "has more than 50 objects"),)


def test_request_long_strings_are_rejected() -> None:
    errors = errors_of({"action": {"kind": "cast", "card": "x" * 500}})

    assert errors == (FieldError("action.card", "is longer than 200 characters"),)


def test_request_copy_spell_needs_a_stack_id() -> None:
    errors = errors_of({"action": {"kind": "copy_spell", "copy_of": "c1"}})

    assert errors == (FieldError("action.copy_of", "'c1' is not a stack id"),)


def test_request_mana_pool_holds_only_mana() -> None:
    errors = errors_of({"action": {"kind": "put_trigger_on_stack"}, "mana_pool": "{2}"})

    assert errors[0].field == "mana_pool"


def test_request_not_a_mapping() -> None:
    assert errors_of([1, 2]) == (FieldError("", "must be an object"),)


def test_request_error_is_an_engine_error_and_value_error() -> None:
    from engine import EngineError

    assert issubclass(RequestError, EngineError)
    assert issubclass(RequestError, ValueError)
