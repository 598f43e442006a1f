"""Additional costs read from the card's text (CR 118.8), chosen in 601.2b and paid in 601.2h:
sacrifice (counts, type disjunctions), discard, exile from a hand or a graveyard, life
(119.4), tapping untapped permanents, returning a permanent to its owner's hand. A cost that
can't be paid is 118.3; an object can pay only one cost that moves or taps it."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of

SERRA = {"id": "c1", "card": "Serra Angel"}
BEARS = {"id": "c2", "card": "Grizzly Bears"}
FOE = {"id": "o1", "card": "Grizzly Bears", "controller": "opponent"}


def cast(name: str, board: dict[str, object] | None = None, **action: object) -> dict[str, object]:
    return evaluate(
        {**(board or {}), "action": {"kind": "cast", "card": name, **action}, "assume_mana": True}
    )


def test_118_3_fling_without_a_creature_is_illegal() -> None:
    response = cast("Fling", targets=["opponent"])

    assert (response["legal"], response["missing"], rules_of(response)) == (False, [], ("118.3",))
    assert response["additional_costs"] == ["Sacrifice a creature"]


def test_601_2b_fling_with_a_creature_asks_which_one() -> None:
    response = cast("Fling", {"battlefield": [SERRA]}, targets=["opponent"])

    assert (response["missing"], rules_of(response)) == (["sacrifice"], ("601.2b",))
    assert response["violations"][0]["message"] == (  # type: ignore[index]
        "To pay “Sacrifice a creature”, choose 1 more."
    )


def test_601_2h_fling_sacrifices_the_creature_and_deals_its_power() -> None:
    response = cast("Fling", {"battlefield": [SERRA]}, targets=["opponent"], sacrifice=["c1"])

    assert (response["legal"], response["payment"]["sacrifice"], response["result"]["damage"]) == (  # type: ignore[index]
        True,
        ["c1"],
        4,
    )


def test_118_3_an_opponents_creature_cant_be_sacrificed() -> None:
    response = cast("Fling", {"battlefield": [SERRA, FOE]}, targets=["you"], sacrifice=["o1"])

    assert (rules_of(response), response["missing"]) == (("118.3", "601.2b"), ["sacrifice"])
    assert response["violations"][0]["code"] == "cost_object_unfit"  # type: ignore[index]


def test_601_2h_overpaying_a_cost_is_a_violation_not_a_request_error() -> None:
    response = cast(
        "Fling", {"battlefield": [SERRA, BEARS]}, targets=["you"], sacrifice=["c1", "c2"]
    )

    assert (response["legal"], rules_of(response)) == (False, ("601.2h",))
    assert response["violations"][0]["code"] == "cost_overpaid"  # type: ignore[index]


def test_118_8_sacrifice_an_artifact_or_creature_takes_either() -> None:
    board = {"battlefield": [{"id": "a1", "card": "Everflowing Chalice"}, BEARS]}

    artifact = cast("Deadly Dispute", board, sacrifice=["a1"])
    creature = cast("Deadly Dispute", board, sacrifice=["c2"])
    land = cast("Deadly Dispute", {"battlefield": [{"id": "f", "card": "Forest"}]}, sacrifice=["f"])

    assert (artifact["legal"], creature["legal"], rules_of(land)) == (
        True,
        True,
        ("118.3", "118.3"),
    )


def test_118_8_sacrifice_two_creatures_takes_two() -> None:
    board = {"battlefield": [SERRA, BEARS, {"id": "a1", "card": "Trinisphere"}]}

    one = cast("Phyrexian Tribute", board, sacrifice=["c1"], targets=["a1"])

    assert one["missing"] == ["sacrifice"]
    assert one["violations"][0]["message"] == "To pay “Sacrifice two creatures”, choose 1 more."  # type: ignore[index]


def test_118_8_discard_a_card_needs_a_card_in_hand() -> None:
    empty = cast("Thrill of Possibility")
    hand = cast("Thrill of Possibility", {"hand": [{"id": "h1", "card": "Shock"}]}, discard=["h1"])

    assert (rules_of(empty), hand["legal"], hand["payment"]["discard"]) == (  # type: ignore[index]
        ("118.3",),
        True,
        ["h1"],
    )


def test_118_8_discard_two_cards() -> None:
    board = {"hand": [{"id": "h1", "card": "Shock"}, {"id": "h2", "card": "Island"}]}

    assert cast("Cathartic Reunion", board, discard=["h1"])["missing"] == ["discard"]
    assert cast("Cathartic Reunion", board, discard=["h1", "h2"])["legal"] is True


def test_118_8_exile_creature_cards_from_your_graveyard() -> None:
    board = {
        "graveyard": [
            {"id": "g1", "card": "Grizzly Bears"},
            {"id": "g2", "card": "Serra Angel"},
            {"id": "g3", "card": "Shock"},
        ]
    }

    wrong = cast("Skaab Goliath", board, exile=["g1", "g3"])
    right = cast("Skaab Goliath", board, exile=["g1", "g2"])

    assert (rules_of(wrong), right["legal"], right["payment"]["exile"]) == (  # type: ignore[index]
        ("118.3", "601.2b"),
        True,
        ["g1", "g2"],
    )


def test_119_4_pay_x_life_needs_that_much_life() -> None:
    ok = cast("Toxic Deluge", x=20)
    too_much = cast("Toxic Deluge", x=21)

    assert (ok["legal"], ok["payment"]["life"], rules_of(too_much)) == (True, 20, ("119.4",))  # type: ignore[index]


def test_118_8_tap_untapped_creatures_you_control() -> None:
    lions = [{"id": f"w{i}", "card": "Savannah Lions"} for i in range(1, 4)]
    tapped_lion = {"id": "w4", "card": "Savannah Lions", "tapped": True}
    board = {"battlefield": [*lions, tapped_lion, BEARS, FOE]}

    tapped = cast("Gaze of Justice", board, tap=["w1", "w2", "w4"], targets=["o1"])
    green = cast("Gaze of Justice", board, tap=["w1", "w2", "c2"], targets=["o1"])
    white = cast("Gaze of Justice", board, tap=["w1", "w2", "w3"], targets=["o1"])

    assert rules_of(tapped) == ("118.3", "601.2b")  # w4 is tapped
    assert rules_of(green) == ("118.3", "601.2b")  # Grizzly Bears is not white
    assert (white["legal"], white["payment"]["tap"]) == (True, ["w1", "w2", "w3"])  # type: ignore[index]


def test_118_8_return_a_creature_you_control_to_its_owners_hand() -> None:
    board = {
        "battlefield": [BEARS],
        "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}],
    }

    response = cast("Familiar's Ruse", board, **{"return": ["c2"]}, targets=["s1"])

    assert (response["legal"], response["payment"]["return"]) == (True, ["c2"])  # type: ignore[index]


def test_118_8_one_of_two_costs_is_chosen_by_what_is_given() -> None:
    board = {"hand": [{"id": "h1", "card": "Shock"}], "battlefield": [FOE]}

    discard = cast("Lightning Axe", board, discard=["h1"], targets=["o1"])
    mana = cast("Lightning Axe", board, targets=["o1"])

    assert (discard["total_cost"], discard["legal"]) == ("{R}", True)
    assert (mana["total_cost"], mana["legal"]) == ("{5}{R}", True)


def test_118_3_a_land_tapped_for_mana_may_still_be_sacrificed() -> None:
    # Rushing River kicked (Kicker—Sacrifice a land): the Island pays {U} (601.2g), then is
    # sacrificed (601.2h).
    board = {
        "battlefield": [
            {"id": "i1", "card": "Island"},
            {"id": "i2", "card": "Island"},
            {"id": "i3", "card": "Island"},
            {"id": "p1", "card": "Clone", "controller": "opponent"},
            FOE,
        ]
    }

    response = evaluate(
        {
            **board,
            "action": {
                "kind": "cast",
                "card": "Rushing River",
                "kicker": [1],
                "sacrifice": ["i1"],
                "targets": ["p1", "o1"],
            },
        }
    )

    assert response["legal"] is True
    assert "i1" in response["payment"]["lands"]  # type: ignore[index]
    assert response["payment"]["sacrifice"] == ["i1"]  # type: ignore[index]


def test_118_3_one_permanent_cant_be_both_sacrificed_and_returned() -> None:
    board = {
        "battlefield": [BEARS],
        "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}],
    }

    response = cast(
        "Familiar's Ruse", board, **{"return": ["c2"]}, sacrifice=["c2"], targets=["s1"]
    )

    assert "object_pays_twice" in [v["code"] for v in response["violations"]]  # type: ignore[union-attr]
