"""The one card lookup (rulesite/cards/catalog.py): card rows by English or French name."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from rulesite.cards.catalog import CardCatalog, definition_for
from rulesite.cards.models import Card


def test_catalog_finds_a_card_by_french_name_without_accents(workbench_cards: None) -> None:
    catalog = CardCatalog()

    definition = catalog.get("eclair EXPLOSIF")

    assert definition is not None
    assert definition.name == "Burst Lightning"
    assert [str(c) for c in definition.kicker_costs] == ["{4}"]
    assert catalog.row(definition) == Card.objects.get(name="Burst Lightning")


def test_catalog_folds_names_as_the_engines_catalog_does(workbench_cards: None) -> None:
    catalog = CardCatalog()

    found = catalog.card("  burst   LIGHTNING ")

    assert found is not None
    assert found.name == "Burst Lightning"
    assert engine.fold_name("  burst   LIGHTNING ") == engine.fold_name(found.name)


def test_catalog_preload_finds_english_names_in_one_query(
    workbench_cards: None, django_assert_num_queries: Any
) -> None:
    catalog = CardCatalog()
    names = ["Burst Lightning", "Thalia, Guardian of Thraben", "Forest"]

    with django_assert_num_queries(1):
        catalog.preload(names)
        found = [catalog.card(n) for n in names]

    assert [c.name if c else None for c in found] == names


def test_catalog_preload_finds_french_and_folded_names_in_two_queries(
    workbench_cards: None, django_assert_num_queries: Any
) -> None:
    catalog = CardCatalog()
    names = ["Burst Lightning", "thalia, guardian of thraben", "Forêt", "No Such Card"]

    with django_assert_num_queries(2):
        catalog.preload(names)
        found = [catalog.card(n) for n in names]

    assert [c.name if c else None for c in found] == [
        "Burst Lightning",
        "Thalia, Guardian of Thraben",
        "Forest",
        None,
    ]


def test_catalog_named_gives_each_card_once_in_the_order_first_named(
    workbench_cards: None,
) -> None:
    cards = CardCatalog().named(["Forêt", "Shock", "forest", "Nope"])

    assert [c.name for c in cards] == ["Forest", "Shock"]


def test_catalog_suggests_close_names_for_a_misspelling(workbench_cards: None) -> None:
    assert CardCatalog().suggest("Burst Lightnin") == ["Burst Lightning"]


def test_definition_is_parsed_once_per_version_of_the_card_text(workbench_cards: None) -> None:
    card = Card.objects.get(name="Shock")

    first = definition_for(card)
    again = definition_for(Card.objects.get(name="Shock"))
    card.oracle_text = "Kicker {1}\nShock deals 2 damage to any target."
    edited = definition_for(card)

    assert again is first
    assert edited is not first
    assert [str(c) for c in edited.kicker_costs] == ["{1}"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 201, "Shock\x00"])
def test_catalog_does_not_query_for_names_no_card_can_have(
    db: None, django_assert_num_queries: Any, name: str
) -> None:
    with django_assert_num_queries(0):
        CardCatalog().preload([name])


INTERVENE = {
    "name": "Intervene",
    "name_fr": "Intervention",
    "slug": "intervene",
    "mana_cost": "{U}",
    "type_line": "Instant",
    "oracle_text": "Counter target spell that targets a creature.",
    "colors": "U",
}
INTEGRITY = {
    "name": "Integrity // Intervention",
    "name_fr": "Intégrité // Interposition",
    "slug": "integrity-intervention",
    "mana_cost": "{R/W} // {2}{R}{W}",
    "type_line": "Instant // Instant",
    "oracle_text": "Target creature gets +2/+2 until end of turn.\n//\n"
    "Intervention deals 3 damage to any target and you gain 3 life.",
    "colors": "WR",
}


@pytest.mark.parametrize("order", [(INTEGRITY, INTERVENE), (INTERVENE, INTEGRITY)])
def test_709_3_a_face_is_found_by_its_own_name_where_no_card_has_that_name(
    db: None, order: tuple[dict[str, str], ...]
) -> None:
    for fields in order:
        card = Card(**fields)
        card.refresh_search_fields()
        card.save()
    catalog = CardCatalog()

    catalog.preload(["Intervention", "Integrity", "interposition"])

    # "Intervention" is Intervene's French name before it is a face's own name.
    assert [catalog.card(n).name for n in ("Intervention", "Integrity", "interposition")] == [
        "Intervene",
        "Integrity // Intervention",
        "Integrity // Intervention",
    ]


BADLANDS = {
    "name": "Badlands",
    "name_fr": "Désolation",
    "slug": "badlands",
    "mana_cost": "",
    "type_line": "Land — Swamp Mountain",
    "oracle_text": "({T}: Add {B} or {R}.)",
    "colors": "",
}
DESOLATION = {
    "name": "Desolation",
    "name_fr": "Délaissement",
    "slug": "desolation",
    "mana_cost": "{1}{B}{B}",
    "type_line": "Enchantment",
    "oracle_text": "At the beginning of each end step, each player who tapped a land for mana "
    "this turn sacrifices a land. Desolation deals 2 damage to each player who sacrificed a "
    "Plains this way.",
    "colors": "B",
}


@pytest.mark.parametrize("order", [(BADLANDS, DESOLATION), (DESOLATION, BADLANDS)])
def test_catalog_finds_an_english_name_before_another_cards_french_name(
    db: None, order: tuple[dict[str, str], ...]
) -> None:
    for fields in order:
        card = Card(**fields)
        card.refresh_search_fields()
        card.save()
    catalog = CardCatalog()

    found = catalog.card("desolation")

    assert found is not None
    assert found.name == "Desolation"
