"""Kicker (CR 702.33): announcement, total cost, kicked-only clauses and targets."""

from __future__ import annotations

from tests.engine.cards import card, evaluate, rules_of


def cast(name: str, **action: object) -> dict[str, object]:
    extra = action.pop("board", {})
    assert isinstance(extra, dict)
    return evaluate(
        {"action": {"kind": "cast", "card": name, **action}, "assume_mana": True, **extra}
    )


def test_702_33d_kicked_burst_lightning_deals_4() -> None:
    response = cast("Burst Lightning", kicker=[1])

    assert (response["kicked"], response["kick_count"], response["total_cost"]) == (
        True,
        1,
        "{4}{R}",
    )
    assert response["result"] == {
        "kind": "spell",
        "kicked": True,
        "counters": {},
        "damage": 4,
        "copy_of": None,
        "copies": 0,
    }


def test_702_33d_unkicked_burst_lightning_deals_2() -> None:
    response = cast("Burst Lightning")

    assert (response["kicked"], response["kicked_with"], response["total_cost"]) == (
        False,
        [0],
        "{R}",
    )
    assert response["result"]["damage"] == 2  # type: ignore[index]


def test_702_33d_kicker_zero_is_not_kicked() -> None:
    assert cast("Burst Lightning", kicker=[0])["kicked"] is False


def test_702_33e_kicked_only_clause_applies_when_kicked() -> None:
    response = cast("Vines of Vastwood", kicker=[1])

    assert [(c["condition"], c["applies"]) for c in response["clauses"]] == [  # type: ignore[union-attr]
        ("always", True),
        ("always", True),
        ("kicked", True),
    ]


def test_702_33e_kicked_only_clause_does_not_apply_unkicked() -> None:
    response = cast("Vines of Vastwood")

    assert response["clauses"][2]["applies"] is False  # type: ignore[index]


def test_702_33b_two_kicker_costs_both_paid() -> None:
    response = cast("Anavolver", kicker=[1, 1])

    assert (response["kick_count"], response["kicked_with"], response["total_cost"]) == (
        2,
        [1, 1],
        "{4}{G}{U}{B}",
    )
    assert response["result"]["counters"] == {"+1/+1": 3}  # type: ignore[index]


def test_702_33f_linked_kicker_b_only() -> None:
    response = cast("Anavolver", kicker=[0, 1])

    assert [c["applies"] for c in response["clauses"]] == [True, False, True]  # type: ignore[union-attr]
    assert [c["condition"] for c in response["clauses"]] == ["always", "kicked_a", "kicked_b"]  # type: ignore[union-attr]
    assert response["result"]["counters"] == {"+1/+1": 1}  # type: ignore[index]


def test_702_33f_illuminate_a_kicker_adds_damage_to_controller() -> None:
    response = cast("Illuminate", kicker=[1, 0], x=3)

    assert (response["total_cost"], response["mana_value"]) == ("{5}{R}{R}", 4)
    assert response["result"]["damage"] == 3  # type: ignore[index]


def test_702_33g_jilt_unkicked_needs_one_target() -> None:
    assert cast("Jilt")["targets_required"] == 1


def test_702_33g_jilt_kicked_needs_two_targets() -> None:
    assert cast("Jilt", kicker=[1])["targets_required"] == 2


