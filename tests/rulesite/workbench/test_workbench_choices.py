"""The workbench's board zones, life, step, modes and cost choices, and the answer's `missing`
(as prompts) and `modelled: false` (as a qualification), through the page as it is posted."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from django.utils.html import escape
from pytest_django.asserts import assertContains, assertNotContains

import engine
from engine.casting_text import Relevance, Scope
from rulesite.workbench.mapping import PER_PLAYER
from rulesite.workbench.permalink import decode_scenario
from tests.rulesite.workbench.cardset import DATA
from tests.rulesite.workbench.posts import posted

HTMX = {"HX-Request": "true"}
URL = "/en/workbench/"
VERDICT = '<span data-testid="verdict">{}</span>'
MOUNTAINS = [
    {"id": "p1", "card": "Mountain", "controller": "you"},
    {"id": "p2", "card": "Mountain", "controller": "you"},
]
BEARS = {"id": "p3", "card": "Grizzly Bears", "controller": "you"}


def force_of_will(**action: Any) -> dict[str, Any]:
    return {
        "action": {"kind": "cast", "player": "you", "card": "Force of Will", **action},
        "battlefield": [{"id": "p1", "card": "Forest", "controller": "you"}],
        "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}],
        "hand": [{"id": "h1", "card": "Counterspell", "owner": "you"}],
    }


def fling(battlefield: list[dict[str, Any]], **action: Any) -> dict[str, Any]:
    return {
        "action": {"kind": "cast", "player": "you", "card": "Fling", **action},
        "battlefield": battlefield,
    }


def test_workbench_118_9_offers_the_cards_own_alternative_cost_as_printed(
    client: Client, workbench_cards: None
) -> None:
    response = client.post(URL, posted(force_of_will(targets=["s1"])))

    assertContains(response, '<label for="id_cost_option">Cost to pay</label>', html=True)
    assertContains(
        response, '<option value="" selected>Its mana cost, {3}{U}{U}</option>', html=True
    )
    assertContains(
        response,
        '<option value="printed">You may pay 1 life and exile a blue card from your hand rather '
        "than pay this spell&#x27;s mana cost.</option>",
        html=True,
    )
    assertContains(response, VERDICT.format("Illegal"), html=True)


def test_workbench_118_9_force_of_will_exiles_a_blue_card_from_hand_and_pays_1_life(
    client: Client, workbench_cards: None
) -> None:
    scenario = force_of_will(targets=["s1"], alternative_cost="printed", exile=["h1"])

    response = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(response, VERDICT.format("Legal"), html=True)
    assertContains(response, "<li>1 life paid</li>", html=True)
    assertContains(response, "<li>Exiled: Counterspell (h1)</li>", html=True)
    permalink = decode_scenario(response["HX-Replace-Url"].split("?s=", 1)[1])
    assert permalink["action"]["alternative_cost"] == "printed"
    assert permalink["action"]["exile"] == ["h1"]
    assert permalink["hand"] == [{"id": "h1", "card": "Counterspell", "owner": "you"}]


def test_workbench_601_2b_force_of_will_prompts_for_the_card_to_exile(
    client: Client, workbench_cards: None
) -> None:
    scenario = force_of_will(targets=["s1"], alternative_cost="printed")

    response = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(response, VERDICT.format("Choices to make"), html=True)
    assertContains(response, "To pay “Exile a blue card from your hand”, choose 1 more.")
    assertNotContains(response, "verdict-illegal")


def test_workbench_119_4_force_of_will_with_no_life_to_pay_is_illegal(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        **force_of_will(targets=["s1"], alternative_cost="printed", exile=["h1"]),
        "life": {"you": 0, "opponent": 20},
    }

    response = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(response, VERDICT.format("Illegal"), html=True)
    assertContains(response, 'href="/en/rules/119.4/"')


def test_workbench_601_2b_fling_with_a_creature_not_chosen_prompts_for_the_sacrifice(
    client: Client, workbench_cards: None
) -> None:
    scenario = fling([*MOUNTAINS, BEARS], targets=["opponent"])

    response = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(response, VERDICT.format("Choices to make"), html=True)
    assertContains(response, "To pay “Sacrifice a creature”, choose 1 more.")
    assertContains(response, 'class="verdict verdict-choices"')


def test_workbench_601_2h_fling_sacrificing_the_creature_is_legal(
    client: Client, workbench_cards: None
) -> None:
    scenario = fling([*MOUNTAINS, BEARS], targets=["opponent"], sacrifice=["p3"])

    response = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(response, VERDICT.format("Legal"), html=True)
    assertContains(response, "<li>Sacrificed: Grizzly Bears (p3)</li>", html=True)


def test_workbench_118_3_fling_without_a_creature_is_illegal(
    client: Client, workbench_cards: None
) -> None:
    response = client.post(URL, posted(fling(MOUNTAINS, targets=["opponent"])), headers=HTMX)

    assertContains(response, VERDICT.format("Illegal"), html=True)
    assertContains(response, 'href="/en/rules/118.3/"')
    assertContains(response, "pay “Sacrifice a creature”: there isn&#x27;t enough")


def test_workbench_601_2c_a_cast_with_no_target_is_a_prompt_not_a_verdict(
    client: Client, workbench_cards: None
) -> None:
    response = client.post(URL, posted(fling([*MOUNTAINS, BEARS], sacrifice=["p3"])))

    assertContains(response, VERDICT.format("Choices to make"), html=True)
    assertContains(response, "Choose 1 target(s) for Fling.")
    assertContains(response, 'href="/en/rules/601.2c/"')


def test_workbench_700_2_cryptic_command_shows_its_modes_and_asks_for_two(
    client: Client, workbench_cards: None
) -> None:
    scenario = {"action": {"kind": "cast", "player": "you", "card": "Cryptic Command"}}

    response = client.post(URL, posted(scenario, assume_mana="on"))

    assertContains(response, "<legend>Modes (choose 2)</legend>", html=True)
    assertContains(response, 'value="3" lang="en" id="id_modes_3"')
    assertContains(response, "Draw a card.")
    assertContains(response, VERDICT.format("Choices to make"), html=True)
    assertContains(response, "Choose 2 mode(s) of Cryptic Command.")


def test_workbench_700_2_cryptic_command_with_two_modes_and_their_target_is_legal(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {
            "kind": "cast",
            "player": "you",
            "card": "Cryptic Command",
            "modes": [0, 3],
            "targets": ["s1"],
        },
        "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}],
    }

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertContains(response, VERDICT.format("Legal"), html=True)
    permalink = decode_scenario(response["HX-Replace-Url"].split("?s=", 1)[1])
    assert permalink["action"]["modes"] == [0, 3]


def test_workbench_unmodelled_casting_text_qualifies_a_legal_answer(
    client: Client, workbench_cards: None
) -> None:
    name, text = _untargeted_card_with_own_text_not_modelled()
    scenario = {"action": {"kind": "cast", "player": "you", "card": name}}

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertContains(response, VERDICT.format("Legal as far as modelled"), html=True)
    assertContains(response, 'data-testid="qualification"')
    assertContains(response, escape(text))


def _untargeted_card_with_own_text_not_modelled(*, french: bool = False) -> tuple[str, str]:
    """A workbench card that needs no target and whose own casting text is not modelled (its
    French name with ``french``)."""
    for row in json.loads(DATA.read_text(encoding="utf-8"))["cards"]:
        definition = engine.CardDefinition.parse(
            name=row["name"], mana_cost=row["mana_cost"], type_line=row["type_line"],
            oracle_text=row["oracle_text"], power=row["power"], toughness=row["toughness"],
        )  # fmt: skip
        for item in definition.unmodelled:
            own = item.scope is Scope.SELF and item.relevance is Relevance.ALWAYS
            if own and not definition.may_target:
                return row["name_fr" if french else "name"], item.text
    raise AssertionError("no workbench card has its own casting text not modelled")


def test_workbench_730_1_night_on_the_form_makes_moonragers_slash_cost_2_less(
    client: Client, workbench_cards: None
) -> None:
    slash = {"kind": "cast", "player": "you", "card": "Moonrager's Slash", "targets": ["opponent"]}

    night = client.post(
        URL, posted({"action": slash}, assume_mana="on", day_night="night"), headers=HTMX
    )
    neither = client.post(URL, posted({"action": slash}, assume_mana="on"), headers=HTMX)

    assertContains(night, 'data-testid="total-cost">{R}</span>')
    assertContains(night, VERDICT.format("Legal"), html=True)
    assertContains(neither, 'data-testid="total-cost">{2}{R}</span>')
    permalink = decode_scenario(night["HX-Replace-Url"].split("?s=", 1)[1])
    assert permalink["turn"]["day_night"] == "night"


def test_workbench_122_1_experience_counters_on_the_form_reduce_mizzixs_spells(
    client: Client, workbench_cards: None
) -> None:
    slash = {"kind": "cast", "player": "you", "card": "Moonrager's Slash", "targets": ["opponent"]}
    mizzix = {"id": "p1", "card": "Mizzix of the Izmagnus", "controller": "you"}
    scenario = {"action": slash, "battlefield": [mizzix]}

    counted = client.post(
        URL, posted(scenario, assume_mana="on", experience_counters_you="2"), headers=HTMX
    )

    assertContains(counted, 'data-testid="total-cost">{R}</span>')
    permalink = decode_scenario(counted["HX-Replace-Url"].split("?s=", 1)[1])
    assert permalink["player_counters"] == {"you": {"experience": 2}}


def test_workbench_in_french_the_qualification_and_prompts_are_french(
    client: Client, workbench_cards: None
) -> None:
    name, _text = _untargeted_card_with_own_text_not_modelled(french=True)
    unmodelled = {"kind": "cast", "player": "you", "card": name}
    cryptic = {"action": {"kind": "cast", "player": "you", "card": "Cryptic Command"}}

    qualified = client.post(
        "/fr/workbench/", posted({"action": unmodelled}, assume_mana="on"), headers=HTMX
    )
    prompted = client.post("/fr/workbench/", posted(cryptic, assume_mana="on"), headers=HTMX)

    assertContains(
        qualified, VERDICT.format("Légal dans la limite de ce qui est modélisé"), html=True
    )
    assertContains(prompted, VERDICT.format("Choix à faire"), html=True)
    assertNotContains(prompted, "Choose 2 mode(s)")


def test_workbench_add_graveyard_button_adds_a_card_row_for_that_owner(
    client: Client, workbench_cards: None
) -> None:
    scenario = {"action": {"kind": "cast", "player": "you", "card": "Shock"}}

    response = client.post(URL, posted(scenario, op="add-graveyard-opponent"), headers=HTMX)

    assert response["HX-Retarget"] == "#workbench"
    assertContains(response, 'name="graveyard-TOTAL_FORMS" value="1"')
    assertContains(response, 'name="graveyard-0-id" value="g1"')
    assertContains(response, 'name="graveyard-0-flags" value="exile"')
    assertContains(response, '<option value="g1">? (g1)</option>', html=True)


def test_workbench_remove_button_removes_a_hand_row(client: Client, workbench_cards: None) -> None:
    scenario = {
        **force_of_will(),
        "hand": [
            {"id": "h1", "card": "Counterspell", "owner": "you"},
            {"id": "h2", "card": "Forest", "owner": "you"},
        ],
    }

    response = client.post(URL, posted(scenario, op="remove-hand-0"))

    assertContains(response, 'name="hand-TOTAL_FORMS" value="1"')
    assertContains(response, 'name="hand-0-id" value="h2"')
    assertNotContains(response, 'value="Counterspell"')


def test_workbench_601_3_a_card_cast_from_the_graveyard_without_permission_is_illegal(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {
            "kind": "cast",
            "player": "you",
            "card": "Shock",
            "from": "graveyard",
            "card_id": "g1",
            "targets": ["opponent"],
        },
        "graveyard": [{"id": "g1", "card": "Shock", "owner": "you"}],
    }

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertContains(response, VERDICT.format("Illegal"), html=True)
    assertContains(response, 'href="/en/rules/601.3/"')
    permalink = decode_scenario(response["HX-Replace-Url"].split("?s=", 1)[1])
    assert (permalink["action"]["from"], permalink["action"]["card_id"]) == ("graveyard", "g1")


def test_workbench_a_step_of_another_phase_is_an_error_on_the_step_field(
    client: Client, workbench_cards: None
) -> None:
    scenario = {"action": {"kind": "cast", "player": "you", "card": "Shock"}}

    response = client.post(URL, posted(scenario, step="upkeep"))

    assertContains(response, 'id="id_step_error"')
    assertContains(response, "upkeep is a step of beginning, not of main1")


def test_workbench_link_with_zones_life_and_step_opens_on_the_board(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        **force_of_will(),
        "life": {"you": 7, "opponent": 20},
        "turn": {"active_player": "opponent", "phase": "combat", "step": "declare_attackers"},
    }
    data = posted(scenario)

    link = client.post(URL, data, headers=HTMX)["HX-Replace-Url"]
    response = client.get(link)

    assertContains(response, 'name="hand-0-card" value="Counterspell"')
    assertContains(response, 'name="life_you" value="7"')
    assertContains(response, '<option value="declare_attackers" selected>', html=False)


def test_workbench_707_10_names_the_copy_a_cast_twincast_makes_and_one_an_effect_made(
    client: Client, workbench_cards: None
) -> None:
    stack = [{"id": "s1", "card": "Shock", "controller": "opponent"}]
    cast = {
        "action": {"kind": "cast", "player": "you", "card": "Twincast", "targets": ["s1"]},
        "stack": stack,
    }
    copy = {"action": {"kind": "copy_spell", "player": "you", "copy_of": "s1"}, "stack": stack}

    cast_answer = client.post(URL, posted(cast, assume_mana="on"), headers=HTMX)
    copy_answer = client.post(URL, posted(copy), headers=HTMX)
    french = client.post("/fr/workbench/", posted(cast, assume_mana="on"), headers=HTMX)

    assertContains(cast_answer, "the copy of Shock (s1) that Twincast makes as it resolves")
    assertContains(copy_answer, "a copy of Shock (s1) made by an effect already resolving")
    assertContains(french, "la copie de Choc (s1) que Jumelance crée en se résolvant")


def test_workbench_what_happened_earlier_this_turn_is_carried_to_the_engine(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "player": "you", "card": "Shock", "targets": ["opponent"]},
        "hand": [{"id": "h1", "card": "Forest", "owner": "you"}],
        "exile": [{"id": "e1", "card": "Counterspell", "owner": "you"}],
        "this_turn": {
            "life_lost": {"you": 0, "opponent": 3},
            "spells_cast": {"you": 2, "opponent": 0},
            "combat_damage_by_types": ["Rogue", "Faerie"],
            "first_card_drawn": "h1",
            "foretold_this_turn": ["e1"],
        },
    }

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertContains(response, VERDICT.format("Legal"), html=True)
    permalink = decode_scenario(response["HX-Replace-Url"].split("?s=", 1)[1])
    assert permalink["this_turn"] == scenario["this_turn"]


def test_workbench_every_count_of_the_turn_and_the_spells_cast_reach_the_engine_in_french(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "player": "you", "card": "Shock", "targets": ["opponent"]},
        "this_turn": {
            **{key: {"you": 1, "opponent": 2} for key in PER_PLAYER},
            "spells": [
                {"card": "Burst Lightning", "caster": "you", "kicked": True},
                {"card": "Shock", "caster": "opponent"},
            ],
        },
    }

    response = client.post("/fr/workbench/", posted(scenario, assume_mana="on"))
    reopened = client.get(f"/fr/workbench/?s={response.context['permalink']}")

    assert decode_scenario(response.context["permalink"])["this_turn"] == scenario["this_turn"]
    assertContains(reopened, "Sorts que vous avez lancés ce tour-ci, quand leur nature compte")
    assertContains(reopened, "Burst Lightning (kické)</textarea>")
    assertContains(reopened, 'name="creatures_died_opponent" value="2"')


def test_workbench_a_spell_cast_this_turn_must_be_a_known_card(
    client: Client, workbench_cards: None
) -> None:
    scenario = {"action": {"kind": "cast", "player": "you", "card": "Shock"}}

    response = client.post(URL, {**posted(scenario), "spells_opponent": "Shokc"}, headers=HTMX)

    assertContains(response, "No card is named “Shokc”.")


def test_workbench_earlier_this_turn_opens_when_a_link_says_something_of_it(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "player": "you", "card": "Shock"},
        "this_turn": {"life_lost": {"you": 0, "opponent": 2}},
    }
    link = client.post(URL, posted(scenario), headers=HTMX)["HX-Replace-Url"]

    response = client.get(link)

    assertContains(response, '<details class="this-turn" open>')
    assertContains(response, 'name="life_lost_opponent" value="2"')


def test_workbench_702_27a_buyback_is_a_checkbox_that_adds_its_cost(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {
            "kind": "cast",
            "player": "you",
            "card": "Capsize",
            "targets": ["p1"],
            "optional_costs": {"buyback": 1},
        },
        "battlefield": [{"id": "p1", "card": "Grizzly Bears", "controller": "opponent"}],
    }

    response = client.post(URL, posted(scenario, assume_mana="on"))

    assertContains(response, '<label for="id_optional_buyback">Buyback {3}</label>', html=True)
    assertContains(response, 'data-testid="total-cost">{4}{U}{U}</span>')


def test_workbench_702_56a_replicate_is_a_number_of_times(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {
            "kind": "cast",
            "player": "you",
            "card": "Train of Thought",
            "optional_costs": {"replicate": 2},
        }
    }

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertContains(response, 'data-testid="total-cost">{3}{U}{U}{U}</span>')


def test_workbench_702_47a_a_card_in_hand_is_spliced_onto_an_arcane_spell(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {
            "kind": "cast",
            "player": "you",
            "card": "Glacial Ray",
            "targets": ["opponent"],
            "splice": ["h1"],
        },
        "hand": [{"id": "h1", "card": "Glacial Ray", "owner": "you"}],
    }

    response = client.post(URL, posted(scenario, assume_mana="on"))

    assertContains(response, 'name="hand-0-flags" value="splice" id="id_hand-0-flags_3" checked')
    assertContains(response, 'data-testid="total-cost">{2}{R}{R}</span>')


def test_workbench_a_spell_on_the_stack_keeps_its_targets_modes_and_copy(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "player": "you", "card": "Shock", "targets": ["opponent"]},
        "battlefield": [{"id": "p1", "card": "Grizzly Bears", "controller": "you", "token": True}],
        "stack": [
            {
                "id": "s1",
                "card": "Cryptic Command",
                "controller": "opponent",
                "copy": True,
                "targets": ["p1"],
                "modes": [1, 3],
            }
        ],
    }

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    permalink = decode_scenario(response["HX-Replace-Url"].split("?s=", 1)[1])
    assert permalink["stack"] == scenario["stack"]
    assert permalink["battlefield"][0]["token"] is True


def test_workbench_a_stack_mode_that_is_no_number_is_an_error_on_its_field(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "player": "you", "card": "Shock"},
        "stack": [{"id": "s1", "card": "Cryptic Command", "controller": "opponent"}],
    }

    response = client.post(URL, posted(scenario, **{"stack-0-modes": "first"}))

    assertContains(response, 'id="id_stack-0-modes_error"')
    assertContains(response, "Write mode numbers from 1 to 30.")


def test_workbench_702_132a_assist_is_a_number_of_generic_mana_another_player_pays(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {
            "kind": "cast",
            "player": "you",
            "card": "Huddle Up",
            "targets": ["you", "opponent"],
            "assist": 2,
        },
        "mana_pool": "{U}",
    }

    response = client.post(URL, posted(scenario))

    assertContains(
        response,
        '<label for="id_assist">Assist: generic mana another player pays</label>',
        html=True,
    )
    assertContains(response, VERDICT.format("Legal"), html=True)


def test_workbench_702_132a_a_card_without_assist_has_no_assist_control(
    client: Client, workbench_cards: None
) -> None:
    response = client.post(URL, posted(fling([BEARS], sacrifice=["p3"])))

    assertNotContains(response, 'name="assist"')


def test_workbench_702_140a_mutate_is_offered_as_a_cost_to_pay_and_needs_a_target(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {
            "kind": "cast",
            "player": "you",
            "card": "Gemrazer",
            "alternative_cost": "mutate",
        },
        "battlefield": [BEARS],
    }

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertContains(response, 'data-testid="total-cost">{1}{G}{G}</span>')
    assertContains(response, "Choose 1 target(s) for Gemrazer.")


def test_workbench_702_140a_a_mutate_card_without_targets_in_its_text_offers_targets(
    client: Client, workbench_cards: None
) -> None:
    scenario = {"action": {"kind": "cast", "player": "you", "card": "Huntmaster Liger"}}

    response = client.post(URL, posted(scenario, assume_mana="on"))

    assertContains(response, '<option value="mutate">Mutate {2}{W}</option>', html=True)
    assertContains(response, 'name="targets"')
