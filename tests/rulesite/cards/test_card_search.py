"""Search syntax: names in English or French, Scryfall-style filters, clear errors."""

from __future__ import annotations

import pytest

from rulesite.cards.models import Card
from rulesite.cards.search import SearchSyntaxError, parse, tokenize

pytestmark = pytest.mark.usefixtures("demo_data")


def names(query: str) -> set[str]:
    return set(Card.objects.filter(parse(query).q).values_list("name", flat=True))


def test_name_search_is_accent_and_case_insensitive_in_french() -> None:
    assert names("eclair") == {"Burst Lightning"}
    assert names("ÉCLAIR Explosif") == {"Burst Lightning"}


def test_name_search_finds_english_names_and_apostrophes() -> None:
    assert names("bloodchief’s") == {"Bloodchief's Thirst"}
    assert names('"gnarlid colony"') == {"Gnarlid Colony"}


def test_kw_filter_accepts_slug_english_and_french_names() -> None:
    kicker = names("kw:kicker")

    assert {"Burst Lightning", "Kavu Primarch", "Molten Disaster"} <= kicker
    assert "Everflowing Chalice" not in kicker
    assert names("kw:kick") == kicker
    assert (
        names('kw:"split second"') == names("kw:split-second") == names('kw:"fraction de seconde"')
    )
    assert "Sudden Shock" in names('kw:"split second"')


def test_two_keyword_filters_need_both_keywords() -> None:
    assert names("kw:kicker kw:convoke") == {"Kavu Primarch"}


@pytest.mark.parametrize(
    ("query", "included", "excluded"),
    [
        ("mv<=1", "Burst Lightning", "Shock Trooper"),
        ("mv<2", "Lightning Bolt", "Counterspell"),
        ("mv=2", "Counterspell", "Lightning Bolt"),
        ("mv:2", "Counterspell", "Lightning Bolt"),
        ("mv>=7", "Siege Wurm", "Counterspell"),
        ("mv>7", "Omniscience", "Siege Wurm"),
        ("mv!=1", "Counterspell", "Lightning Bolt"),
        ("cmc=4", "Kavu Primarch", "Shock"),
    ],
)
def test_mana_value_comparisons(query: str, included: str, excluded: str) -> None:
    found = names(query)

    assert included in found
    assert excluded not in found


def test_type_filter_matches_english_or_french_type_line() -> None:
    assert "Burst Lightning" in names("t:instant")
    assert "Burst Lightning" in names("t:Éphémère")
    assert names("t:Éphémère") <= names("t:instant")
    assert "Gnarlid Colony" not in names("t:instant")
    assert names("t:ephemere") == names("t:instant")
    assert "Gnarlid Colony" in names("t:créature")


def test_oracle_filter_matches_a_phrase_in_oracle_text() -> None:
    found = names('o:"split second"')

    assert "Molten Disaster" in found
    assert "Burst Lightning" not in found


def test_filters_combine_with_and() -> None:
    assert names("kw:kicker t:instant mv<=1") == {
        "Burst Lightning",
        "Vines of Vastwood",
        "Orim's Chant",
    }


def test_negated_filter_excludes() -> None:
    found = names("kw:kicker -t:creature")

    assert "Burst Lightning" in found
    assert "Gnarlid Colony" not in found


def test_colour_filter() -> None:
    assert "Boros Swiftblade" in names("c:rw")
    assert "Burst Lightning" not in names("c:rw")
    assert "Trinisphere" in names("c:c")


def test_tokenize_keeps_quoted_phrases_together() -> None:
    assert tokenize('kw:"split second" o:"deals 2" burst') == [
        'kw:"split second"',
        'o:"deals 2"',
        "burst",
    ]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("foo:bar", "Unknown filter"),
        ("mv<=x", "is not a mana value"),
        ("mv<=", "needs a value"),
        ('kw:"split second', "not closed"),
        ("kw:nope", "No keyword called"),
        ("t<3", "only accepts"),
        ("c:purple", "is not a colour"),
        ('""', "Empty quotes"),
        ("x" * 201, "too long"),
        (" ".join(["a"] * 13), "Too many"),
        ("mv<=NaN", "is not a mana value"),
        ("mv<=1e9999", "is not a mana value"),
    ],
)
def test_bad_queries_raise_a_clear_message(query: str, message: str) -> None:
    with pytest.raises(SearchSyntaxError, match=message):
        parse(query)


def test_empty_query_matches_everything() -> None:
    parsed = parse("   ")

    assert parsed.is_empty
    assert Card.objects.filter(parsed.q).count() == Card.objects.count()
