"""Convoke (CR 702.51): creatures pay for the locked-in total cost."""

from __future__ import annotations

from tests.engine.cards import evaluate, rules_of


def board(*permanents: dict[str, object]) -> list[dict[str, object]]:
    return list(permanents)


# Targets chosen, so that only the payment is judged: the first creature, or the opponent.
TARGETS = {"Ephemeral Shields": "creature", "Shock": "opponent", "Stoke the Flames": "opponent"}


def cast(
    name: str, battlefield: list[dict[str, object]], *, assume: bool = False, **action: object
) -> dict[str, object]:
    if TARGETS.get(name) == "creature" and battlefield:
        action.setdefault("targets", [battlefield[0]["id"]])
    elif TARGETS.get(name) == "opponent":
        action.setdefault("targets", ["opponent"])
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, **action},
            "battlefield": battlefield,
            "assume_mana": assume,
        }
    )


def creatures(count: int, name: str = "Savannah Lions", **extra: object) -> list[dict[str, object]]:
    return [{"id": f"c{i}", "card": name, **extra} for i in range(count)]


def test_702_51a_kicked_kavu_primarch_paid_entirely_by_eight_creatures() -> None:
    battlefield = [{"id": "g", "card": "Grizzly Bears"}, *creatures(7)]
    ids = [str(p["id"]) for p in battlefield]

    response = cast("Kavu Primarch", battlefield, kicker=[1], convoke=ids)

    assert (response["legal"], response["total_cost"], response["mana_value"]) == (
        True,
        "{7}{G}",
        4,
    )
    assert response["payment"]["convoke"][0] == {"id": "g", "pays": "{G}"}  # type: ignore[index]
    assert response["payment"]["mana"] == ""  # type: ignore[index]


def test_702_51a_eight_white_creatures_cannot_pay_the_green() -> None:
    response = cast("Kavu Primarch", creatures(8), kicker=[1], convoke=[f"c{i}" for i in range(8)])

    assert rules_of(response) == ("702.51a", "601.2h")
    assert response["payment"] is None


def test_702_51a_opponents_creature_cannot_convoke() -> None:
    battlefield = [{"id": "o1", "card": "Grizzly Bears", "controller": "opponent"}]

    response = cast("Kavu Primarch", battlefield, assume=True, convoke=["o1"])

    assert rules_of(response) == ("702.51a",)


def test_702_51a_summoning_sick_creature_can_convoke() -> None:
    battlefield = creatures(2, "Grizzly Bears", summoning_sick=True)

    response = cast("Ephemeral Shields", battlefield, convoke=["c0"], assume=True)

    assert (response["legal"], response["payment"]["convoke"]) == (  # type: ignore[index]
        True,
        [{"id": "c0", "pays": "{1}"}],
    )


def test_302_6_summoning_sick_elves_cannot_tap_for_mana() -> None:
    battlefield = [{"id": "e1", "card": "Llanowar Elves", "summoning_sick": True}]

    response = cast("Grizzly Bears", battlefield)

    assert rules_of(response) == ("601.2h",)


def test_302_6_summoning_sick_elves_can_still_convoke() -> None:
    battlefield = [
        {"id": "e1", "card": "Llanowar Elves", "summoning_sick": True},
        {"id": "f1", "card": "Forest"},
    ]

    response = cast("Ephemeral Shields", battlefield, convoke=["e1"])

    assert rules_of(response) == ("601.2h",)  # {W} still unpaid: only a Forest left
    response = cast(
        "Stoke the Flames",
        [*battlefield, *creatures(1, "Raging Goblin"), {"id": "m1", "card": "Mountain"}],
        convoke=["e1", "c0"],
    )
    assert response["legal"] is True


def test_702_51a_tapped_creature_cannot_convoke() -> None:
    battlefield = [{"id": "e1", "card": "Llanowar Elves", "tapped": True}]

    response = cast("Will-Forged Golem", battlefield, convoke=["e1"], assume=True)

    assert rules_of(response) == ("702.51a",)


