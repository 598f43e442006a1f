"""A target phrase that lists its kinds with commas ("target artifact, creature, or land")
admits any of them, and one that lists adjectives of one noun ("target nonartifact, nonblack
creature") asks for all of them (CR 115.1, 601.2c)."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of

BOARD = [
    {"id": "bears", "card": "Grizzly Bears", "controller": "opponent"},
    {"id": "memnite", "card": "Memnite", "controller": "opponent"},
    {"id": "crawler", "card": "Gravecrawler", "controller": "opponent"},
    {"id": "dragon", "card": "Shivan Dragon", "controller": "you"},
    {"id": "forest", "card": "Forest", "controller": "you"},
]


def cast(name: str, targets: list[str], **request: object) -> dict[str, object]:
    action = {"kind": "cast", "card": name, "targets": targets}
    action.update(request.pop("action", {}))  # type: ignore[call-overload]
    return evaluate({"action": action, "battlefield": BOARD, "assume_mana": True, **request})


def test_115_1_a_listed_kind_after_a_comma_is_a_legal_target() -> None:
    # Twitch: "You may tap or untap target artifact, creature, or land."
    creature = cast("Twitch", ["bears"])
    land = cast("Twitch", ["forest"])

    assert (creature["legal"], creature["modelled"]) == (True, True)
    assert (land["legal"], land["modelled"]) == (True, True)


def test_601_2c_a_kind_the_list_leaves_out_is_refused() -> None:
    # Creeping Mold: "Destroy target artifact, enchantment, or land."
    land = cast("Creeping Mold", ["forest"])
    creature = cast("Creeping Mold", ["bears"])

    assert land["legal"] is True
    assert (creature["legal"], rules_of(creature)) == (False, ("601.2c",))


def test_115_1_a_listed_spell_type_is_read_for_a_spell() -> None:
    # Swan Song: "Counter target enchantment, instant, or sorcery spell."
    stack = [{"id": "bolt", "card": "Lightning Bolt", "controller": "opponent", "targets": ["you"]}]

    response = cast("Swan Song", ["bolt"], stack=stack)

    assert (response["legal"], response["modelled"]) == (True, True)


def test_601_2c_adjectives_listed_with_commas_are_each_required() -> None:
    # Terror: "Destroy target nonartifact, nonblack creature."
    black = cast("Terror", ["crawler"])
    artifact = cast("Terror", ["memnite"])
    green = cast("Terror", ["bears"])

    assert (black["legal"], rules_of(black)) == (False, ("601.2c",))
    assert (artifact["legal"], rules_of(artifact)) == (False, ("601.2c",))
    assert (green["legal"], green["modelled"]) == (True, True)


def test_601_2c_subtypes_excluded_in_a_list_are_each_refused() -> None:
    # Power Word Kill: "Destroy target non-Angel, non-Demon, non-Devil, non-Dragon creature."
    dragon = cast("Power Word Kill", ["dragon"])
    bears = cast("Power Word Kill", ["bears"])

    assert (dragon["legal"], rules_of(dragon)) == (False, ("601.2c",))
    assert (bears["legal"], bears["modelled"]) == (True, True)


def test_601_2c_a_modes_noncreature_nonland_permanent_refuses_a_land() -> None:
    # Witherbloom Command: "Destroy target noncreature, nonland permanent with mana value 2 or
    # less." and "Target opponent loses 2 life and you gain 2 life."
    response = cast("Witherbloom Command", ["forest", "opponent"], action={"modes": [1, 3]})

    assert response["legal"] is False
    assert "601.2c" in rules_of(response)


def test_115_1_a_list_keeps_whose_it_is() -> None:
    # Divine Gambit: "Exile target artifact, creature, or enchantment an opponent controls."
    theirs = cast("Divine Gambit", ["bears"])
    mine = cast("Divine Gambit", ["dragon"])

    assert (theirs["legal"], theirs["modelled"]) == (True, True)
    assert (mine["legal"], rules_of(mine)) == (False, ("601.2c",))


def test_115_1_and_or_lists_targets_you_control() -> None:
    # Ghostly Flicker: "Exile two target artifacts, creatures, and/or lands you control …"
    response = cast("Ghostly Flicker", ["dragon", "forest"])

    assert (response["legal"], response["modelled"]) == (True, True)


def test_115_1_a_listed_ability_is_said_not_to_be_checked() -> None:
    # Disallow: "Counter target spell, activated ability, or triggered ability."
    stack = [{"id": "bolt", "card": "Lightning Bolt", "controller": "opponent", "targets": ["you"]}]

    response = cast("Disallow", ["bolt"], stack=stack)

    assert response["modelled"] is False
