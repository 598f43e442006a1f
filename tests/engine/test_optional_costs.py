"""Optional additional costs announced in 601.2b and added to the total in 601.2f: buyback
(702.27a), entwine (702.42a), escalate (702.120a), replicate (702.56a), casualty (702.153a),
conspire (702.78a) and splice (702.47a); the answer echoes what was paid and counts the
copies."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Request, RequestError
from tests.engine.cards import CATALOG, evaluate, rules_of

BEARS = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}


def cast(name: str, board: dict[str, Any] | None = None, **action: Any) -> Any:
    return evaluate(
        {"action": {"kind": "cast", "card": name, **action}, "assume_mana": True, **(board or {})}
    )


def test_702_27a_buyback_adds_its_cost_when_announced() -> None:
    paid = cast("Capsize", {"battlefield": [BEARS]}, targets=["c1"], optional_costs={"buyback": 1})
    unpaid = cast("Capsize", {"battlefield": [BEARS]}, targets=["c1"])

    assert (paid["total_cost"], paid["optional_costs"]) == ("{4}{U}{U}", {"buyback": 1})
    assert (unpaid["total_cost"], unpaid["optional_costs"]) == ("{1}{U}{U}", {})
    assert "702.27a" in [step["rule"] for step in paid["cost_steps"]]


def test_702_27a_a_buyback_that_sacrifices_a_land_takes_it_from_sacrifice() -> None:
    board = {"battlefield": [{"id": "l1", "card": "Forest"}]}

    paid = cast("Constant Mists", board, optional_costs={"buyback": 1}, sacrifice=["l1"])
    missing = cast("Constant Mists", board, optional_costs={"buyback": 1})

    assert (paid["legal"], paid["payment"]["sacrifice"]) == (True, ["l1"])
    assert missing["missing"] == ["sacrifice"]


def test_702_27a_buyback_is_paid_once_at_most() -> None:
    with pytest.raises(RequestError) as error:
        Request.from_dict(
            {"action": {"kind": "cast", "card": "Capsize", "optional_costs": {"buyback": 2}}},
            CATALOG,
        )
    assert error.value.errors[0].field == "action.optional_costs.buyback"


def test_601_2b_a_card_without_the_optional_cost_is_a_request_error() -> None:
    with pytest.raises(RequestError) as error:
        Request.from_dict(
            {"action": {"kind": "cast", "card": "Shock", "optional_costs": {"entwine": 1}}},
            CATALOG,
        )
    assert "Shock has no entwine" in error.value.errors[0].message


def test_702_42a_entwine_chooses_every_mode_and_adds_its_cost() -> None:
    response = cast("Tooth and Nail", optional_costs={"entwine": 1})

    assert response["legal"] is True
    assert response["total_cost"] == "{7}{G}{G}"
    assert [c["mode"] for c in response["clauses"] if c["applies"] and c["mode"] is not None] == [
        0,
        1,
    ]


def test_702_42a_entwined_with_one_mode_chosen_is_a_violation() -> None:
    response = cast("Tooth and Nail", optional_costs={"entwine": 1}, modes=[0])

    assert rules_of(response) == ("702.42a",)


def test_702_120a_escalate_is_paid_for_each_mode_beyond_the_first() -> None:
    board = {"battlefield": [BEARS]}
    response = cast(
        "Collective Defiance", board, modes=[0, 1, 2], targets=["opponent", "c1", "opponent"]
    )

    assert response["total_cost"] == "{3}{R}{R}"
    assert response["optional_costs"] == {"escalate": 2}


def test_702_120a_an_escalate_count_that_is_not_the_modes_is_a_violation() -> None:
    response = cast(
        "Collective Defiance", modes=[0], targets=["opponent"], optional_costs={"escalate": 2}
    )

    assert rules_of(response) == ("702.120a",)


def test_702_56a_replicate_paid_three_times_makes_three_copies() -> None:
    response = cast("Train of Thought", optional_costs={"replicate": 3})

    assert response["total_cost"] == "{4}{U}{U}{U}{U}"
    assert response["result"]["copies"] == 3
    assert response["optional_costs"] == {"replicate": 3}


def test_702_153a_casualty_sacrifices_a_creature_with_enough_power_for_a_copy() -> None:
    board = {
        "battlefield": [{"id": "b1", "card": "Grizzly Bears"}],
        "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}],
    }

    paid = cast(
        "Make Disappear", board, targets=["s1"], optional_costs={"casualty": 1}, sacrifice=["b1"]
    )
    missing = cast("Make Disappear", board, targets=["s1"], optional_costs={"casualty": 1})

    assert (paid["legal"], paid["result"]["copies"], paid["payment"]["sacrifice"]) == (
        True,
        1,
        ["b1"],
    )
    assert missing["missing"] == ["sacrifice"]


def test_702_78a_conspire_taps_two_creatures_that_share_a_color_for_a_copy() -> None:
    # Ghastly Discovery is blue: blue creatures can conspire for it, red Raging Goblins not.
    blue = [{"id": f"u{i}", "card": "Aether Figment"} for i in range(2)]
    red = [{"id": f"r{i}", "card": "Raging Goblin"} for i in range(2)]

    paid = cast(
        "Ghastly Discovery", {"battlefield": blue}, optional_costs={"conspire": 1}, tap=["u0", "u1"]
    )
    wrong = cast(
        "Ghastly Discovery", {"battlefield": red}, optional_costs={"conspire": 1}, tap=["r0", "r1"]
    )

    assert (paid["legal"], paid["result"]["copies"], paid["payment"]["tap"]) == (
        True,
        1,
        ["u0", "u1"],
    )
    assert rules_of(wrong) == ("702.78a",)


def test_702_47a_splice_reveals_the_card_and_adds_its_splice_cost() -> None:
    board = {"hand": [{"id": "h1", "card": "Glacial Ray"}]}

    response = cast("Reach Through Mists", board, splice=["h1"])

    assert response["legal"] is True
    assert response["total_cost"] == "{1}{U}{R}"
    assert response["optional_costs"] == {"splice": 1}
    assert "702.47a" in [step["rule"] for step in response["trace"]]


def test_702_47a_splice_only_onto_the_quality_it_names() -> None:
    board = {"hand": [{"id": "h1", "card": "Glacial Ray"}]}

    response = cast("Shock", board, splice=["h1"], targets=["opponent"])

    assert response["violations"][0]["code"] == "splice_wrong_spell"


def test_702_47a_a_card_without_splice_cant_be_spliced() -> None:
    board = {"hand": [{"id": "h1", "card": "Shock"}]}

    response = cast("Reach Through Mists", board, splice=["h1"])

    assert response["violations"][0]["code"] == "no_splice"