def test_702_51a_llanowar_elves_tapped_for_mana_cannot_also_convoke() -> None:
    battlefield = [{"id": "e1", "card": "Llanowar Elves", "tapped": True}]

    response = evaluate(
        {
            "action": {
                "kind": "cast",
                "card": "Ephemeral Shields",
                "convoke": ["e1"],
                "targets": ["e1"],
            },
            "battlefield": battlefield,
            "mana_pool": "{G}",
        }
    )

    assert rules_of(response) == ("702.51a", "601.2h")


def test_702_51a_creatures_chosen_to_convoke_are_not_also_mana_sources() -> None:
    battlefield = [{"id": f"e{i}", "card": "Llanowar Elves"} for i in range(3)]

    response = cast("Will-Forged Golem", battlefield, convoke=["e0", "e1", "e2"])

    assert rules_of(response) == ("601.2h",)


def test_702_51a_convoke_never_pays_colorless_mana_symbol() -> None:
    from engine import ManaCost
    from engine.payment import Convoker, PaymentFailure, find_payment

    outcome = find_payment(ManaCost.parse("{C}"), convokers=(Convoker("c1", frozenset()),))

    assert isinstance(outcome, PaymentFailure)
    assert outcome.unpaid == ManaCost.parse("{C}")


def test_702_51a_multicolored_creature_convokes_either_color() -> None:
    battlefield = [
        {"id": "q1", "card": "Qasali Pridemage"},
        {"id": "b1", "card": "Boros Swiftblade"},
    ]

    response = cast("Ephemeral Shields", battlefield, convoke=["q1", "b1"])

    assert response["legal"] is True
    assert sorted(c["pays"] for c in response["payment"]["convoke"]) == ["{1}", "{W}"]  # type: ignore[index]


def test_702_51b_siege_wurm_with_heartless_summoning() -> None:
    battlefield = [
        {"id": "h", "card": "Heartless Summoning"},
        *creatures(3),
        {"id": "g1", "card": "Grizzly Bears"},
        {"id": "g2", "card": "Llanowar Elves"},
    ]

    response = cast("Siege Wurm", battlefield, convoke=["c0", "c1", "c2", "g1", "g2"])

    assert (response["legal"], response["total_cost"], response["payment"]["mana"]) == (  # type: ignore[index]
        True,
        "{3}{G}{G}",
        "",
    )


def test_702_51a_chord_of_calling_x3_two_green_two_red_leaves_1g() -> None:
    battlefield = [
        {"id": "g1", "card": "Grizzly Bears"},
        {"id": "g2", "card": "Llanowar Elves"},
        {"id": "r1", "card": "Raging Goblin"},
        {"id": "r2", "card": "Monastery Swiftspear"},
    ]

    response = cast(
        "Chord of Calling", battlefield, x=3, convoke=["g1", "g2", "r1", "r2"], assume=True
    )

    assert (response["total_cost"], response["payment"]["mana"]) == ("{3}{G}{G}{G}", "{1}{G}")  # type: ignore[index]


def test_702_51_hogaak_can_only_be_paid_by_convoke_and_delve() -> None:
    battlefield = [
        {"id": "f1", "card": "Forest"},
        {"id": "g1", "card": "Grizzly Bears"},
        {"id": "g2", "card": "Llanowar Elves"},
        *creatures(5),
    ]

    enough = cast(
        "Hogaak, Arisen Necropolis", battlefield, convoke=["g1", "g2", "c0", "c1", "c2", "c3", "c4"]
    )
    short = cast("Hogaak, Arisen Necropolis", battlefield, convoke=["g1", "g2"])

    assert (enough["legal"], enough["payment"]["lands"]) == (True, [])  # type: ignore[index]
    assert rules_of(short) == ("601.2h",)
    assert "{5} is left unpaid" in short["violations"][0]["message"]  # type: ignore[index]


