"""Models of the cards app: search fields, shared rulings, rule ordering and families."""

from __future__ import annotations

import datetime

import pytest

from rulesite.cards.models import Card, Keyword, Rule, Ruling, rule_sort_key


@pytest.mark.django_db
def test_refresh_search_fields_folds_accents_and_case_of_both_names() -> None:
    card = Card(name="Burst Lightning", name_fr="Éclair explosif", slug="burst-lightning")
    card.oracle_text = "Kicker {4}. If this spell was KICKED, it deals 4 damage instead."

    card.refresh_search_fields()

    assert "eclair explosif" in card.search_name
    assert "burst lightning" in card.search_name
    assert "kicked" in card.search_text


@pytest.mark.django_db
def test_one_ruling_row_is_shared_by_many_cards() -> None:
    kicker = Keyword.objects.create(slug="kicker", name_en="Kicker", name_fr="Kick")
    cards = [
        Card.objects.create(name=name, slug=name.lower(), type_line="Instant")
        for name in ("Alpha", "Beta")
    ]
    ruling = Ruling.objects.create(
        published_on=datetime.date(2024, 11, 8), text_en="Shared.", keyword=kicker
    )

    ruling.cards.add(*cards)

    assert [list(c.rulings.all()) for c in cards] == [[ruling], [ruling]]
    assert ruling.text_hash


@pytest.mark.django_db
def test_with_rulings_returns_newest_first() -> None:
    card = Card.objects.create(name="Alpha", slug="alpha", type_line="Instant")
    for year in (2007, 2024, 2021):
        Ruling.objects.create(published_on=datetime.date(year, 1, 1), text_en=f"Y{year}").cards.add(
            card
        )

    loaded = Card.objects.with_rulings().get(pk=card.pk)

    assert [r.published_on.year for r in loaded.rulings.all()] == [2024, 2021, 2007]


def test_rule_sort_key_orders_rules_naturally() -> None:
    numbers = ["702.33", "601.10", "601.2f", "702.9", "601.2", "601"]

    assert sorted(numbers, key=rule_sort_key) == [
        "601",
        "601.2",
        "601.2f",
        "601.10",
        "702.9",
        "702.33",
    ]


@pytest.mark.django_db
def test_rule_with_family_loads_parent_chain_and_subrules() -> None:
    section = Rule.objects.create(number="702", title="Keyword Abilities", text_en="Keyword")
    kicker = Rule.objects.create(number="702.33", title="Kicker", text_en="Kicker", parent=section)
    Rule.objects.create(number="702.33b", text_en="b", parent=kicker)
    Rule.objects.create(number="702.33a", text_en="a", parent=kicker)

    rule = Rule.objects.with_family().get(number="702.33")

    assert rule.parent == section
    assert [child.number for child in rule.children.all()] == ["702.33a", "702.33b"]
    assert rule.get_absolute_url() == "/en/rules/702.33/"
