"""What a target phrase admits (CR 115.1, 601.2c): a player named before what they do ("target
player draws three cards", "target opponent's library"), a permanent named by its colour or
an Aura's subtype as printed ("Enchant Forest"), and a phrase of no kind the engine reads (an
ability, cards in no zone it names), which is never checked silently."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of

BOARD = [
    {"id": "bears", "card": "Grizzly Bears", "controller": "opponent"},
    {"id": "wall", "card": "Wall of Stone", "controller": "opponent"},
    {"id": "forest", "card": "Forest", "controller": "you"},
]


def cast(name: str, targets: list[str], **action: object) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, "targets": targets, **action},
            "battlefield": BOARD,
            "assume_mana": True,
        }
    )


def test_115_1_target_player_who_draws_is_a_player() -> None:
    # Ancestral Recall: "Target player draws three cards."
    player = cast("Ancestral Recall", ["you"])
    creature = cast("Ancestral Recall", ["bears"])

    assert (player["legal"], player["modelled"]) == (True, True)
    assert (creature["legal"], rules_of(creature)) == (False, ("601.2c",))


def test_115_1_target_opponents_library_is_an_opponent() -> None:
    # Bribery: "Search target opponent's library for a creature card …"
    opponent = cast("Bribery", ["opponent"])
    yourself = cast("Bribery", ["you"])

    assert (opponent["legal"], opponent["modelled"]) == (True, True)
    assert (yourself["legal"], rules_of(yourself)) == (False, ("601.2c",))


def test_115_1_target_opponent_who_chooses_a_card_is_the_target() -> None:
    # Forgotten Lore: "Target opponent chooses a card in your graveyard." The card is no
    # target; the opponent is.
    response = cast("Forgotten Lore", ["opponent"])

    assert (response["legal"], response["modelled"]) == (True, True)


def test_115_1_a_coloured_permanent_is_read_for_its_colour() -> None:
    # Red Elemental Blast, second mode: "Destroy target blue permanent."
    green = cast("Red Elemental Blast", ["bears"], modes=[1])

    assert (green["legal"], rules_of(green)) == (False, ("601.2c",))


def test_303_4a_enchant_forest_targets_a_forest_as_printed() -> None:
    # Genju of the Cedars: "Enchant Forest" (a subtype, capitalised as printed).
    forest = cast("Genju of the Cedars", ["forest"])
    bears = cast("Genju of the Cedars", ["bears"])

    assert (forest["legal"], forest["modelled"]) == (True, True)
    assert (bears["legal"], rules_of(bears)) == (False, ("601.2c",))


def test_303_4a_enchant_non_wall_creature_refuses_a_wall() -> None:
    # Aggression: "Enchant non-Wall creature".
    wall = cast("Aggression", ["wall"])
    bears = cast("Aggression", ["bears"])

    assert (wall["legal"], rules_of(wall)) == (False, ("601.2c",))
    assert bears["legal"] is True


def test_115_1_a_target_ability_is_said_not_to_be_checked() -> None:
    # Stifle: "Counter target activated or triggered ability." The board holds no abilities:
    # whatever is chosen, the answer says its target was not checked.
    response = cast("Stifle", ["bears"])

    assert response["modelled"] is False


def test_115_1_cards_from_a_single_graveyard_are_said_not_to_be_checked() -> None:
    # Scarab Feast: "Exile up to three target cards from a single graveyard."
    response = cast("Scarab Feast", ["bears"])

    assert response["modelled"] is False


def test_601_2d_x_targets_sharing_8_damage_take_x_no_more_than_8() -> None:
    # Meteor Swarm: "deals 8 damage divided as you choose among X target creatures and/or
    # planeswalkers": each target is dealt 1 at least, so X is 8 at most.
    creatures = [
        {"id": f"c{i}", "card": "Grizzly Bears", "controller": "opponent"} for i in range(1, 10)
    ]
    ids = [creature["id"] for creature in creatures]

    def swarm(x: int, targets: list[str]) -> dict[str, object]:
        return evaluate(
            {
                "action": {"kind": "cast", "card": "Meteor Swarm", "x": x, "targets": targets},
                "battlefield": creatures,
                "assume_mana": True,
            }
        )

    eight, nine = swarm(8, ids[:8]), swarm(9, ids)

    assert (eight["legal"], eight["modelled"]) == (True, True)
    assert (nine["legal"], rules_of(nine)) == (False, ("601.2d",))
    violations = nine["violations"]
    assert isinstance(violations, list)
    assert (violations[0]["params"]["most"], violations[0]["params"]["count"]) == (8, 9)


def test_115_1_target_creature_and_you_gain_life_is_a_creature() -> None:
    # Vicious Hunger: "deals 2 damage to target creature and you gain 2 life." The phrase ends
    # at "and you": a creature, read whole, not checked in part.
    bears = cast("Vicious Hunger", ["bears"])
    forest = cast("Vicious Hunger", ["forest"])

    assert (bears["legal"], bears["modelled"]) == (True, True)
    assert (forest["legal"], rules_of(forest)) == (False, ("601.2c",))


def test_115_1_target_creatures_power_targets_the_creature() -> None:
    # About Face: "Switch target creature's power and toughness until end of turn."
    bears = cast("About Face", ["bears"])
    forest = cast("About Face", ["forest"])

    assert (bears["legal"], bears["modelled"]) == (True, True)
    assert rules_of(forest) == ("601.2c",)


def test_608_2b_a_condition_after_if_does_not_restrict_the_target() -> None:
    # Fatal Push: "Destroy target creature if it has mana value 2 or less." Checked as the
    # spell resolves: any creature is a legal target as it is cast (a Wall of Stone, 3).
    wall = cast("Fatal Push", ["wall"])

    assert (wall["legal"], wall["modelled"]) == (True, True)


def test_608_2b_hydroblast_counters_target_spell_of_any_colour() -> None:
    # Hydroblast: "Counter target spell if it's red." Any spell may be its target.
    response = evaluate(
        {
            "action": {"kind": "cast", "card": "Hydroblast", "targets": ["s1"], "modes": [0]},
            "stack": [{"id": "s1", "card": "Counterspell", "controller": "opponent"}],
            "assume_mana": True,
        }
    )

    assert (response["legal"], response["modelled"]) == (True, True)
