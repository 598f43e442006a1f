"""Multikicker (CR 702.33c): a kicker cost paid any number of times."""

from __future__ import annotations

from tests.engine.cards import card, evaluate


def cast(name: str, **action: object) -> dict[str, object]:
    return evaluate({"action": {"kind": "cast", "card": name, **action}, "assume_mana": True})


def test_702_33c_apex_hawks_kicked_three_times() -> None:
    response = cast("Apex Hawks", kicker=[3])

    assert (response["total_cost"], response["kick_count"], response["mana_value"]) == (
        "{5}{W}{W}{W}{W}",
        3,
        3,
    )
    assert response["result"]["counters"] == {"+1/+1": 3}  # type: ignore[index]


def test_702_33c_cost_steps_add_multikicker_once_per_kick() -> None:
    response = cast("Apex Hawks", kicker=[3])

    assert [s["cost"] for s in response["cost_steps"]] == [  # type: ignore[union-attr]
        "{2}{W}",
        "{3}{W}{W}",
        "{4}{W}{W}{W}",
        "{5}{W}{W}{W}{W}",
        "{5}{W}{W}{W}{W}",
    ]


def test_702_33c_everflowing_chalice_charge_counter_per_kick() -> None:
    response = cast("Everflowing Chalice", kicker=[2])

    assert (response["total_cost"], response["result"]["counters"]) == (  # type: ignore[index]
        "{4}",
        {"charge": 2},
    )


def test_702_33c_comet_storm_one_more_target_per_kick() -> None:
    response = cast("Comet Storm", kicker=[2], x=3)

    assert (response["targets_required"], response["total_cost"]) == (3, "{5}{R}{R}")
    assert response["result"]["damage"] == 3  # type: ignore[index]


def test_702_33c_unkicked_comet_storm_needs_one_target() -> None:
    assert cast("Comet Storm", x=1)["targets_required"] == 1


def test_702_33c_deathforge_shaman_damage_is_twice_the_kicks() -> None:
    assert cast("Deathforge Shaman", kicker=[2])["result"]["damage"] == 4  # type: ignore[index]


def test_702_33c_joraga_warcaller_per_kick_clause() -> None:
    response = cast("Joraga Warcaller", kicker=[0])

    assert (response["clauses"][1]["condition"], response["clauses"][1]["applies"]) == (  # type: ignore[index]
        "per_kick",
        False,
    )


def test_702_33c_multikicker_is_read_apart_from_kicker() -> None:
    hawks = card("Apex Hawks")

    assert (hawks.kicker_costs, str(hawks.multikicker_cost)) == ((), "{1}{W}")
