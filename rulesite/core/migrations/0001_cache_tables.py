"""The database cache's tables (settings.CACHES, ``db://`` URLs), made with the schema, so a
fresh ``migrate`` leaves a working shared cache. ``createcachetable`` skips tables that exist,
and ``make db`` / ``make serve`` run it again for a cache configured after this migration."""

from django.core.management import call_command
from django.db import migrations


def create_cache_tables(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies: list[tuple[str, str]] = []

    operations = [migrations.RunPython(create_cache_tables, migrations.RunPython.noop)]
