"""Cards with several faces on the workbench: the face to cast is a choice of the form
(709.3, 715.3), kept in the permalink and judged with that face's own characteristics."""

from __future__ import annotations

from typing import Any

from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from rulesite.workbench.permalink import decode_scenario, encode_scenario
from tests.rulesite.workbench.posts import posted

HTMX = {"HX-Request": "true"}
URL = "/en/workbench/"
VERDICT = '<span data-testid="verdict">{}</span>'
MOUNTAINS = [
    {"id": "p1", "card": "Mountain", "controller": "you"},
    {"id": "p2", "card": "Mountain", "controller": "you"},
]


def fire_ice(**action: Any) -> dict[str, Any]:
    return {
        "action": {"kind": "cast", "player": "you", "card": "Fire // Ice", **action},
        "battlefield": MOUNTAINS,
    }


def test_workbench_709_3_offers_each_half_of_a_split_card(
    client: Client, workbench_cards: None
) -> None:
    response = client.get(URL, {"s": encode_scenario(fire_ice())})

    assertContains(response, '<label for="id_face">Face to cast</label>', html=True)
    assertContains(response, '<option value="0">Fire</option>', html=True)
    assertContains(response, '<option value="1">Ice</option>', html=True)


def test_workbench_709_3b_casts_the_half_chosen_with_its_own_cost(
    client: Client, workbench_cards: None
) -> None:
    scenario = {**fire_ice(face=1, targets=["p1"]), "assume_mana": True}

    response = client.post(URL, posted(scenario))

    assert response.status_code == 200
    assertContains(response, VERDICT.format("Legal"), html=True)
    assertContains(response, '<option value="1" selected>Ice</option>', html=True)
    assertContains(response, "709.3")


def test_workbench_709_3_the_half_chosen_is_kept_in_the_htmx_answers_permalink(
    client: Client, workbench_cards: None
) -> None:
    scenario = {**fire_ice(face=1, targets=["p1"]), "assume_mana": True}

    response = client.post(URL, posted(scenario), headers=HTMX)

    assert response.status_code == 200
    assertContains(response, VERDICT.format("Legal"), html=True)
    permalink = decode_scenario(response["HX-Replace-Url"].split("?s=", 1)[1])
    assert (permalink["action"]["card"], permalink["action"]["face"]) == ("Fire // Ice", 1)


def test_workbench_709_3_each_half_is_paid_with_its_own_colors(
    client: Client, workbench_cards: None
) -> None:
    # Two Mountains pay Fire's {1}{R}, not Ice's {1}{U}.
    fire = client.post(URL, posted(fire_ice(targets=["opponent"])), headers=HTMX)
    ice = client.post(URL, posted(fire_ice(face=1, targets=["p1"])), headers=HTMX)

    assertContains(fire, VERDICT.format("Legal"), html=True)
    assertContains(ice, VERDICT.format("Illegal"), html=True)
    assertContains(ice, "601.2h")


def test_workbench_715_3_an_adventurer_offers_its_adventure(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Bonecrusher Giant // Stomp", "face": 1,
                   "targets": ["opponent"]},
        "assume_mana": True,
    }  # fmt: skip

    response = client.post(URL, posted(scenario))

    assertContains(response, '<option value="1" selected>Stomp</option>', html=True)
    assertContains(response, VERDICT.format("Legal"), html=True)
    assertContains(response, "715.3")


def test_workbench_715_3_a_card_typed_by_its_adventures_name_casts_the_adventure(
    client: Client, workbench_cards: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Stomp", "targets": ["opponent"]},
        "assume_mana": True,
    }

    page = client.post(URL, posted(scenario))
    answer = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(page, '<option value="1" selected>Stomp</option>', html=True)
    assertContains(page, VERDICT.format("Legal"), html=True)
    assertContains(page, 'data-testid="total-cost">{1}{R}</span>')
    assertContains(answer, "<h3>The text of Stomp</h3>", html=True)


def test_workbench_709_3_a_split_card_typed_by_its_first_halfs_name_is_found(
    client: Client, workbench_cards: None
) -> None:
    response = client.get(URL, {"s": encode_scenario(fire_ice() | {"action": {"card": "Fire"}})})

    assertContains(response, '<option value="0">Fire</option>', html=True)
    assertContains(response, '<option value="1">Ice</option>', html=True)


def turn_burn(**action: Any) -> dict[str, Any]:
    return {
        "action": {"kind": "cast", "player": "you", "card": "Turn // Burn", **action},
        "battlefield": [{"id": "b1", "card": "Grizzly Bears", "controller": "opponent"}],
        "assume_mana": True,
    }


def test_workbench_702_102a_offers_to_cast_both_halves_of_a_card_with_fuse(
    client: Client, workbench_cards: None
) -> None:
    fuse = client.get(URL, {"s": encode_scenario(turn_burn())})
    no_fuse = client.get(URL, {"s": encode_scenario(fire_ice())})

    assertContains(fuse, '<label for="id_fuse">Cast both halves (fuse)</label>', html=True)
    assertNotContains(no_fuse, 'id="id_fuse"')


def test_workbench_702_102c_a_fused_cast_pays_both_halves_and_keeps_fuse_in_its_permalink(
    client: Client, workbench_cards: None
) -> None:
    scenario = turn_burn(fuse=True, targets=["b1", "opponent"])

    page = client.post(URL, posted(scenario))
    answer = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(page, VERDICT.format("Legal"), html=True)
    assertContains(page, 'data-testid="total-cost">{3}{U}{R}</span>')
    assertContains(page, "702.102b")
    permalink = decode_scenario(answer["HX-Replace-Url"].split("?s=", 1)[1])
    assert permalink["action"]["fuse"] is True
    assert "face" not in permalink["action"]


def test_workbench_702_102b_a_fused_cast_shows_the_cards_text_and_clarifications(
    client: Client, workbench_cards: None
) -> None:
    scenario = turn_burn(fuse=True, targets=["b1", "opponent"])

    response = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(response, '<div class="card-text" lang="en">')
    assertContains(response, "Burn deals 2 damage to any target.")


def test_workbench_715_3d_the_creature_on_an_adventure_is_cast_from_exile(
    client: Client, workbench_cards: None
) -> None:
    exiled = {"id": "e1", "card": "Bonecrusher Giant // Stomp", "on_adventure": True}
    scenario = {
        "action": {"kind": "cast", "player": "you", "card": "Bonecrusher Giant // Stomp",
                   "from": "exile", "card_id": "e1"},
        "exile": [exiled],
        "assume_mana": True,
    }  # fmt: skip

    page = client.post(URL, posted(scenario))
    answer = client.post(URL, posted(scenario), headers=HTMX)

    assertContains(page, VERDICT.format("Legal"), html=True)
    assertContains(page, "On an adventure: exiled by its own Adventure")
    assertContains(answer, "715.3d")
    permalink = decode_scenario(answer["HX-Replace-Url"].split("?s=", 1)[1])
    assert permalink["exile"][0]["on_adventure"] is True
