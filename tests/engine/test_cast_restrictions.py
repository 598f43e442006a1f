"""Cast restrictions and permissions (CR 601.3): a card's own "Cast this spell only …", the
board's prohibitions ("can't cast"), sorcery-speed limits, and permissions to cast as though a
spell had flash — on the card (601.3c, for {2} more) or on a permanent."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of

FOE = {"id": "c1", "card": "Grizzly Bears", "controller": "opponent"}


def cast(
    name: str,
    turn: dict[str, object] | None = None,
    battlefield: list[dict[str, object]] | None = None,
    player: str = "you",
    **action: object,
) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, "player": player, **action},
            "battlefield": battlefield or [],
            "turn": turn or {"active_player": "you", "phase": "main1"},
            "assume_mana": True,
        }
    )


def test_601_3_cast_this_spell_only_during_combat() -> None:
    main = cast("Mandate of Peace")
    combat = cast("Mandate of Peace", {"active_player": "opponent", "phase": "combat"})

    assert (rules_of(main), combat["legal"]) == (("601.3",), True)
    assert main["violations"][0]["message"] == (  # type: ignore[index]
        "Mandate of Peace: “Cast this spell only during combat.”"
    )


def test_601_3_cast_this_spell_only_during_your_turn() -> None:
    theirs = cast("Seedtime", {"active_player": "opponent", "phase": "main1"})

    assert rules_of(theirs) == ("601.3",)
    assert cast("Seedtime")["legal"] is True


def test_601_3_before_blockers_are_declared_reads_the_step() -> None:
    turn = {"active_player": "opponent", "phase": "combat"}

    before = cast("Blaze of Glory", {**turn, "step": "declare_attackers"}, [FOE], targets=["c1"])
    after = cast("Blaze of Glory", {**turn, "step": "declare_blockers"}, [FOE], targets=["c1"])

    assert (before["legal"], rules_of(after)) == (True, ("601.3",))


def test_601_3_without_a_step_a_restriction_the_step_decides_is_not_checked() -> None:
    response = cast(
        "Blaze of Glory", {"active_player": "opponent", "phase": "combat"}, [FOE], targets=["c1"]
    )

    assert (response["legal"], response["modelled"]) == (True, False)
    assert (
        "Cast this spell only during combat before blockers are declared."
        in response["not_understood"]
    )  # type: ignore[operator]


def test_601_3_cast_only_if_you_control_two_vampires() -> None:
    assert rules_of(cast("Feast of Blood", targets=["c1"], battlefield=[FOE])) == ("601.3",)


def test_601_3_a_step_must_belong_to_its_phase() -> None:
    import pytest

    from engine import FieldError, RequestError

    with pytest.raises(RequestError) as caught:
        cast("Shock", {"active_player": "you", "phase": "main1", "step": "upkeep"})

    assert caught.value.errors == (
        FieldError("turn.step", "upkeep is a step of beginning, not of main1"),
    )


def test_307_1_teferi_makes_opponents_cast_at_sorcery_speed() -> None:
    teferi = [{"id": "t1", "card": "Teferi, Time Raveler"}]
    combat = {"active_player": "opponent", "phase": "combat"}

    theirs = cast("Shock", combat, teferi, player="opponent", targets=["you"])
    mine = cast("Shock", combat, teferi, targets=["opponent"])

    assert rules_of(theirs) == ("307.1",)
    assert mine["legal"] is True


def test_601_3_yeva_lets_you_cast_green_creatures_as_though_they_had_flash() -> None:
    yeva = [{"id": "y1", "card": "Yeva, Nature's Herald"}]
    combat = {"active_player": "opponent", "phase": "combat"}

    green = cast("Grizzly Bears", combat, yeva)
    white = cast("Savannah Lions", combat, yeva)

    assert (green["legal"], rules_of(white)) == (True, ("302.1", "302.1"))


def test_601_3_vedalken_orrery_gives_flash_only_to_its_controller() -> None:
    orrery = [{"id": "v1", "card": "Vedalken Orrery", "controller": "opponent"}]
    combat = {"active_player": "opponent", "phase": "combat"}

    assert rules_of(cast("Grizzly Bears", combat, orrery)) == ("302.1", "302.1")


def test_601_3c_ghitu_fire_at_instant_speed_costs_2_more() -> None:
    combat = {"active_player": "opponent", "phase": "combat"}

    flash = cast("Ghitu Fire", combat, x=1, targets=["opponent"])
    main = cast("Ghitu Fire", x=1, targets=["opponent"])

    assert (flash["legal"], flash["total_cost"], flash["mana_value"]) == (True, "{3}{R}", 2)
    assert main["total_cost"] == "{1}{R}"


def test_601_3_a_card_that_may_be_cast_as_though_it_had_flash() -> None:
    # Ward of Lights: "You may cast Ward of Lights as though it had flash. …"
    combat = {"active_player": "opponent", "phase": "combat"}
    mine = {"id": "c2", "card": "Grizzly Bears"}

    response = cast("Ward of Lights", combat, [mine], targets=["c2"])

    assert response["legal"] is True


def test_601_3_gaddock_teeg_forbids_noncreature_spells_of_mana_value_4_or_more() -> None:
    teeg = [{"id": "g1", "card": "Gaddock Teeg", "controller": "opponent"}]

    big = cast("Austere Command", battlefield=teeg, modes=[0, 1])
    small = cast("Shock", battlefield=teeg, targets=["opponent"])

    assert (rules_of(big), small["legal"]) == (("601.3",), True)


def test_601_3_rule_of_law_allows_one_spell_each_turn() -> None:
    law = [{"id": "r1", "card": "Rule of Law"}]

    first = cast("Shock", battlefield=law, targets=["you"])
    second = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["you"]},
            "battlefield": law,
            "this_turn": {"spells_cast": {"you": 1}},
            "assume_mana": True,
        }
    )

    assert (first["legal"], first["modelled"]) == (True, True)
    assert (rules_of(second), second["violations"][0]["code"]) == (("601.3",), "prohibited")


def test_601_3_each_opponent_cant_cast_more_than_one_spell_is_about_opponents_only() -> None:
    eidolon = [{"id": "e1", "card": "Eidolon of Rhetoric", "controller": "opponent"}]
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
            "battlefield": eidolon,
            "this_turn": {"spells_cast": {"you": 1}},
            "assume_mana": True,
        }
    )

    assert response["legal"] is False


def test_601_3_only_during_the_declare_attackers_step_and_only_if_you_were_attacked() -> None:
    attacker = {"id": "a1", "card": "Grizzly Bears", "controller": "opponent", "attacking": True}
    step = {"active_player": "opponent", "phase": "combat", "step": "declare_attackers"}

    attacked = cast("Harsh Justice", step, [attacker])
    not_attacked = cast("Harsh Justice", step, [{**attacker, "attacking": False}])
    main = cast("Harsh Justice", {"active_player": "opponent", "phase": "main1"})

    assert (attacked["legal"], attacked["modelled"]) == (True, True)
    assert rules_of(not_attacked) == ("601.3",)
    assert rules_of(main) == ("601.3",)


def test_601_3_grand_abolisher_forbids_opponents_spells_during_your_turn() -> None:
    abolisher = [{"id": "a1", "card": "Grand Abolisher", "controller": "opponent"}]

    their_turn = cast("Shock", {"active_player": "opponent", "phase": "main1"}, abolisher,
                      targets=["opponent"])  # fmt: skip
    my_turn = cast("Shock", battlefield=abolisher, targets=["opponent"])

    assert (rules_of(their_turn), my_turn["legal"], my_turn["modelled"]) == (
        ("601.3",),
        True,
        True,
    )


def test_601_3_city_of_solitude_players_cast_spells_only_during_their_own_turns() -> None:
    city = [{"id": "c1", "card": "City of Solitude"}]

    response = cast("Shock", {"active_player": "opponent", "phase": "main1"}, city,
                    targets=["opponent"])  # fmt: skip

    assert rules_of(response) == ("601.3",)


def test_601_3_only_before_combat_or_during_combat_before_blockers() -> None:
    blockers = {"active_player": "you", "phase": "combat", "step": "declare_blockers"}
    attackers = {"active_player": "you", "phase": "combat", "step": "declare_attackers"}

    late = cast("Berserker's Frenzy", blockers)
    early = cast("Berserker's Frenzy", attackers)

    assert "601.3" in rules_of(late)
    assert "601.3" not in rules_of(early)
