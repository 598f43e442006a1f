"""Search indexes (migration cards.0003): same results as a plain scan, kept up to date."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesite.cards import search
from rulesite.cards.models import Card
from rulesite.cards.search import parse

index_migration = importlib.import_module("rulesite.cards.migrations.0003_card_search_indexes")

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite" or not search._sqlite_has_trigram(connection.Database),
    reason="the FTS5 trigram table exists on SQLite 3.34+ only",
)
postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the pg_trgm indexes exist on PostgreSQL only"
)

QUERIES = [
    "burst",
    "éclair",
    "ÉCLAIR Explosif",
    "bloodchief’s",
    '"gnarlid colony"',
    "colonie de gnarlides",
    "gob",
    "li",
    "zzzz",
    'o:"split second"',
    'o:"copy target instant or sorcery spell"',
    'o:"deals 2"',
    "o:target",
    "o:dé",
    "-o:flying",
    "-burst",
    "o:kicker -o:flying mv<=3",
    "kw:kicker o:damage",
    "t:instant o:counter",
    "o:%",
    "o:_",
    "o:\\",
    "o:'s",
    "o:+1/+1",
    "o:{t}",
    "o:{r}{r}",
]


def names(query: str) -> list[str]:
    return list(Card.objects.matching(parse(query).q).for_listing().values_list("name", flat=True))


def without_index(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "FTS_MIN_LENGTH", 10**6)


def card(name: str, oracle_text: str = "", name_fr: str = "") -> Card:
    new = Card(name=name, name_fr=name_fr, slug=name.lower().replace(" ", "-"), type_line="Instant")
    new.oracle_text = oracle_text
    new.refresh_search_fields()
    new.save()
    return new


@pytest.mark.usefixtures("demo_data")
@pytest.mark.parametrize("query", QUERIES)
def test_the_indexed_search_finds_what_a_scan_finds(
    query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    indexed = names(query)
    without_index(monkeypatch)

    assert indexed == names(query)


@pytest.mark.usefixtures("demo_data")
def test_a_search_term_with_many_candidates_is_a_plain_scan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expected = names("o:target")
    monkeypatch.setattr(search, "FTS_MAX_CANDIDATES", 1)

    parsed = parse("o:target")

    assert "cards_card_search" not in str(Card.objects.filter(parsed.q).query)
    assert names("o:target") == expected
    assert len(expected) > 1


@sqlite_only
@pytest.mark.usefixtures("demo_data")
def test_on_sqlite_a_rare_term_reads_the_fts_index() -> None:
    parsed = parse('o:"split second" burst')

    sql = str(Card.objects.filter(parsed.q).query)
    assert sql.count("FROM cards_card_search WHERE cards_card_search MATCH") == 2
    found = names('o:"split second"')
    assert {"Molten Disaster", "Sudden Shock"} <= set(found)
    assert "Burst Lightning" not in found


@sqlite_only
@pytest.mark.usefixtures("demo_data")
def test_on_sqlite_a_term_no_card_has_costs_no_card_query(
    django_assert_num_queries: Any,
) -> None:
    parsed = parse("o:qqqqzz")  # one query: the index has no candidate

    with django_assert_num_queries(0):
        assert Card.objects.matching(parsed.q).count() == 0
        assert list(Card.objects.matching(parsed.q).for_listing()[:24]) == []


@pytest.mark.django_db
def test_the_index_follows_cards_added_renamed_reworded_and_deleted() -> None:
    added = card("Quixotic Zephyrblade", "Flash. Zephyrblade deals 3 damage.", "Zéphyrlame")

    assert names("zephyrblade") == ["Quixotic Zephyrblade"]
    assert names("zéphyrlame") == ["Quixotic Zephyrblade"]
    assert names('o:"zephyrblade deals"') == ["Quixotic Zephyrblade"]

    added.name, added.name_fr = "Quixotic Windblade", ""
    added.refresh_search_fields()
    added.save()

    assert names("zephyrblade") == []
    assert names("windblade") == ["Quixotic Windblade"]

    # A bulk update setting only the text, as the importer does.
    Card.objects.filter(pk=added.pk).update(search_text="flash. draws the windblade.")

    assert names('o:"zephyrblade deals"') == []
    assert names('o:"draws the windblade"') == ["Quixotic Windblade"]

    Card.objects.filter(pk=added.pk).update(mana_cost="{R}")  # other columns: no change

    assert names("windblade") == ["Quixotic Windblade"]

    added.delete()

    assert names("windblade") == []
    assert names('o:"draws the windblade"') == []


@pytest.mark.django_db
def test_bulk_created_cards_are_found() -> None:
    cards = [
        Card(name=f"Zyx Marauder {i}", slug=f"zyx-marauder-{i}", type_line="Creature")
        for i in range(3)
    ]
    for new in cards:
        new.oracle_text = "Trample. Zyxian rage."
        new.refresh_search_fields()
    Card.objects.bulk_create(cards)

    assert len(names("zyx marauder")) == 3
    assert len(names('o:"zyxian rage"')) == 3


@sqlite_only
@pytest.mark.django_db
def test_on_sqlite_the_fts_table_and_its_triggers_exist_after_the_migrations() -> None:
    """Fails when a later migration rebuilt cards_card and dropped them: create them again."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT type, name FROM sqlite_master WHERE tbl_name IN ('cards_card', "
            "'cards_card_search') AND (name LIKE 'cards_card_search%' OR name LIKE "
            "'cards_card_%_idx')"
        )
        found = set(cursor.fetchall())

    assert {
        ("table", "cards_card_search"),
        ("trigger", "cards_card_search_insert"),
        ("trigger", "cards_card_search_update"),
        ("trigger", "cards_card_search_delete"),
        ("index", "cards_card_mana_value_idx"),
        ("index", "cards_card_listing_idx"),
    } <= found


