"""The first cast (rulesite/workbench/opening.py and the workbench view): "Cast this spell"
answers with no set-up, any mana assumed and said so, kicker changing cost and result; convoke
creatures the player didn't tick are the engine's proposal."""

from __future__ import annotations

import re

from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from rulesite.cards.catalog import CardCatalog
from rulesite.workbench.mapping import Workbench
from rulesite.workbench.opening import first_cast
from tests.rulesite.workbench.posts import posted

HTMX = {"HX-Request": "true"}
URL = "/en/workbench/"
BEARS = [{"id": f"p{i}", "card": "Grizzly Bears", "controller": "you"} for i in (1, 2, 3, 4)]


def test_601_2h_a_card_link_opens_on_an_answer_with_mana_assumed_and_said_so(
    client: Client, workbench_cards: None
) -> None:
    response = client.get(URL, {"card": "burst-lightning"})

    assertContains(response, '<span data-testid="verdict">Legal</span>', html=True)
    assertContains(response, "Mana is assumed.")
    assertContains(response, 'name="assume_mana" id="id_assume_mana" checked')
    assertContains(response, "Put the lands to pay on the battlefield")
    assertContains(response, "Your opponent is chosen as the target")
    assertContains(response, "deals 2 damage")


def test_601_2c_the_opponent_is_chosen_only_when_it_is_every_target_needed(
    workbench_cards: None,
) -> None:
    catalog = CardCatalog()

    shock = first_cast("Shock", catalog=catalog)
    twincast = first_cast("Twincast", catalog=catalog)
    bears = first_cast("Grizzly Bears", catalog=catalog)

    assert shock.target is not None
    assert shock.data.getlist("targets") == ["opponent"]
    assert twincast.target is None  # "target instant or sorcery spell": the prompt asks
    assert twincast.data.getlist("targets") == []
    assert bears.target is None
    assert Workbench(bears.data, catalog=catalog).is_valid()


def test_702_33_ticking_kicker_on_a_first_cast_changes_the_cost_and_the_result(
    client: Client, workbench_cards: None
) -> None:
    opened = first_cast("Burst Lightning", catalog=CardCatalog())
    data = opened.data.copy()

    unkicked = client.post(URL, data, headers=HTMX)
    data["kicker_0"] = "on"
    kicked = client.post(URL, data, headers=HTMX)

    assertContains(unkicked, 'data-testid="total-cost">{R}</span>')
    assertContains(unkicked, "deals 2 damage")
    assertContains(kicked, 'data-testid="total-cost">{4}{R}</span>')
    assertContains(kicked, "deals 4 damage")
    assertContains(kicked, 'data-testid="summary-cost">{4}{R}</span>')
    assertContains(kicked, '<span data-testid="verdict">Legal</span>', html=True)


def test_305_6_put_the_lands_to_pay_judges_the_cast_with_real_lands(
    client: Client, workbench_cards: None
) -> None:
    data = posted(
        {"action": {"kind": "cast", "card": "Burst Lightning", "targets": ["opponent"]}},
        kicker_0="on",
        assume_mana="on",
        op="add-lands",
    )

    response = client.post(URL, data, headers=HTMX)

    assertContains(response, "Put on the battlefield: Mountain ×5.")
    assertNotContains(response, "Mana is assumed.")
    assertNotContains(response, "Put the lands to pay on the battlefield")
    assertContains(response, '<span data-testid="verdict">Legal</span>', html=True)
    assertContains(response, "Lands tapped:")


def test_702_51_creatures_not_ticked_are_the_engines_proposal(
    client: Client, workbench_cards: None
) -> None:
    scenario = {"action": {"kind": "cast", "card": "Kavu Primarch"}, "battlefield": BEARS}

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertContains(response, "Payment proposed")
    assertContains(response, 'data-testid="convoke-proposal"')
    assertContains(response, "Tap these 4 creatures for convoke: Grizzly Bears (p1)")


def test_702_51_an_explicit_convoke_choice_wins_over_the_proposal(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Kavu Primarch", "convoke": ["p2"]},
        "battlefield": BEARS,
    }

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertNotContains(response, 'data-testid="convoke-proposal"')
    assertContains(response, "Payment found")
    assertContains(response, "Grizzly Bears (p2) convokes")
    assertNotContains(response, "Grizzly Bears (p1) convokes")


def test_enter_in_a_text_field_presses_a_submit_that_only_evaluates(
    client: Client, workbench_cards: None
) -> None:
    page = client.get(URL, {"card": "kavu-primarch"}).content.decode()

    form = page[page.index('<form id="workbench-form"') :]
    first_submit = re.search(r"<button[^>]*>", form[form.index(">") :])
    assert first_submit is not None
    assert 'type="submit"' in first_submit.group(0)
    assert "name=" not in first_submit.group(0)  # no op: the post only evaluates


def test_601_2h_a_cost_of_0_needs_no_lands_and_offers_none(
    client: Client, workbench_cards: None
) -> None:
    scenario = {"action": {"kind": "cast", "card": "Everflowing Chalice"}}

    response = client.post(URL, posted(scenario, assume_mana="on"), headers=HTMX)

    assertContains(response, 'data-testid="total-cost">{0}</span>')
    assertContains(response, '<span data-testid="verdict">Legal</span>', html=True)
    assertNotContains(response, "Put the lands to pay on the battlefield")
    assertNotContains(response, "Mana assumed available:")
