"""Cards and clarifications the workbench tests need (from MTGJSON and the seed rulings).

``load_workbench_cards()`` adds whichever are missing: the demo data may hold some already.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from django.utils.text import slugify

from rulesite.cards.models import Card, Ruling

DATA = Path(__file__).with_name("workbench_cards.json")


def load_workbench_cards() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    for row in data["cards"]:
        if Card.objects.filter(name=row["name"]).exists():
            continue
        card = Card(**row, slug=slugify(row["name"]))
        card.refresh_search_fields()
        card.save()
    for row in data["rulings"]:
        ruling = Ruling.objects.filter(text_en=row["text_en"]).first()
        if ruling is None:
            ruling = Ruling.objects.create(
                published_on=datetime.date.fromisoformat(row["published_on"]),
                source=Ruling.Source.WOTC,
                text_en=row["text_en"],
                text_fr=row["text_fr"],
                translation_status=Ruling.TranslationStatus.MACHINE,
            )
        ruling.cards.add(*Card.objects.filter(name__in=row["cards"]))
