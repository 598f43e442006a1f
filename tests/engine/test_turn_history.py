"""The turn's history in ``this_turn`` (life gained, creatures died, cards drawn and discarded,
attacks, noncombat damage, lands played, the spells cast and what they were) and the cards'
own cost changes that read it (601.2f), on real Oracle text."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Request, RequestError
from engine.contract import Player, TurnCount
from tests.engine.cards import CATALOG, evaluate


def cost(name: str, this_turn: dict[str, Any] | None = None, **action: Any) -> str:
    request: dict[str, Any] = {
        "action": {"kind": "cast", "card": name, **action},
        "assume_mana": True,
    }
    if this_turn is not None:
        request["this_turn"] = this_turn
    response = evaluate(request)
    assert response["modelled"] is True, response["not_understood"]
    return str(response["total_cost"])


def test_700_4_a_creature_died_this_turn_reduces_bone_picker_whoever_controlled_it() -> None:
    assert cost("Bone Picker") == "{3}{B}"
    assert cost("Bone Picker", {"creatures_died": {"opponent": 1}}) == "{B}"
    assert cost("Bone Picker", {"creatures_died": {"you": 1}}) == "{B}"


def test_601_2f_diregraf_rebirth_costs_1_less_for_each_creature_that_died_this_turn() -> None:
    assert cost("Diregraf Rebirth", {"creatures_died": {"you": 2, "opponent": 1}}) == "{B}{G}"


def test_601_2f_licia_costs_1_less_for_each_1_life_you_gained_but_not_your_opponent() -> None:
    assert cost("Licia, Sanguine Tribune", {"life_gained": {"you": 4}}) == "{1}{R}{W}{B}"
    assert cost("Licia, Sanguine Tribune", {"life_gained": {"opponent": 4}}) == "{5}{R}{W}{B}"


def test_601_2f_where_x_is_the_life_you_gained_this_turn_counts_each_point() -> None:
    assert cost("Sproutback Trudge", {"life_gained": {"you": 3}}) == "{4}{G}{G}"


def test_119_9_you_gained_3_or_more_life_this_turn_is_a_threshold() -> None:
    assert cost("Sanguine Indulgence", {"life_gained": {"you": 2}}) == "{3}{B}"
    assert cost("Sanguine Indulgence", {"life_gained": {"you": 3}}) == "{B}"


def test_601_2f_an_opponent_drew_four_or_more_cards_reduces_coloured_pips_as_printed() -> None:
    assert cost("Even the Score", {"cards_drawn": {"opponent": 3}}, x=4) == "{4}{U}{U}{U}"
    assert cost("Even the Score", {"cards_drawn": {"opponent": 4}}, x=4) == "{4}"
    assert cost("Even the Score", {"cards_drawn": {"you": 9}}, x=4) == "{4}{U}{U}{U}"


def test_702_29a_a_cycled_card_was_discarded_so_hollow_one_counts_discards() -> None:
    assert cost("Hollow One", {"cards_discarded": {"you": 2}}) == "{1}"


def test_508_1a_search_party_captain_counts_the_creatures_you_attacked_with() -> None:
    assert cost("Search Party Captain", {"attacked_with": {"you": 2}}) == "{1}{W}"
    assert cost("Search Party Captain", {"attacked_with": {"opponent": 2}}) == "{3}{W}"


def test_508_1a_siren_reaver_needs_only_that_you_attacked_this_turn() -> None:
    assert cost("Siren Reaver", {"attacked_with": {"you": 1}}) == "{2}{U}"


def test_601_2f_chandras_incinerator_counts_noncombat_damage_dealt_to_your_opponent() -> None:
    assert cost("Chandra's Incinerator", {"noncombat_damage": {"opponent": 3}}) == "{2}{R}"
    assert cost("Chandra's Incinerator", {"noncombat_damage": {"you": 3}}) == "{5}{R}"


def test_601_2f_thrasta_counts_every_other_spell_cast_this_turn_by_either_player() -> None:
    assert cost("Thrasta, Tempest's Roar", {"spells_cast": {"you": 1, "opponent": 2}}) == (
        "{1}{G}{G}"
    )


def test_601_2f_demilich_counts_only_the_listed_instant_and_sorcery_spells_you_cast() -> None:
    this_turn = {
        "spells_cast": {"you": 4},
        "spells": [
            {"card": "Opt"},
            {"card": "Shock"},
            {"card": "Shivan Dragon"},
            {"card": "Opt", "caster": "opponent"},
        ],
    }

    assert cost("Demilich", this_turn) == "{U}{U}"


def test_601_2f_stormwing_entity_needs_an_instant_or_sorcery_you_cast_this_turn() -> None:
    assert cost("Stormwing Entity", {"spells": [{"card": "Shivan Dragon"}]}) == "{3}{U}{U}"
    assert cost("Stormwing Entity", {"spells": [{"card": "Opt"}]}) == "{1}{U}"
    assert cost("Stormwing Entity", {"spells": [{"card": "Opt", "caster": "opponent"}]}) == (
        "{3}{U}{U}"
    )


def test_119_9_mortality_spear_you_gained_life_this_turn() -> None:
    assert cost("Mortality Spear", {"life_gained": {"you": 1}}) == "{B}{G}"


def test_a_listed_spell_counts_in_its_casters_spells_cast() -> None:
    request = Request.from_dict(
        {
            "this_turn": {
                "spells_cast": {"you": 1},
                "spells": [
                    {"card": "Opt"},
                    {"card": "Shock"},
                    {"card": "Opt", "caster": "opponent"},
                ],
            },
            "action": {"kind": "cast", "card": "Shock"},
        },
        CATALOG,
    )

    this_turn = request.board.this_turn
    assert this_turn.count(TurnCount.SPELLS_CAST, Player.YOU) == 2
    assert this_turn.count(TurnCount.SPELLS_CAST, Player.OPPONENT) == 1
    assert this_turn.count(TurnCount.SPELLS_CAST, None) == 3


def test_every_turn_count_is_a_per_player_field_that_round_trips() -> None:
    this_turn = {kind.value: {"you": 1, "opponent": 2} for kind in TurnCount}
    data = {"this_turn": this_turn, "action": {"kind": "cast", "card": "Shock"}}

    request = Request.from_dict(data, CATALOG)

    assert request.to_dict() == data
    assert [request.board.this_turn.count(kind, Player.OPPONENT) for kind in TurnCount] == [
        2
    ] * len(TurnCount)


@pytest.mark.parametrize(
    ("spells", "field"),
    [
        ([{"card": "Shock", "kicked": True}], "this_turn.spells[0].kicked"),
        ([{"card": "No Such Card"}], "this_turn.spells[0].card"),
        ([{"card": "Shock", "caster": "nobody"}], "this_turn.spells[0].caster"),
        ({"card": "Shock"}, "this_turn.spells"),
    ],
)
def test_a_spell_cast_this_turn_is_a_known_card_kicked_only_if_it_has_kicker(
    spells: object, field: str
) -> None:
    data = {"this_turn": {"spells": spells}, "action": {"kind": "cast", "card": "Shock"}}

    with pytest.raises(RequestError) as raised:
        Request.from_dict(data, CATALOG)

    assert [error.field for error in raised.value.errors] == [field]


def test_103_4_shadow_of_mortality_costs_the_life_lost_from_the_starting_20_less() -> None:
    def at(life: int) -> str:
        response = evaluate(
            {
                "action": {"kind": "cast", "card": "Shadow of Mortality"},
                "life": {"you": life},
                "assume_mana": True,
            }
        )
        assert response["modelled"] is True
        return str(response["total_cost"])

    assert at(20) == "{13}{B}{B}"
    assert at(25) == "{13}{B}{B}"
    assert at(14) == "{7}{B}{B}"
    assert at(1) == "{B}{B}"