@sqlite_only
@pytest.mark.usefixtures("demo_data")
def test_on_sqlite_the_fts_index_matches_the_cards() -> None:
    with connection.cursor() as cursor:
        # Raises "database disk image is malformed" when the index and the cards differ.
        cursor.execute(
            "INSERT INTO cards_card_search(cards_card_search, rank) VALUES ('integrity-check', 1)"
        )


@postgresql_only
@pytest.mark.django_db
def test_on_postgresql_the_trigram_indexes_exist() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'cards_card'")
        found = {row[0] for row in cursor.fetchall()}

    assert {
        "cards_card_search_name_trgm",
        "cards_card_search_text_trgm",
        "cards_card_type_line_trgm",
        "cards_card_type_line_fr_trgm",
        "cards_card_mana_value_idx",
    } <= found


@pytest.mark.usefixtures("demo_data")
@pytest.mark.django_db(transaction=True)
def test_the_migration_can_be_reversed_and_applied_again_on_existing_cards() -> None:
    expected = names('o:"split second"')

    with connection.schema_editor() as editor:
        index_migration.drop(None, editor)
    Card.objects.filter(name="Sudden Shock").delete()  # while there are no triggers
    expected.remove("Sudden Shock")

    with connection.schema_editor() as editor:
        index_migration.create(None, editor)

    assert names('o:"split second"') == expected
    assert names("burst") == ["Burst Lightning"]


@pytest.mark.usefixtures("demo_data")
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_piece_of_a_text_is_found_as_by_a_scan(data: st.DataObject) -> None:
    texts = list(Card.objects.values_list("search_name", "search_text"))
    search_name, search_text = data.draw(st.sampled_from(texts))
    column, key = data.draw(st.sampled_from([(search_name, ""), (search_text, "o:")]))
    if not column:
        return
    start = data.draw(st.integers(0, len(column) - 1))
    end = data.draw(st.integers(start + 1, min(len(column), start + 25)))
    piece = column[start:end].strip()
    if not piece or '"' in piece:
        return
    query = f'{key}"{piece}"'

    indexed = Card.objects.filter(parse(query).q)
    scanned = Card.objects.filter(**{f"{'search_text' if key else 'search_name'}__contains": piece})

    assert set(indexed.values_list("pk", flat=True)) == set(scanned.values_list("pk", flat=True))
    assert indexed.exists()
