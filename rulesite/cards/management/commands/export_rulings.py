"""``manage.py export_rulings [FILE]``: every ruling with its French text and translation
status, as one JSON file (a Scryfall-style list of ruling objects), for bulk download.

Each ruling names the cards it applies to (English and French names, oracle ids). The file is
written to a temporary name and renamed when complete, so a reader never sees half a file.
"""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db.models import Prefetch

from rulesite.cards.models import Card, Ruling

BATCH = 2000


class Command(BaseCommand):
    help = "Write every ruling, English and French with its translation status, as one JSON file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file",
            nargs="?",
            type=Path,
            default=None,
            help="where to write (default: RULESITE_DATA_DIR/rulings-fr.json)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"] or Path(settings.RULESITE_DATA_DIR) / "rulings-fr.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".part")
        rulings = Ruling.objects.order_by("published_on", "id")
        total = rulings.count()
        cards = Card.objects.only("name", "name_fr", "oracle_id", "slug").order_by("name")
        with partial.open("w", encoding="utf-8") as out:
            header = {
                "object": "list",
                "generated_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "total_rulings": total,
                "has_more": False,
                "next_page": None,
            }
            out.write(json.dumps(header, ensure_ascii=False)[:-1] + ', "data": [\n')
            ids = list(rulings.values_list("id", flat=True))
            first = True
            for start in range(0, len(ids), BATCH):
                batch = (
                    Ruling.objects.filter(pk__in=ids[start : start + BATCH])
                    .order_by("published_on", "id")
                    .select_related("keyword")
                    .prefetch_related(Prefetch("cards", queryset=cards))
                )
                for ruling in batch:
                    out.write(
                        ("" if first else ",\n") + json.dumps(_ruling(ruling), ensure_ascii=False)
                    )
                    first = False
            out.write("\n]}\n")
        os.replace(partial, path)
        self.stdout.write(f"{path}: {total} rulings")


def _ruling(ruling: Ruling) -> dict[str, Any]:
    return {
        "object": "ruling",
        "published_at": ruling.published_on.isoformat(),
        "source": ruling.source,
        "keyword": ruling.keyword.slug if ruling.keyword else None,
        "text_en": ruling.text_en,
        "text_fr": ruling.text_fr or None,
        "translation_status": ruling.translation_status,
        "cards": [
            {"name": c.name, "name_fr": c.name_fr or None, "oracle_id": c.oracle_id, "slug": c.slug}
            for c in ruling.cards.all()
        ],
    }
