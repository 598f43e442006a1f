"""Indexes for card search (``rulesite.cards.search``), one set per database vendor.

SQLite: ``cards_card_search``, an FTS5 table with the trigram tokenizer over the folded name and
Oracle text. It is an *external content* table (it stores only the index; the text stays in
``cards_card``) kept up to date by the three ``cards_card_search_*`` triggers below. Search
uses it to find the few candidate rows of ``name contains …`` and ``o:"…"`` instead of
scanning every card, then checks the real ``LIKE`` on those rows. It records which column each
trigram is in, not where (``detail=column``: about half the size, and search needs no more).

  Caution: when a later migration makes Django *rebuild* ``cards_card`` on SQLite (most
  ``AlterField`` operations do: copy into a new table, drop the old one, rename), SQLite drops
  the triggers and the indexes that the model does not declare. Such a migration must create
  them again: the statements of ``SQLITE_FORWARD`` (whose ``rebuild`` also re-indexes the
  cards) and ``SQLITE_INDEXES``; ``tests/rulesite/cards/test_search_index.py`` fails until then.

PostgreSQL: ``pg_trgm`` GIN indexes on the same two columns and on the type lines, which
PostgreSQL uses for ``LIKE '%…%'`` by itself, and finer statistics on the two texts.

Both: an index on ``mana_value`` (``mv<=3``, ``mv>=7``). SQLite also gets a covering index of
the listed columns in name order (see ``SQLITE_FORWARD``), which PostgreSQL does not need.

Other databases get nothing: search works the same, only slower.
"""

from __future__ import annotations

from django.db import migrations

SQLITE_FORWARD = [
    "CREATE VIRTUAL TABLE IF NOT EXISTS cards_card_search USING fts5("
    "search_name, search_text, content='cards_card', content_rowid='id', "
    "tokenize='trigram', detail='column')",
    "CREATE TRIGGER IF NOT EXISTS cards_card_search_insert AFTER INSERT ON cards_card BEGIN "
    "INSERT INTO cards_card_search(rowid, search_name, search_text) "
    "VALUES (new.id, new.search_name, new.search_text); "
    "END",
    "CREATE TRIGGER IF NOT EXISTS cards_card_search_delete AFTER DELETE ON cards_card BEGIN "
    "INSERT INTO cards_card_search(cards_card_search, rowid, search_name, search_text) "
    "VALUES ('delete', old.id, old.search_name, old.search_text); "
    "END",
    "CREATE TRIGGER IF NOT EXISTS cards_card_search_update "
    "AFTER UPDATE OF id, search_name, search_text ON cards_card BEGIN "
    "INSERT INTO cards_card_search(cards_card_search, rowid, search_name, search_text) "
    "VALUES ('delete', old.id, old.search_name, old.search_text); "
    "INSERT INTO cards_card_search(rowid, search_name, search_text) "
    "VALUES (new.id, new.search_name, new.search_text); "
    "END",
    # Index the cards already there (and repair an index whose triggers were missing).
    "INSERT INTO cards_card_search(cards_card_search) VALUES ('rebuild')",
]
SQLITE_INDEXES = [
    "CREATE INDEX IF NOT EXISTS cards_card_mana_value_idx ON cards_card (mana_value)",
    # The columns of a card list and of the other filters, in name order: a search by type,
    # colour or a short name reads this index (3-4 MB) instead of the table and its Oracle
    # texts (17 MB), for the count and for the page alike.
    "CREATE INDEX IF NOT EXISTS cards_card_listing_idx ON cards_card (name, name_fr, slug, "
    "mana_cost, type_line, type_line_fr, colors, mana_value, search_name)",
]
SQLITE_BACKWARD = [
    "DROP INDEX IF EXISTS cards_card_listing_idx",
    "DROP INDEX IF EXISTS cards_card_mana_value_idx",
    "DROP TRIGGER IF EXISTS cards_card_search_update",
    "DROP TRIGGER IF EXISTS cards_card_search_delete",
    "DROP TRIGGER IF EXISTS cards_card_search_insert",
    "DROP TABLE IF EXISTS cards_card_search",
]
POSTGRESQL_FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS cards_card_search_name_trgm "
    "ON cards_card USING gin (search_name gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS cards_card_search_text_trgm "
    "ON cards_card USING gin (search_text gin_trgm_ops)",
    # t:… is UPPER(type_line::text) LIKE UPPER('%…%') (Django's icontains), same for type_line_fr.
    "CREATE INDEX IF NOT EXISTS cards_card_type_line_trgm "
    "ON cards_card USING gin (UPPER(type_line::text) gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS cards_card_type_line_fr_trgm "
    "ON cards_card USING gin (UPPER(type_line_fr::text) gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS cards_card_mana_value_idx ON cards_card (mana_value)",
    # A finer sample of the texts, so that the planner sees that a long phrase is rare and
    # reads the few matching rows rather than every card in name order until 24 match.
    "ALTER TABLE cards_card ALTER COLUMN search_name SET STATISTICS 1000",
    "ALTER TABLE cards_card ALTER COLUMN search_text SET STATISTICS 1000",
]
POSTGRESQL_BACKWARD = [
    "ALTER TABLE cards_card ALTER COLUMN search_text SET STATISTICS -1",
    "ALTER TABLE cards_card ALTER COLUMN search_name SET STATISTICS -1",
    "DROP INDEX IF EXISTS cards_card_mana_value_idx",
    "DROP INDEX IF EXISTS cards_card_type_line_fr_trgm",
    "DROP INDEX IF EXISTS cards_card_type_line_trgm",
    "DROP INDEX IF EXISTS cards_card_search_text_trgm",
    "DROP INDEX IF EXISTS cards_card_search_name_trgm",
]


def sqlite_has_trigram(database_module: object) -> bool:
    """Whether this SQLite library has FTS5 with the trigram tokenizer (SQLite 3.34+)."""
    try:
        db = database_module.connect(":memory:")  # type: ignore[attr-defined]
        try:
            db.execute("CREATE VIRTUAL TABLE probe USING fts5(x, tokenize='trigram')")
        finally:
            db.close()
    except database_module.Error:  # type: ignore[attr-defined]
        return False
    return True


def statements(schema_editor: object, *, forward: bool) -> list[str]:
    connection = schema_editor.connection  # type: ignore[attr-defined]
    if connection.vendor == "sqlite":
        if not forward:
            return SQLITE_BACKWARD
        if sqlite_has_trigram(connection.Database):
            return SQLITE_FORWARD + SQLITE_INDEXES
        return SQLITE_INDEXES
    if connection.vendor == "postgresql":
        return POSTGRESQL_FORWARD if forward else POSTGRESQL_BACKWARD
    return []


def create(apps: object, schema_editor: object) -> None:
    for sql in statements(schema_editor, forward=True):
        schema_editor.execute(sql, params=None)  # type: ignore[attr-defined]


def drop(apps: object, schema_editor: object) -> None:
    for sql in statements(schema_editor, forward=False):
        schema_editor.execute(sql, params=None)  # type: ignore[attr-defined]


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0002_printed_set_and_former_number"),
    ]

    operations = [migrations.RunPython(create, drop)]
