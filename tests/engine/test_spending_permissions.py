"""How mana may be spent, chosen for a permanent or tied to an alternative cost: "You may spend
mana as though it were mana of any color to cast creature spells with mana value equal to the
chosen number" / "… spells with the chosen name" (609.4b, 607.2d; a conspiracy works from the
command zone, listed as a row of the board), and "You may pay {R}{G} rather than pay this
spell's mana cost. Spend only mana produced by Treasures to cast it this way" (106.6)."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import card, evaluate, rules_of


def cast(name: str, battlefield: list[dict[str, Any]], **action: Any) -> dict[str, Any]:
    return evaluate(
        {"action": {"kind": "cast", "card": name, **action}, "battlefield": battlefield}
    )


def codes(response: dict[str, Any]) -> list[str]:
    return [step["code"] for step in response["trace"]]


ISLANDS = [{"id": "l1", "card": "Island"}, {"id": "l2", "card": "Island"}]


def test_609_4b_any_color_for_creature_spells_with_mana_value_equal_to_the_chosen_number() -> None:
    def with_ploy(number: int) -> dict[str, Any]:
        ploy = {"id": "c1", "card": "Emissary's Ploy", "chosen": {"number": number}}
        return cast("Grizzly Bears", [*ISLANDS, ploy])

    two = with_ploy(2)
    three = with_ploy(3)

    assert two["legal"] is True
    assert "spend_as_though" in codes(two)
    assert rules_of(three) == ("601.2h",)


def test_609_4b_any_color_for_spells_with_the_chosen_name() -> None:
    def with_potential(name: str) -> dict[str, Any]:
        potential = {"id": "c1", "card": "Unexpected Potential", "chosen": {"name": name}}
        return cast("Grizzly Bears", [*ISLANDS, potential])

    assert with_potential("Grizzly Bears")["legal"] is True
    assert rules_of(with_potential("Shock")) == ("601.2h",)


def test_106_6_only_mana_produced_by_treasures_pays_the_alternative_cost() -> None:
    treasures = [{"id": "t1", "card": "Treasure", "token": True},
                 {"id": "t2", "card": "Treasure", "token": True}]  # fmt: skip
    lands = [{"id": "m1", "card": "Mountain"}, {"id": "f1", "card": "Forest"}]

    with_treasures = cast("Security Rhox", treasures, alternative_cost="printed")
    with_lands = cast("Security Rhox", lands, alternative_cost="printed")
    mana_cost = cast("Security Rhox", [*lands, *ISLANDS])

    assert with_treasures["legal"] is True
    assert with_treasures["total_cost"] == "{R}{G}"
    assert "spend_only" in codes(with_treasures)
    assert rules_of(with_lands) == ("601.2h",)
    assert mana_cost["legal"] is True
    assert "spend_only" not in codes(mana_cost)


def test_609_4b_spending_rules_chosen_or_tied_to_a_cost_are_casting_text_the_engine_models() -> (
    None
):
    for name in ("Emissary's Ploy", "Unexpected Potential", "Security Rhox"):
        assert not card(name).unmodelled, name