def test_702_33g_kicked_jilt_with_one_target_is_illegal() -> None:
    board = {"battlefield": [{"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}]}

    response = cast("Jilt", kicker=[1], targets=["c1"], board=board)

    assert (rules_of(response), response["missing"]) == (("601.2c",), ["targets"])


def test_601_2c_kicked_jilt_needs_another_target() -> None:
    board = {"battlefield": [{"id": "c1", "card": "Grizzly Bears"}]}

    response = cast("Jilt", kicker=[1], targets=["c1", "c1"], board=board)

    assert rules_of(response) == ("601.2c",)


def test_702_33g_kicked_jilt_with_two_creatures_is_legal() -> None:
    board = {
        "battlefield": [
            {"id": "c1", "card": "Grizzly Bears"},
            {"id": "c2", "card": "Savannah Lions", "controller": "opponent"},
        ]
    }

    response = cast("Jilt", kicker=[1], targets=["c1", "c2"], board=board)

    assert (response["legal"], response["result"]["damage"]) == (True, 2)  # type: ignore[index]


def test_702_33g_rushing_river_kicked_needs_a_second_target() -> None:
    assert (
        cast("Rushing River")["targets_required"],
        cast("Rushing River", kicker=[1])["targets_required"],
    ) == (1, 2)


def test_702_33a_rushing_river_kicker_is_sacrificing_a_land() -> None:
    board = {
        "battlefield": [
            {"id": "l1", "card": "Island"},
            {"id": "p1", "card": "Clone", "controller": "opponent"},
            {"id": "p2", "card": "Grizzly Bears", "controller": "opponent"},
        ]
    }

    response = cast(
        "Rushing River", kicker=[1], sacrifice=["l1"], targets=["p1", "p2"], board=board
    )

    assert (response["additional_costs"], response["total_cost"], response["legal"]) == (
        ["Sacrifice a land"],
        "{2}{U}",
        True,
    )
    assert response["payment"]["sacrifice"] == ["l1"]  # type: ignore[index]


def test_118_3_rushing_river_kicked_without_a_land_is_illegal() -> None:
    board = {
        "battlefield": [
            {"id": "p1", "card": "Clone", "controller": "opponent"},
            {"id": "p2", "card": "Grizzly Bears", "controller": "opponent"},
        ]
    }

    response = cast("Rushing River", kicker=[1], targets=["p1", "p2"], board=board)

    assert rules_of(response) == ("118.3",)


def test_702_33a_sacrificed_land_must_be_yours() -> None:
    board = {
        "battlefield": [
            {"id": "l1", "card": "Island", "controller": "opponent"},
            {"id": "p1", "card": "Clone", "controller": "opponent"},
            {"id": "p2", "card": "Grizzly Bears", "controller": "opponent"},
        ]
    }

    response = cast(
        "Rushing River", kicker=[1], sacrifice=["l1"], targets=["p1", "p2"], board=board
    )

    assert rules_of(response) == ("118.3", "118.3")


def test_702_33g_bloodchiefs_thirst_kicked_target_replaces_small_target() -> None:
    board = {"battlefield": [{"id": "c1", "card": "Serra Angel", "controller": "opponent"}]}

    unkicked = cast("Bloodchief's Thirst", targets=["c1"], board=board)
    kicked = cast("Bloodchief's Thirst", kicker=[1], targets=["c1"], board=board)

    assert (rules_of(unkicked), kicked["legal"], kicked["targets_required"]) == (
        ("601.2c",),
        True,
        1,
    )


def test_702_33d_fight_with_fire_kicked_divides_among_any_number_of_targets() -> None:
    board = {"battlefield": [{"id": "c1", "card": "Serra Angel", "controller": "opponent"}]}

    response = cast("Fight with Fire", kicker=[1], targets=["opponent", "c1"], board=board)

    assert (response["legal"], response["result"]["damage"]) == (True, 10)  # type: ignore[index]


def test_702_33d_gatekeeper_kicked_trigger_applies() -> None:
    response = cast("Gatekeeper of Malakir", kicker=[1])

    assert (response["targets_required"], response["clauses"][1]["applies"]) == (0, True)  # type: ignore[index]


def test_702_33d_skizzik_not_kicked_clause_applies_only_unkicked() -> None:
    assert cast("Skizzik")["clauses"][2]["applies"] is True  # type: ignore[index]
    assert cast("Skizzik", kicker=[1])["clauses"][2]["applies"] is False  # type: ignore[index]


def test_702_33d_kicked_gnarlid_colony_enters_with_two_counters() -> None:
    response = cast("Gnarlid Colony", kicker=[1])

    assert (response["total_cost"], response["result"]["counters"]) == (  # type: ignore[index]
        "{3}{G}{G}",
        {"+1/+1": 2},
    )


def test_702_33a_kicker_costs_read_from_text() -> None:
    assert [str(c) for c in card("Necravolver").kicker_costs] == ["{1}{G}", "{W}"]
    assert [str(c) for c in card("Rushing River").kicker_costs] == ["Sacrifice a land"]
