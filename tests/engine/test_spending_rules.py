"""How mana may be spent: a permanent's "You may spend mana as though it were mana of any
color" (CR 609.4b) and a spell's own "Spend only mana produced by basic lands to cast this
spell" (106.6)."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import card, evaluate, rules_of


def cast(name: str, permanents: list[str], **action: Any) -> Any:
    battlefield = [{"id": f"p{i}", "card": c} for i, c in enumerate(permanents, start=1)]
    return evaluate(
        {"action": {"kind": "cast", "card": name, **action}, "battlefield": battlefield}
    )


def codes(response: Any) -> list[str]:
    return [step["code"] for step in response["trace"]]


def test_609_4b_mana_spent_as_though_it_were_any_color_pays_colored_pips() -> None:
    without = cast("Grizzly Bears", ["Island", "Island"])
    with_orrery = cast("Grizzly Bears", ["Island", "Island", "Chromatic Orrery"])

    assert rules_of(without) == ("601.2h",)
    assert with_orrery["legal"] is True
    assert "spend_as_though" in codes(with_orrery)


def test_609_4b_the_permission_covers_only_the_spells_it_names() -> None:
    # Oath of Nissa: "… to cast planeswalker spells."
    bears = cast("Grizzly Bears", ["Island", "Island", "Oath of Nissa"])
    karn = cast("Karn, the Great Creator", ["Island"] * 4 + ["Oath of Nissa"])

    assert bears["legal"] is False
    assert "spend_as_though" not in codes(bears)
    assert karn["legal"] is True


def test_609_4b_an_opponent_s_permission_to_you_is_not_yours() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Grizzly Bears"},
            "battlefield": [
                {"id": "p1", "card": "Island"},
                {"id": "p2", "card": "Island"},
                {"id": "p3", "card": "Chromatic Orrery", "controller": "opponent"},
            ],
        }
    )

    assert response["legal"] is False


def test_609_4b_players_may_spend_mana_as_any_color_for_everyone() -> None:
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Grizzly Bears"},
            "battlefield": [
                {"id": "p1", "card": "Island"},
                {"id": "p2", "card": "Island"},
                {"id": "p3", "card": "Mycosynth Lattice", "controller": "opponent"},
            ],
        }
    )

    assert response["legal"] is True


def test_609_4b_only_the_named_mana_is_spent_as_another_color() -> None:
    # Sunglasses of Urza: white mana as though it were red — not green.
    shock = cast("Shock", ["Plains", "Sunglasses of Urza"], targets=["opponent"])
    bears = cast("Grizzly Bears", ["Plains", "Plains", "Sunglasses of Urza"])

    assert shock["legal"] is True
    assert bears["legal"] is False


def test_106_6_only_mana_produced_by_basic_lands_pays_imperiosaur() -> None:
    basics = cast("Imperiosaur", ["Forest"] * 4)
    with_city = cast("Imperiosaur", ["Forest", "Forest", "Forest", "City of Brass"])

    assert basics["legal"] is True
    assert "spend_only" in codes(basics)
    assert rules_of(with_city) == ("601.2h",)


def test_106_6_only_mana_produced_by_creatures_pays_myr_superion() -> None:
    lands = cast("Myr Superion", ["Forest", "Forest"])
    elves = evaluate(
        {
            "action": {"kind": "cast", "card": "Myr Superion"},
            "battlefield": [{"id": f"e{i}", "card": "Llanowar Elves"} for i in range(2)],
        }
    )

    assert lands["legal"] is False
    assert elves["legal"] is True


def test_106_6_mana_in_the_pool_has_no_known_source_for_spend_only() -> None:
    response = evaluate(
        {"action": {"kind": "cast", "card": "Imperiosaur"}, "mana_pool": "{G}{G}{G}{G}"}
    )

    assert response["legal"] is False


def test_609_4b_spending_rules_are_casting_text_the_engine_models() -> None:
    for name in ("Chromatic Orrery", "Mycosynth Lattice", "Oath of Nissa", "Imperiosaur",
                 "Myr Superion", "Sunglasses of Urza", "Vizier of the Menagerie"):  # fmt: skip
        assert not card(name).unmodelled, name
