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


def exiled_with(permanent: dict[str, Any], name: str, **board: Any) -> dict[str, Any]:
    return {
        "battlefield": [permanent, *ISLANDS],
        "exile": [{"id": "e1", "card": name, "owner": "opponent", "exiled_with": "p1"}],
        **board,
    }


def test_609_4b_cards_exiled_with_it_are_cast_spending_mana_as_any_color() -> None:
    board = exiled_with({"id": "p1", "card": "Rogue Class"}, "Grizzly Bears")

    from_exile = evaluate({**board, "action": {"kind": "cast", "card_id": "e1", "from": "exile"}})
    from_hand = cast("Grizzly Bears", [board["battlefield"][0], *ISLANDS])

    assert from_exile["legal"] is True
    assert "spend_as_though" in codes(from_exile)
    assert rules_of(from_hand) == ("601.2h",)
    assert "spend_as_though" not in codes(from_hand)


def test_601_3_during_each_player_s_turn_that_player_may_cast_one_spell_exiled_with_it() -> None:
    spoils = {"id": "p1", "card": "Share the Spoils", "controller": "opponent"}
    shock = {"kind": "cast", "card_id": "e1", "from": "exile", "targets": ["opponent"]}

    yours = evaluate({**exiled_with(spoils, "Shock"), "action": shock})
    used = evaluate(
        {**exiled_with(spoils, "Shock", this_turn={"permissions_used": ["p1"]}), "action": shock}
    )
    not_yours = evaluate(
        {
            **exiled_with(spoils, "Shock", turn={"active_player": "opponent", "phase": "main1"}),
            "action": shock,
        }
    )

    assert yours["legal"] is True
    assert "spend_as_though" in codes(yours)
    assert [v["code"] for v in used["violations"]][0] == "permission_used"
    assert [v["code"] for v in not_yours["violations"]][0] == "permission_your_turns"


def test_609_4b_permissions_that_spend_mana_as_any_color_are_modelled() -> None:
    for name in ("Rogue Class", "Share the Spoils"):
        assert not card(name).unmodelled, name