def test_702_66a_hogaak_pays_its_generic_part_by_convoke_and_delve() -> None:
    battlefield = [{"id": "g1", "card": "Grizzly Bears"}, {"id": "g2", "card": "Llanowar Elves"}]
    graveyard = [{"id": f"y{i}", "card": "Lightning Bolt"} for i in range(5)]

    response = evaluate(
        {
            "action": {
                "kind": "cast",
                "card": "Hogaak, Arisen Necropolis",
                "convoke": ["g1", "g2"],
                "delve": [card["id"] for card in graveyard],
            },
            "battlefield": battlefield,
            "graveyard": graveyard,
        }
    )

    assert response["legal"] is True
    assert response["payment"]["delve"] == ["y0", "y1", "y2", "y3", "y4"]  # type: ignore[index]


def test_702_51a_spell_without_convoke_cannot_be_convoked() -> None:
    response = cast("Shock", creatures(1), convoke=["c0"], assume=True)

    assert rules_of(response) == ("702.51a",)


def test_702_51_convoke_with_alternative_cost() -> None:
    battlefield = [{"id": "o", "card": "Omniscience"}, *creatures(1)]

    response = cast("Kavu Primarch", battlefield, kicker=[1], convoke=["c0"], assume=True)

    assert (response["total_cost"], response["payment"]["mana"]) == ("{4}", "{3}")  # type: ignore[index]


def bears(count: int, **extra: object) -> list[dict[str, object]]:
    return [{"id": f"b{i}", "card": "Grizzly Bears", **extra} for i in range(count)]


def forests(count: int) -> list[dict[str, object]]:
    return [{"id": f"f{i}", "card": "Forest"} for i in range(count)]


def test_702_51a_convoke_auto_proposes_four_bears_for_kavu_primarch() -> None:
    response = cast("Kavu Primarch", bears(4), convoke="auto")

    payment = response["payment"]
    assert response["legal"] is True
    assert [c["id"] for c in payment["convoke"]] == ["b0", "b1", "b2", "b3"]
    assert payment["convoke_proposed"] is True
    assert "702.51" in [step["rule"][:6] for step in response["trace"]]


def test_702_51a_convoke_auto_pays_with_lands_first_and_taps_only_the_creatures_needed() -> None:
    with_lands = cast("Kavu Primarch", [*forests(4), *bears(4)], convoke="auto")
    two_lands = cast("Kavu Primarch", [*forests(2), *bears(4)], convoke="auto")

    assert with_lands["legal"] is True
    assert with_lands["payment"]["convoke"] == []
    assert with_lands["payment"]["convoke_proposed"] is False
    assert two_lands["legal"] is True
    assert len(two_lands["payment"]["convoke"]) == 2
    assert sorted(two_lands["payment"]["lands"]) == ["f0", "f1"]


def test_702_51a_convoke_auto_taps_summoning_sick_creatures_first() -> None:
    battlefield = [
        *forests(3),
        *bears(1),
        {"id": "s1", "card": "Grizzly Bears", "summoning_sick": True},
    ]

    response = cast("Kavu Primarch", battlefield, convoke="auto")

    assert [c["id"] for c in response["payment"]["convoke"]] == ["s1"]


def test_702_51a_an_explicit_convoke_choice_always_wins_over_the_proposal() -> None:
    response = cast("Kavu Primarch", [*forests(4), *bears(4)], convoke=["b2"])

    assert [c["id"] for c in response["payment"]["convoke"]] == ["b2"]
    assert response["payment"]["convoke_proposed"] is False


def test_702_51a_convoke_auto_with_assumed_mana_uses_the_creatures_on_the_board() -> None:
    response = cast("Kavu Primarch", bears(2), convoke="auto", kicker=[1], assume=True)

    assert response["legal"] is True
    assert len(response["payment"]["convoke"]) == 2
    assert response["payment"]["mana"] == "{6}"
    assert response["payment"]["convoke_proposed"] is True


def test_702_51a_convoke_auto_on_a_card_without_convoke_proposes_nothing() -> None:
    response = cast("Grizzly Bears", [*forests(2), *bears(2)], convoke="auto")

    assert response["legal"] is True
    assert response["payment"]["convoke"] == []


def test_601_2h_convoke_auto_that_cannot_pay_proposes_nothing_and_says_why() -> None:
    response = cast("Kavu Primarch", bears(4), convoke="auto", kicker=[1])

    assert response["legal"] is False
    assert rules_of(response) == ("601.2h",)
