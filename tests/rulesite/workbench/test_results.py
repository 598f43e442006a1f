"""The result panel's prompts (the answer's ``missing``) each link to the workbench control
that makes the choice (the htmx answer), and that control is on the page (the full page the
same post draws without JavaScript)."""

from __future__ import annotations

from typing import Any

from django.test import Client
from pytest_django.asserts import assertContains

from tests.rulesite.workbench.posts import posted

HTMX = {"HX-Request": "true"}
URL = "/en/workbench/"
MOUNTAINS = [
    {"id": "p1", "card": "Mountain", "controller": "you"},
    {"id": "p2", "card": "Mountain", "controller": "you"},
]
BEARS = {"id": "p3", "card": "Grizzly Bears", "controller": "you"}


def cast(card: str, **setup: Any) -> dict[str, Any]:
    action = setup.pop("action", {})
    return {"action": {"kind": "cast", "player": "you", "card": card, **action}, **setup}


def prompt(control: str, text: str) -> str:
    return f'<a href="#{control}" data-testid="prompt-control">{text}</a>'


def test_601_2c_the_target_prompt_links_to_the_targets_field(
    client: Client, workbench_cards: None
) -> None:
    scenario = cast("Fling", battlefield=[*MOUNTAINS, BEARS], action={"sacrifice": ["p3"]})

    response = client.post(URL, posted(scenario), headers=HTMX)
    page = client.post(URL, posted(scenario))

    assertContains(response, prompt("id_targets", "Choose 1 target(s) for Fling."), html=True)
    assertContains(page, 'id="id_targets"')


def test_601_2b_the_sacrifice_prompt_links_to_the_battlefield(
    client: Client, workbench_cards: None
) -> None:
    scenario = cast("Fling", battlefield=[*MOUNTAINS, BEARS], action={"targets": ["opponent"]})

    response = client.post(URL, posted(scenario), headers=HTMX)
    page = client.post(URL, posted(scenario))

    text = "To pay “Sacrifice a creature”, choose 1 more."
    assertContains(response, prompt("board", text), html=True)
    assertContains(page, 'id="board"')


def test_601_2b_a_cost_exiling_from_hand_links_to_the_hand(
    client: Client, workbench_cards: None
) -> None:
    scenario = cast(
        "Force of Will",
        action={"targets": ["s1"], "alternative_cost": "printed"},
        battlefield=[{"id": "p1", "card": "Forest", "controller": "you"}],
        stack=[{"id": "s1", "card": "Shock", "controller": "opponent"}],
        hand=[{"id": "h1", "card": "Counterspell", "owner": "you"}],
    )

    response = client.post(URL, posted(scenario), headers=HTMX)
    page = client.post(URL, posted(scenario))

    text = "To pay “Exile a blue card from your hand”, choose 1 more."
    assertContains(response, prompt("zone-hand", text), html=True)
    assertContains(page, 'id="zone-hand"')


def test_700_2_the_modes_prompt_links_to_the_modes_field(
    client: Client, workbench_cards: None
) -> None:
    response = client.post(URL, posted(cast("Cryptic Command"), assume_mana="on"))

    text = "Choose 2 mode(s) of Cryptic Command."
    assertContains(response, prompt("id_modes", text), html=True)
    assertContains(response, 'id="id_modes"')
