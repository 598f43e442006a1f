"""A meld pair's back face is half of an oversized card: its characteristics are only those of
a melded permanent on the battlefield, and it is never cast (712.4b, 712.11)."""

from __future__ import annotations

from engine import Layout
from tests.engine.cards import card, evaluate, rules_of


def cast(name: str, **extra: object) -> dict[str, object]:
    return evaluate(
        {
            "action": {"kind": "cast", "card": name},
            "assume_mana": True,
            "turn": {"active_player": "you", "phase": "main1"},
            **extra,
        }
    )


def test_712_4b_the_back_face_of_a_meld_pair_is_never_cast() -> None:
    answer = cast("Brisela, Voice of Nightmares")

    assert answer["legal"] is False
    assert rules_of(answer) == ("712.4b",)
    assert answer["violations"][0]["code"] == "melded_back_face"  # type: ignore[index]


def test_118_6_is_not_cited_for_a_melded_back_face_that_has_no_mana_cost() -> None:
    assert "118.6" not in rules_of(cast("Hanweir, the Writhing Township"))


def test_712_4b_the_layout_comes_from_the_source_not_the_text() -> None:
    melded = card("Brisela, Voice of Nightmares")

    assert melded.layout is Layout.MELDED
    assert melded.faces == ()
    assert melded.is_permanent_card is True


def test_712_11_the_front_face_of_a_meld_card_is_cast_as_any_other_card() -> None:
    answer = cast("Graf Rats // Chittering Host")

    assert answer["legal"] is True
    assert card("Graf Rats // Chittering Host").layout is Layout.SINGLE


def test_601_3_a_melded_brisela_on_the_battlefield_stops_a_cheap_spell() -> None:
    brisela = {"id": "brisela", "card": "Brisela, Voice of Nightmares", "controller": "opponent"}

    answer = cast("Graf Rats // Chittering Host", battlefield=[brisela])

    assert answer["legal"] is False
    assert rules_of(answer) == ("601.3",)
    assert answer["violations"][0]["code"] == "prohibited"  # type: ignore[index]
