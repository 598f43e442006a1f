"""What a spell reads of the mana spent to cast it (CR 601.2h, 106.1a): the colors spent
(converge), the amount spent, adamant (207.2c), {S} spent (107.4h). The answer's
``mana_spent`` says what the payment spends and the trace says what each sentence reads."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import card, evaluate


def cast(name: str, lands: list[str], **action: Any) -> Any:
    battlefield = [{"id": f"l{i}", "card": land} for i, land in enumerate(lands, start=1)]
    return evaluate(
        {"action": {"kind": "cast", "card": name, **action}, "battlefield": battlefield}
    )


def steps(response: Any, code: str) -> list[Any]:
    return [step for step in response["trace"] if step["code"] == code]


def test_601_2h_converge_counts_the_colors_of_mana_spent() -> None:
    # Kaleidoscorch {1}{R}: a Mountain pays {R}, an Island pays {1}: two colors.
    response = cast("Kaleidoscorch", ["Mountain", "Island"], targets=["opponent"])

    assert response["legal"] is True
    assert response["modelled"] is True
    assert response["mana_spent"]["colors"] == ["U", "R"]
    assert response["mana_spent"]["mana"] == "{U}{R}"
    assert steps(response, "spent_count")[0]["params"]["count"] == 2


def test_601_2h_one_color_spent_twice_counts_once() -> None:
    response = cast("Kaleidoscorch", ["Mountain", "Mountain"], targets=["opponent"])

    assert response["mana_spent"]["colors"] == ["R"]
    assert steps(response, "spent_count")[0]["params"]["count"] == 1


def test_106_1b_a_dual_land_paying_generic_mana_is_reported_as_a_new_color() -> None:
    # City of Brass makes any color: for converge it is reported as the color not yet spent.
    response = cast("Kaleidoscorch", ["Mountain", "City of Brass"], targets=["opponent"])

    assert len(response["mana_spent"]["colors"]) == 2
    assert "R" in response["mana_spent"]["colors"]


def test_106_1b_a_source_of_any_color_is_reported_as_adamant_s_color() -> None:
    response = cast("Slaying Fire", ["Mountain", "Mountain", "City of Brass"], targets=["opponent"])

    assert response["mana_spent"]["mana"] == "{R}{R}{R}"
    assert steps(response, "spent_holds")


def test_601_2h_converge_on_a_permanent_counts_colors_for_its_counters() -> None:
    response = cast("Tajuru Stalwart", ["Forest", "Island", "Plains"])

    assert response["mana_spent"]["colors"] == ["W", "U", "G"]
    assert steps(response, "spent_count")[0]["params"]["count"] == 3


def test_601_2h_the_amount_of_mana_spent_includes_x() -> None:
    response = cast("Marath, Will of the Wild", ["Mountain", "Forest", "Plains"])

    assert response["mana_spent"]["amount"] == 3
    assert steps(response, "spent_count")[0]["params"]["count"] == 3


def test_207_2c_adamant_holds_with_three_red_mana() -> None:
    response = cast("Slaying Fire", ["Mountain"] * 3, targets=["opponent"])

    assert response["mana_spent"]["mana"] == "{R}{R}{R}"
    assert steps(response, "spent_holds")[0]["params"]["text"].startswith("If at least three")


def test_207_2c_adamant_does_not_hold_with_two_red_mana() -> None:
    response = cast("Slaying Fire", ["Mountain", "Mountain", "Island"], targets=["opponent"])

    assert response["legal"] is True
    assert steps(response, "spent_fails")
    assert not steps(response, "spent_holds")


def test_207_2c_adamant_of_one_color_reads_the_most_spent_color() -> None:
    held = cast("Henge Walker", ["Island"] * 3)
    failed = cast("Henge Walker", ["Island", "Island", "Forest"])

    assert steps(held, "spent_holds")
    assert steps(failed, "spent_fails")


def test_107_4h_snow_mana_spent_counts_mana_from_snow_sources() -> None:
    lands = ["Snow-Covered Swamp", "Snow-Covered Swamp", "Snow-Covered Forest", "Swamp", "Swamp"]
    response = cast("Blood on the Snow", [*lands, "Island"], modes=[0])

    assert response["mana_spent"]["snow"] == 3
    assert steps(response, "spent_count")[0]["params"]["count"] == 3


def test_601_2h_with_mana_assumed_the_generic_part_is_left_open() -> None:
    response = evaluate(
        {"action": {"kind": "cast", "card": "Slaying Fire", "targets": ["opponent"]},
         "assume_mana": True}
    )  # fmt: skip

    assert response["mana_spent"]["exact"] is False
    assert response["mana_spent"]["mana"] == "{2}{R}"
    assert steps(response, "spent_open")


def test_601_2h_a_card_that_reads_no_mana_spent_answers_null() -> None:
    response = cast("Grizzly Bears", ["Forest", "Forest"])

    assert response["mana_spent"] is None


def test_601_2h_reading_the_mana_spent_is_casting_text_the_engine_models() -> None:
    for name in ("Kaleidoscorch", "Slaying Fire", "Tajuru Stalwart", "Memory Deluge",
                 "Prismatic Ending", "Devour Intellect", "Henge Walker"):  # fmt: skip
        definition = card(name)
        assert definition.spent_readings, name
        assert not definition.unmodelled, name
