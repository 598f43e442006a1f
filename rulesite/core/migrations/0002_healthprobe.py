from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("core", "0001_cache_tables")]

    operations = [
        migrations.CreateModel(
            name="HealthProbe",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("checked_at", models.DateTimeField()),
            ],
            options={"verbose_name": "health probe"},
        ),
    ]
