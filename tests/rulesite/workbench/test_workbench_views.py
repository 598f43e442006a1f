"""The workbench page and its partials, with and without htmx."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from rulesite.cards.models import Card, Keyword, Ruling
from rulesite.workbench import presets
from rulesite.workbench.permalink import decode_scenario
from rulesite.workbench.results import KEYWORDS_CACHE_KEY
from tests.rulesite.workbench.posts import posted

HTMX = {"HX-Request": "true"}
URL = "/en/workbench/"


BURST = {
    "action": {"kind": "cast", "player": "you", "card": "Burst Lightning", "targets": ["opponent"]}
}


def test_workbench_page_without_a_card_invites_to_choose_one(client: Client, db: None) -> None:
    response = client.get(URL)

    assertContains(response, '<h2 id="cast-result-heading">Result</h2>', html=False)
    assertContains(response, "Choose a card to cast")
    assertContains(response, 'hx-post="/en/workbench/"')
    assertContains(response, 'action="/en/workbench/"')


def test_workbench_card_link_prefills_the_card_and_shows_its_kicker(
    client: Client, workbench_cards: None
) -> None:
    response = client.get(URL, {"card": "burst-lightning"})

    assertContains(response, 'value="Burst Lightning"')
    assertContains(response, '<label for="id_kicker_0">Kicker {4}</label>', html=True)
    assertContains(response, '<span class="notation" data-testid="total-cost">{R}</span>')


def test_workbench_unknown_card_slug_says_so(client: Client, db: None) -> None:
    response = client.get(URL, {"card": "no-such-card"})

    assert response.status_code == 200
    assertContains(response, "No card has the address")


def test_workbench_preset_link_rebuilds_the_scenario(client: Client, workbench_cards: None) -> None:
    preset = presets.by_slug("increase-and-reduction")
    assert preset is not None

    response = client.get(preset.url)

    assertContains(response, 'data-testid="total-cost">{4}{R}</span>')
    assertContains(response, 'value="Thalia, Guardian of Thraben"')
    assertContains(response, "deals 4 damage")


def test_workbench_damaged_permalink_starts_empty_with_a_notice(client: Client, db: None) -> None:
    response = client.get(URL, {"s": "not-a-scenario"})

    assert response.status_code == 200
    assertContains(response, "This scenario link is damaged")
    assertNotContains(response, "Choose the card for this action.")
    assertNotContains(response, "Correct the marked fields to see the result.")
    assertContains(response, "Choose a card to cast")


def test_workbench_post_with_htmx_returns_only_the_result(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST, kicker_0="on", assume_mana="on")

    response = client.post(URL, data, headers=HTMX)

    assertNotContains(response, "<html")
    assertNotContains(response, "<form")
    assertContains(response, '<section id="cast-result"')
    assertContains(response, 'data-testid="total-cost">{4}{R}</span>')
    assertContains(response, '<dd data-testid="kicked">Yes</dd>', html=True)
    assertContains(response, "deals 4 damage")
    assert "?s=" in response["HX-Replace-Url"]


def test_workbench_htmx_permalink_carries_the_whole_scenario(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST, kicker_0="on", assume_mana="on")

    response = client.post(URL, data, headers=HTMX)

    scenario = decode_scenario(response["HX-Replace-Url"].split("?s=", 1)[1])
    assert scenario["action"]["kicker"] == [1]
    assert scenario["assume_mana"] is True


def test_workbench_post_without_htmx_returns_the_full_page_with_the_result(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST, kicker_0="on", assume_mana="on")

    response = client.post(URL, data)

    assertContains(response, "<html")
    assertContains(response, 'data-testid="total-cost">{4}{R}</span>')
    assertContains(response, 'name="kicker_0" id="id_kicker_0" checked')


def test_workbench_new_card_with_htmx_redraws_the_whole_workbench(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST, card="Kavu Primarch")

    response = client.post(URL, data, headers=HTMX)

    assert response["HX-Retarget"] == "#workbench"
    assert response["HX-Reswap"] == "outerHTML"
    assertContains(response, '<div id="workbench"')
    assertContains(response, "Kicker {4}")
    assertContains(response, 'data-testid="total-cost">{3}{G}</span>')


def test_workbench_bad_mana_notation_is_an_inline_error_not_a_500(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST, mana_pool="{Q}")

    response = client.post(URL, data, headers=HTMX)

    assert response.status_code == 200
    assert response["HX-Retarget"] == "#workbench"
    assertContains(response, "Not mana notation")
    assertContains(response, 'aria-invalid="true"')
    assertContains(response, "Correct the marked fields")


def test_workbench_unknown_card_is_an_inline_error_with_suggestions(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST, card="Burst Lightnin")

    response = client.post(URL, data)

    assert response.status_code == 200
    assertContains(response, "No card is named “Burst Lightnin”. Did you mean: Burst Lightning")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("stack-0-x", "-3"),
        ("battlefield-TOTAL_FORMS", "abc"),
        ("kind", "dance"),
        ("phase", "upkeep"),
        ("cost_reductions", "{1} {"),
        ("stack-0-x", "nope"),
    ],
)
def test_workbench_malformed_posts_get_200_with_errors(
    client: Client, workbench_cards: None, field: str, value: str
) -> None:
    scenario = {**BURST, "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}]}
    data = posted(scenario, **{field: value})

    response = client.post(URL, data, headers=HTMX)

    assert response.status_code == 200
    assertNotContains(response, 'data-testid="verdict"')


def test_workbench_engine_request_errors_land_on_their_field(
    client: Client, workbench_cards: None
) -> None:
    # A board kicker on a card without kicker passes the form; the engine refuses it.
    scenario = {**BURST, "battlefield": [{"id": "p1", "card": "Forest", "kicker": [1]}]}

    response = client.post(URL, posted(scenario), headers=HTMX)

    assert response.status_code == 200
    assert response["HX-Retarget"] == "#workbench"
    assertContains(response, 'id="id_battlefield-0-kicker_error"', count=0)
    assertContains(response, "Correct the marked fields")


def test_workbench_add_permanent_button_adds_a_row_for_that_player(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST, op="add-permanent-opponent")

    response = client.post(URL, data)

    assertContains(response, 'name="battlefield-TOTAL_FORMS" value="1"')
    assertContains(response, 'name="battlefield-0-id" value="p1"')
    assertContains(
        response, '<option value="opponent" selected>Opponent</option>', count=1, html=True
    )


def test_workbench_remove_button_removes_that_row_and_keeps_the_others(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        **BURST,
        "battlefield": [
            {"id": "p1", "card": "Forest", "controller": "you"},
            {"id": "p2", "card": "Mountain", "controller": "you", "tapped": True},
        ],
    }

    response = client.post(URL, posted(scenario, op="remove-permanent-0"), headers=HTMX)

    assert response["HX-Retarget"] == "#workbench"
    assertContains(response, 'name="battlefield-TOTAL_FORMS" value="1"')
    assertContains(response, 'name="battlefield-0-id" value="p2"')
    assertContains(response, 'name="battlefield-0-flags" value="tapped"', count=1)
    assertContains(response, 'value="tapped" id="id_battlefield-0-flags_0" checked')
    assertNotContains(response, 'value="Forest"')


def test_workbench_removing_a_chosen_target_unchooses_it_and_keeps_the_answer(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {**BURST["action"], "targets": ["p2"]},
        "battlefield": [
            {"id": "p1", "card": "Mountain", "controller": "you"},
            {"id": "p2", "card": "Grizzly Bears", "controller": "opponent"},
        ],
    }

    response = client.post(URL, posted(scenario, op="remove-permanent-1"), headers=HTMX)

    assertNotContains(response, "is not one of the available choices")
    assertNotContains(response, 'value="p2"')
    assertContains(response, '<span data-testid="verdict">', html=False)
    assertContains(response, 'name="battlefield-0-id" value="p1"')


def test_workbench_removing_a_row_keeps_a_target_another_row_still_names(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {**BURST["action"], "targets": ["p1"]},
        "battlefield": [
            {"id": "p1", "card": "Grizzly Bears", "controller": "opponent"},
            {"id": "p2", "card": "Mountain", "controller": "you"},
        ],
    }

    response = client.post(URL, posted(scenario, op="remove-permanent-1"), headers=HTMX)

    assertContains(response, 'value="p1" id="id_targets_2" checked', html=False)


def test_workbench_702_33_a_card_without_kicker_says_nothing_of_kicking(
    client: Client, workbench_cards: None
) -> None:
    shock = {"action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]}}

    response = client.post(URL, posted(shock, assume_mana="on"), headers=HTMX)

    assertContains(response, '<span data-testid="verdict">Legal</span>', html=True)
    assertNotContains(response, 'data-testid="kicked"')
    assertNotContains(response, 'data-testid="kick-count"')
    assertNotContains(response, "not kicked")


def test_workbench_702_33_a_card_with_kicker_says_it_was_not_kicked(
    client: Client, workbench_cards: None
) -> None:
    response = client.post(URL, posted(BURST, assume_mana="on"), headers=HTMX)

    assertContains(response, '<dd data-testid="kicked">No</dd>', html=True)
    assertContains(response, '<dd data-testid="kick-count">0</dd>', html=True)
    assertContains(response, "<li>not kicked</li>", html=True)


def test_workbench_in_french_writes_a_space_before_each_colon(
    client: Client, workbench_cards: None
) -> None:
    preset = presets.by_slug("split-second-kicked-molten-disaster")
    assert preset is not None

    response = client.post("/fr/workbench/", posted(preset.scenario), headers=HTMX)

    assertContains(response, 'href="/fr/rules/702.61a/">règle 702.61a</a> : ', html=False)
    assertContains(response, "</time> : ", html=False)
    assertNotContains(response, "</a>: ", html=False)
    assertNotContains(response, "</time>: ", html=False)


def test_workbench_702_51a_in_french_says_a_convoking_creature_is_tapped_in_one_gender(
    client: Client, workbench_cards: None
) -> None:
    preset = presets.by_slug("convoke-multicolored")
    assert preset is not None

    response = client.post("/fr/workbench/", posted(preset.scenario), headers=HTMX)

    assertContains(response, "est engagé pour la convocation et paie")
    assertNotContains(response, "engagée")


def test_workbench_605_3b_a_mana_ability_is_said_not_to_use_the_stack(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "activate_mana_ability", "source": "e1"},
        "battlefield": [{"id": "e1", "card": "Llanowar Elves", "controller": "you"}],
    }

    response = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(response, "a mana ability: it doesn&#x27;t use the stack", html=False)
    assertNotContains(response, "an ability on the stack")
    assertNotContains(response, "702.61b")


def test_workbench_702_61a_kicked_molten_disaster_blocks_shock(
    client: Client, workbench_cards: None
) -> None:
    preset = presets.by_slug("split-second-kicked-molten-disaster")
    assert preset is not None

    response = client.post(URL, posted(preset.scenario), headers=HTMX)

    assertContains(response, '<span data-testid="verdict">Illegal</span>', html=True)
    assertContains(response, 'href="/en/rules/702.61a/"')


def test_workbench_clarifications_quoted_by_the_answer_are_marked(
    client: Client, workbench_cards: None
) -> None:
    response = client.post(URL, posted(BURST, kicker_0="on", assume_mana="on"), headers=HTMX)

    assertContains(response, "Bears on this result")
    assertContains(response, "If a spell&#x27;s kicker cost was paid")


def test_workbench_in_french_labels_kicker_kick_and_says_blessures(
    client: Client, workbench_cards: None
) -> None:
    data = posted(
        {"action": {"kind": "cast", "player": "you", "card": "Éclair explosif"}},
        kicker_0="on",
        assume_mana="on",
    )

    response = client.post("/fr/workbench/", data)

    assertContains(response, '<label for="id_kicker_0">Kick {4}</label>', html=True)
    assertContains(response, "inflige 4 blessures")
    assertContains(response, '<h2 id="cast-result-heading">Résultat</h2>', html=True)
    assertContains(response, 'data-testid="total-cost">{4}{R}</span>')


def test_card_options_with_htmx_is_a_datalist_of_english_and_french_names(
    client: Client, workbench_cards: None, django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(2):
        response = client.get("/fr/workbench/cards/", {"card": "eclair"}, headers=HTMX)

    assertNotContains(response, "<html")
    assertContains(response, '<datalist id="card-options">')
    assertContains(response, '<option value="Éclair explosif">Burst Lightning</option>', html=True)


def test_card_options_reads_the_name_of_a_board_row(client: Client, workbench_cards: None) -> None:
    response = client.get("/en/workbench/cards/", {"battlefield-3-card": "thal"}, headers=HTMX)

    assertContains(response, '<option value="Thalia, Guardian of Thraben">')


def test_card_options_without_htmx_is_a_page_of_links_to_the_workbench(
    client: Client, workbench_cards: None, django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(3):
        response = client.get("/en/workbench/cards/", {"q": "shock"})

    assertContains(response, "<html")
    assertContains(response, 'href="/en/workbench/?card=shock"')
    assertContains(response, 'href="/en/workbench/?card=sudden-shock"')


def test_card_options_ignores_a_one_letter_query(client: Client, db: None) -> None:
    response = client.get("/en/workbench/cards/", {"card": "b"}, headers=HTMX)

    assertContains(response, '<datalist id="card-options"></datalist>', html=True)


def test_workbench_refuses_other_methods(client: Client, db: None) -> None:
    assert client.put(URL).status_code == 405


def test_workbench_shows_targets_only_for_a_card_that_targets(
    client: Client, workbench_cards: None
) -> None:
    shock = client.get(URL, {"card": "shock"})
    primarch = client.get(URL, {"card": "kavu-primarch"})

    assertContains(shock, "<legend>Targets</legend>", html=False)
    assertNotContains(primarch, "<legend>Targets</legend>", html=False)


def test_workbench_broken_management_form_is_reported_not_a_500(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST)
    del data["battlefield-TOTAL_FORMS"]

    response = client.post(URL, data, headers=HTMX)

    assert response.status_code == 200
    assertContains(response, "ManagementForm data is missing")


def test_workbench_clone_shows_the_copied_creatures_clarification(
    client: Client, workbench_cards: None
) -> None:
    preset = presets.by_slug("clone-of-kicked-creature")
    assert preset is not None

    response = client.get(preset.url)

    assertContains(response, "If a card or token enters as a copy of a permanent")
    assertContains(response, '<dd data-testid="kicked">No</dd>', html=True)


def test_workbench_split_second_clarifications_stand_out_when_702_61_decides(
    client: Client, demo_data: None
) -> None:
    cache.delete(KEYWORDS_CACHE_KEY)
    preset = presets.by_slug("split-second-kicked-molten-disaster")
    assert preset is not None

    response = client.get(preset.url)

    items = re.findall(r'<li class="([^"]*)">(.*?)</li>', response.content.decode(), re.S)
    classes = {
        "split second": [cls for cls, body in items if "has split second as long as" in body],
        "unrelated": [cls for cls, body in items if "doesn&#x27;t let you pay a kicker" in body],
    }
    assert classes == {"split second": [""], "unrelated": ["clause-dimmed"]}


def test_702_33_a_kicked_answer_leaves_702_3_defender_clarifications_dimmed(
    client: Client, workbench_cards: None
) -> None:
    # 702.33 (kicker) is not within 702.3 (defender), though its number starts with it.
    Keyword.objects.create(slug="defender", name_en="Defender", rule_number="702.3")
    defender = Ruling.objects.create(
        published_on=datetime.date(2025, 1, 1),
        text_en="Burst Lightning can be cast while you control a creature with defender.",
    )
    defender.cards.add(Card.objects.get(name="Burst Lightning"))

    response = client.post(URL, posted(BURST, kicker_0="on", assume_mana="on"), headers=HTMX)

    items = re.findall(r'<li class="([^"]*)">(.*?)</li>', response.content.decode(), re.S)
    classes = {
        "defender": [cls for cls, body in items if "creature with defender" in body],
        "kicker": [cls for cls, body in items if "kicker cost was paid" in body],
    }
    assert classes == {"defender": ["clause-dimmed"], "kicker": ["bears"]}


def test_workbench_anavolver_has_one_checkbox_per_kicker_cost(
    client: Client, workbench_cards: None
) -> None:
    response = client.get(URL, {"card": "anavolver"})

    assertContains(response, '<label for="id_kicker_0">Kicker {1}{U}</label>', html=True)
    assertContains(response, '<label for="id_kicker_1">Kicker {B}</label>', html=True)


def test_workbench_multikicker_is_a_number_of_times(client: Client, workbench_cards: None) -> None:
    data = posted(
        {"action": {"kind": "cast", "player": "you", "card": "Everflowing Chalice"}},
        multikicker="3",
        assume_mana="on",
    )

    response = client.post(URL, data)

    assertContains(response, 'type="number" name="multikicker" value="3"')
    assertContains(response, 'data-testid="total-cost">{6}</span>')
    assertContains(response, '<dd data-testid="kick-count">3</dd>', html=True)


def test_workbench_htmx_result_carries_a_spoken_summary(
    client: Client, workbench_cards: None
) -> None:
    data = posted(BURST, kicker_0="on", assume_mana="on")

    response = client.post(URL, data, headers=HTMX)

    assertContains(
        response,
        '<div id="result-status" class="visually-hidden" role="status" hx-swap-oob="true">'
        "Legal. Total cost {4}{R}.",
    )


@pytest.mark.parametrize(
    ("scenario", "verdict", "text"),
    [
        (
            {
                "action": {
                    "kind": "put_onto_battlefield",
                    "player": "you",
                    "card": "Kavu Primarch",
                },
                "turn": {"active_player": "you", "phase": "main1"},
            },
            "Legal",
            "not kicked",
        ),
        (
            {
                "action": {"kind": "cast_from_trigger", "player": "you", "card": "Shock"},
                "stack": [{"id": "s1", "card": "Sudden Shock", "controller": "opponent"}],
                "turn": {"active_player": "you", "phase": "main1"},
            },
            "Illegal",
            "/en/rules/702.61a/",
        ),
        (
            {
                "action": {"kind": "activate_mana_ability", "player": "you", "source": "p1"},
                "battlefield": [{"id": "p1", "card": "Llanowar Elves", "controller": "you"}],
                "stack": [{"id": "s1", "card": "Sudden Shock", "controller": "opponent"}],
                "turn": {"active_player": "you", "phase": "main1"},
            },
            "Legal",
            "",
        ),
    ],
    ids=["put-onto-battlefield", "cast-from-trigger-under-split-second", "mana-ability"],
)
def test_workbench_answers_each_kind_of_action(
    client: Client, workbench_cards: None, scenario: dict[str, Any], verdict: str, text: str
) -> None:
    response = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(response, f'<span data-testid="verdict">{verdict}</span>', html=True)
    assertContains(response, text)


def test_workbench_result_links_to_sharing_the_scenario(
    client: Client, workbench_cards: None
) -> None:
    response = client.post(URL, posted(BURST, kicker_0="on"), headers=HTMX)

    permalink = response["HX-Replace-Url"].split("?s=", 1)[1]
    assertContains(response, f'href="/en/scenarios/new/?s={permalink}"')


def test_workbench_choosing_copy_spell_redraws_the_form_with_the_spell_picker(
    client: Client, workbench_cards: None
) -> None:
    scenario = {**BURST, "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}]}
    assertNotContains(client.post(URL, posted(scenario)), 'name="copy_of"')

    response = client.post(URL, posted(scenario, kind="copy_spell"), headers=HTMX)

    assert response["HX-Retarget"] == "#workbench"
    assertContains(response, '<option value="s1">Shock (s1)</option>', html=True)


def test_workbench_shows_a_clarification_published_twice_once(
    client: Client, workbench_cards: None
) -> None:
    burst = Card.objects.get(name="Burst Lightning")
    for day, text in (
        (datetime.date(2019, 1, 1), "Burst Lightning's kicker can't be paid twice."),
        (datetime.date(2025, 1, 1), "Burst Lightning’s kicker can’t be paid twice."),
    ):
        Ruling.objects.create(published_on=day, text_en=text).cards.add(burst)
    scenario = {"action": {"kind": "cast", "card": "Burst Lightning", "targets": ["opponent"]}}

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    html = response.content.decode()
    assert html.count("kicker can") == 1
    assert 'datetime="2025-01-01"' in html
