"""``Card.meld_back_face``. On SQLite, adding the column rebuilds ``cards_card``, which drops the
search index's triggers and the indexes the model does not declare: they are created again,
and the search index rebuilt, as 0003 says such a migration must (both ways)."""

import importlib

from django.db import migrations, models

search_indexes = importlib.import_module("rulesite.cards.migrations.0003_card_search_indexes")


def restore_search_indexes(apps: object, schema_editor: object) -> None:
    if schema_editor.connection.vendor == "sqlite":  # type: ignore[attr-defined]
        search_indexes.create(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0006_card_lookups_by_unique_index"),
    ]

    operations = [
        # Run last when the migration is reversed, after the column is dropped again.
        migrations.RunPython(migrations.RunPython.noop, restore_search_indexes),
        migrations.AddField(
            model_name="card",
            name="meld_back_face",
            field=models.BooleanField(
                default=False,
                help_text="the back face of a meld pair, a card of its own in the source (712.4b)",
            ),
        ),
        migrations.AddField(
            model_name="historicalcard",
            name="meld_back_face",
            field=models.BooleanField(
                default=False,
                help_text="the back face of a meld pair, a card of its own in the source (712.4b)",
            ),
        ),
        migrations.RunPython(restore_search_indexes, migrations.RunPython.noop),
    ]
