"""On /fr/, every workbench answer speaks French: cards by their French names, players as
"vous" and "l'adversaire" — for every preset and every demo scenario."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from rulesite.cards.models import Card
from rulesite.scenarios.demo import DEMO_SCENARIOS
from rulesite.workbench import presets
from tests.rulesite.workbench.posts import posted

HTMX = {"HX-Request": "true"}
SET_UPS = [(f"preset:{p.slug}", p.scenario) for p in presets.PRESETS] + [
    (f"demo:{d['key']}", d["scenario"]) for d in DEMO_SCENARIOS
]
PLAYER_WORDS = re.compile(r"\b(you|opponent|your)\b", re.IGNORECASE)


class _Answer(HTMLParser):
    """The text of the result section, leaving out what is marked as English (the card's
    Oracle text, ``lang="en"``) and what is not shown (hidden inputs, scripts)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._english: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._english or dict(attrs).get("lang") == "en":
            self._english.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._english:
            self._english.pop()

    def handle_data(self, data: str) -> None:
        if not self._english:
            self.parts.append(data)


def answer_text(html: str) -> str:
    section = html[html.index('<section id="cast-result"') :]
    parser = _Answer()
    parser.feed(section)
    return " ".join(" ".join(parser.parts).split())


@pytest.mark.parametrize(("name", "scenario"), SET_UPS, ids=[name for name, _ in SET_UPS])
def test_french_answer_names_cards_in_french_and_players_as_vous_and_l_adversaire(
    client: Client, demo_data: None, name: str, scenario: dict[str, Any]
) -> None:
    english_names = [
        card.name
        for card in Card.objects.exclude(name_fr="")
        if card.name_fr != card.name and not card.name_fr.startswith(card.name)
    ]

    response = client.post("/fr/workbench/", posted(scenario), headers=HTMX)

    text = answer_text(response.content.decode())
    assert 'data-testid="verdict"' in response.content.decode()
    assert [n for n in english_names if re.search(rf"\b{re.escape(n)}\b", text)] == []
    assert PLAYER_WORDS.findall(text) == []


def test_french_answer_says_why_an_action_is_illegal_702_61a(
    client: Client, demo_data: None
) -> None:
    preset = presets.by_slug("split-second-kicked-molten-disaster")
    assert preset is not None

    response = client.post("/fr/workbench/", posted(preset.scenario), headers=HTMX)

    assert (
        "Désastre en fusion (s1) a la fraction de seconde (il a été kické) : tant qu'il est sur "
        "la pile, les joueurs ne peuvent ni lancer de sorts ni activer de capacités qui ne sont "
        "pas des capacités de mana."
    ) in answer_text(response.content.decode())


def test_french_answer_elides_before_a_vowel(client: Client, demo_data: None) -> None:
    scenario = {"action": {"kind": "cast", "player": "you", "card": "Burst Lightning"}}

    response = client.post("/fr/workbench/", posted(scenario, assume_mana="on"), headers=HTMX)

    text = answer_text(response.content.decode())
    assert "Le texte d'Éclair explosif" in text
    assert "de Éclair" not in text


def test_french_trace_puts_force_de_volonte_on_the_stack_601_2a(
    client: Client, demo_data: None
) -> None:
    scenario = {
        "action": {"kind": "cast", "player": "you", "card": "Force of Will", "targets": ["s1"]},
        "stack": [{"id": "s1", "card": "Shock", "controller": "opponent"}],
    }

    response = client.post("/fr/workbench/", posted(scenario, assume_mana="on"), headers=HTMX)

    text = answer_text(response.content.decode())
    assert "601.2a Force de volonté est mis sur la pile." in text
    assert "601.2c Cibles : Choc (s1)." in text
    assert "Force of Will" not in text


def test_french_trace_names_the_targeted_player_601_2c(client: Client, demo_data: None) -> None:
    scenario = {
        "action": {"kind": "cast", "player": "you", "card": "Shock", "targets": ["opponent"]}
    }

    response = client.post("/fr/workbench/", posted(scenario, assume_mana="on"), headers=HTMX)

    text = answer_text(response.content.decode())
    assert "601.2c Cibles : l'adversaire." in text
    assert "Cibles : opponent" not in text


def test_workbench_700_2_on_fr_the_modes_are_the_cards_printed_french_words(
    client: Client, workbench_cards: None
) -> None:
    cryptic = {"action": {"kind": "cast", "player": "you", "card": "Commandement cryptique"}}

    french = client.post("/fr/workbench/", posted(cryptic, assume_mana="on"))
    english = client.post("/en/workbench/", posted(cryptic, assume_mana="on"))

    assertContains(french, "Contrecarrez le sort ciblé.")
    assertContains(french, 'value="3" lang="fr" id="id_modes_3"')
    assertNotContains(french, "Counter target spell.</label>")
    assertContains(english, 'value="3" lang="en" id="id_modes_3"')


def test_workbench_118_9_on_fr_the_alternative_cost_is_offered_in_its_printed_words(
    client: Client, workbench_cards: None
) -> None:
    force = {"action": {"kind": "cast", "player": "you", "card": "Force of Will"}}

    french = client.post("/fr/workbench/", posted(force))
    english = client.post("/en/workbench/", posted(force))

    assertContains(
        french,
        "Vous pouvez payer 1 point de vie et exiler une carte bleue de votre main à la place "
        "de payer le coût de mana de ce sort.</option>",
    )
    assertContains(english, "exile a blue card from your hand rather than pay this spell")
    assertNotContains(english, "Vous pouvez payer")
