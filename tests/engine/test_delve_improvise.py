"""Delve (CR 702.66) and improvise (702.126): after the total cost is locked in (702.66b,
702.126b), each card exiled from your graveyard, or each untapped artifact you control tapped,
pays {1} of its generic part; more than the generic part needs is a violation."""

from __future__ import annotations

from typing import Any

from tests.engine.cards import evaluate, rules_of

ISLANDS = [{"id": "i1", "card": "Island"}, {"id": "i2", "card": "Island"}]
GRAVEYARD = [{"id": f"g{i}", "card": "Grizzly Bears"} for i in range(1, 8)]
ARTIFACTS = [{"id": f"a{i}", "card": "Everflowing Chalice"} for i in range(1, 4)]


def cast(name: str, *, battlefield: Any = (), graveyard: Any = (), **action: Any) -> Any:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, **action},
            "battlefield": list(battlefield),
            "graveyard": list(graveyard),
        }
    )


def test_702_66a_each_card_exiled_from_your_graveyard_pays_1() -> None:
    # Dig Through Time {6}{U}{U}: two Islands and six cards from the graveyard.
    response = cast(
        "Dig Through Time",
        battlefield=ISLANDS,
        graveyard=GRAVEYARD,
        delve=["g1", "g2", "g3", "g4", "g5", "g6"],
    )

    assert response["legal"] is True
    assert response["total_cost"] == "{6}{U}{U}"
    assert response["payment"]["delve"] == ["g1", "g2", "g3", "g4", "g5", "g6"]
    assert response["payment"]["mana"] == "{U}{U}"
    assert "702.66a" in [step["rule"] for step in response["trace"]]


def test_702_66a_too_few_cards_delved_leaves_mana_unpaid() -> None:
    response = cast(
        "Dig Through Time", battlefield=ISLANDS, graveyard=GRAVEYARD, delve=["g1", "g2"]
    )

    assert response["legal"] is False
    assert rules_of(response) == ("601.2h",)


def test_702_66a_delving_more_than_the_generic_part_is_a_violation() -> None:
    response = cast(
        "Dig Through Time",
        battlefield=ISLANDS,
        graveyard=GRAVEYARD,
        delve=[card["id"] for card in GRAVEYARD],
    )

    assert response["legal"] is False
    assert response["violations"][0]["code"] == "generic_overpaid"
    assert rules_of(response) == ("702.66a",)


def test_702_66a_delve_auto_proposes_as_few_cards_as_the_payment_needs() -> None:
    # Treasure Cruise {7}{U}: three Islands pay {U}{2}; five cards pay the rest.
    islands = [*ISLANDS, {"id": "i3", "card": "Island"}]
    response = cast("Treasure Cruise", battlefield=islands, graveyard=GRAVEYARD, delve="auto")

    assert response["legal"] is True
    assert response["payment"]["delve"] == ["g1", "g2", "g3", "g4", "g5"]
    assert "delve_proposed" in [step["code"] for step in response["trace"]]


def test_702_66a_only_cards_in_your_own_graveyard_can_be_delved() -> None:
    graveyard = [*GRAVEYARD[:5], {"id": "o1", "card": "Grizzly Bears", "owner": "opponent"}]
    response = cast(
        "Dig Through Time",
        battlefield=ISLANDS,
        graveyard=graveyard,
        delve=["g1", "g2", "g3", "g4", "g5", "o1"],
    )

    assert response["violations"][0]["code"] == "delve_not_yours"


def test_702_66a_a_spell_without_delve_cant_delve() -> None:
    response = cast("Lightning Bolt", graveyard=GRAVEYARD, delve=["g1"], targets=["opponent"])

    assert response["violations"][0]["code"] == "no_delve"


def test_118_3_a_card_exiled_for_delve_cant_pay_another_exile_cost() -> None:
    response = evaluate(
        {
            "action": {
                "kind": "cast",
                "card": "Dig Through Time",
                "delve": ["g1", "g2", "g3", "g4", "g5", "g6"],
                "exile": ["g1"],
            },
            "graveyard": GRAVEYARD,
            "assume_mana": True,
        }
    )

    twice = [v for v in response["violations"] if v["code"] == "object_pays_twice"]
    assert [(v["rule"], v["params"]["second"]) for v in twice] == [("118.3", "delve")]


def test_702_126a_each_artifact_tapped_for_improvise_pays_1() -> None:
    # Reverse Engineer {3}{U}{U}: two Islands and three artifacts.
    response = cast(
        "Reverse Engineer", battlefield=ISLANDS + ARTIFACTS, improvise=["a1", "a2", "a3"]
    )

    assert response["legal"] is True
    assert response["payment"]["improvise"] == ["a1", "a2", "a3"]
    assert "702.126a" in [step["rule"] for step in response["trace"]]


def test_702_126a_a_tapped_artifact_cant_improvise() -> None:
    artifacts = [*ARTIFACTS[:2], {"id": "a3", "card": "Everflowing Chalice", "tapped": True}]
    response = cast(
        "Reverse Engineer", battlefield=ISLANDS + artifacts, improvise=["a1", "a2", "a3"]
    )

    assert response["violations"][0]["code"] == "improviser_tapped"


def test_702_126a_improvise_auto_taps_artifacts_for_the_generic_part() -> None:
    response = cast("Reverse Engineer", battlefield=ISLANDS + ARTIFACTS, improvise="auto")

    assert response["legal"] is True
    assert response["payment"]["improvise"] == ["a1", "a2", "a3"]


def test_702_126a_improvising_more_than_the_generic_part_is_a_violation() -> None:
    # Whir of Invention {X}{U}{U}{U}, X = 1: a generic part of {1}.
    response = cast(
        "Whir of Invention",
        battlefield=ISLANDS + [{"id": "i3", "card": "Island"}] + ARTIFACTS,
        improvise=["a1", "a2"],
        x=1,
    )

    assert rules_of(response) == ("702.126a",)


def test_118_3_an_artifact_tapped_for_a_cost_cant_also_improvise() -> None:
    response = evaluate(
        {
            "action": {
                "kind": "cast",
                "card": "Reverse Engineer",
                "improvise": ["a1"],
                "convoke": ["a1"],
            },
            "battlefield": ARTIFACTS,
            "assume_mana": True,
        }
    )

    twice = [v for v in response["violations"] if v["code"] == "object_pays_twice"]
    assert [(v["rule"], v["params"]["second"]) for v in twice] == [("118.3", "improvise")]
