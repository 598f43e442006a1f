"""The one card lookup (rulesite/cards/catalog.py): card rows by English or French name."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils.text import slugify

import engine
from rulesite.cards.catalog import CardCatalog, definition_for
from rulesite.cards.models import Card
from tests.engine.cards_faces import SHARED_NAMES


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


def store(*names: str) -> None:
    for name in names:
        fields = {k: v or "" for k, v in SHARED_NAMES[name].items()}
        card = Card(slug=slugify(name), **fields)
        card.refresh_search_fields()
        card.save()


@pytest.mark.parametrize(
    "order",
    [("Integrity // Intervention", "Intervene"), ("Intervene", "Integrity // Intervention")],
)
def test_709_3_a_face_is_found_by_its_own_name_where_no_card_has_that_name(
    db: None, order: tuple[str, str]
) -> None:
    store(*order)
    catalog = CardCatalog()

    catalog.preload(["Intervention", "Integrity", "interposition"])

    # "Intervention" is Intervene's French name before it is a face's own name.
    found = [catalog.card(n) for n in ("Intervention", "Integrity", "interposition")]
    assert [card.name if card else None for card in found] == [
        "Intervene",
        "Integrity // Intervention",
        "Integrity // Intervention",
    ]


@pytest.mark.parametrize("order", [("Badlands", "Desolation"), ("Desolation", "Badlands")])
def test_catalog_finds_an_english_name_before_another_cards_french_name(
    db: None, order: tuple[str, str]
) -> None:
    store(*order)
    catalog = CardCatalog()

    found = catalog.card("desolation")

    assert found is not None
    assert found.name == "Desolation"


@pytest.mark.parametrize("order", [("Badlands", "Desolation"), ("Desolation", "Badlands")])
@pytest.mark.parametrize(
    ("asked", "name"),
    [("Désolation", "Badlands"), ("désolation", "Badlands"), ("Desolation", "Desolation")],
)
def test_catalog_finds_a_name_spelled_with_its_accents_before_one_that_only_folds_alike(
    db: None, order: tuple[str, str], asked: str, name: str
) -> None:
    store(*order)
    catalog = CardCatalog()

    found = catalog.card(asked)

    assert found is not None
    assert found.name == name


def test_catalog_keeps_two_names_that_fold_alike_apart_in_one_request(db: None) -> None:
    store("Badlands", "Desolation")
    catalog = CardCatalog()

    catalog.preload(["Désolation", "Desolation"])

    assert [c.name for c in catalog.named(["Désolation", "Desolation"])] == [
        "Badlands",
        "Desolation",
    ]


@pytest.mark.parametrize("order", [("Censor", "Reprobation"), ("Reprobation", "Censor")])
def test_catalog_finds_the_same_card_as_the_engines_for_a_french_name_two_cards_share(
    db: None, order: tuple[str, str]
) -> None:
    store(*order)
    engines = engine.DictCatalog(
        [engine.CardDefinition.parse(**SHARED_NAMES[n]) for n in order]  # type: ignore[arg-type]
    )

    found = CardCatalog().card("Réprobation")

    assert found is not None
    assert found.name == engines.get("Réprobation").name == "Reprobation"  # type: ignore[union-attr]
