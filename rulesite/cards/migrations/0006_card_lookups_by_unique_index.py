# A card's printings and legalities are found by the unique constraints' indexes.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0005_curation_history_withdrawal_and_search"),
    ]

    operations = [
        migrations.AlterField(
            model_name="legality",
            name="card",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="legalities",
                to="cards.card",
            ),
        ),
        migrations.AlterField(
            model_name="printing",
            name="card",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="printings",
                to="cards.card",
            ),
        ),
    ]
