"""``manage.py export_rulings``: every ruling with its French and status, as one JSON file."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from rulesite.cards.models import Ruling

pytestmark = pytest.mark.usefixtures("demo_data")


def test_export_writes_every_ruling_with_french_status_and_cards(tmp_path: Path) -> None:
    path = tmp_path / "rulings-fr.json"
    out = StringIO()

    call_command("export_rulings", str(path), stdout=out)

    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["object"] == "list"
    assert data["total_rulings"] == len(data["data"]) == Ruling.objects.count() == 19
    kicked = next(r for r in data["data"] if r["text_en"].startswith("If a spell's kicker cost"))
    assert kicked["object"] == "ruling"
    assert kicked["text_fr"].startswith("Si le coût de kick du sort a été payé")
    assert kicked["translation_status"] == "machine"
    assert {"name": "Burst Lightning", "name_fr": "Éclair explosif"}.items() <= next(
        c for c in kicked["cards"] if c["slug"] == "burst-lightning"
    ).items()
    assert "19 rulings" in out.getvalue()
    assert not (tmp_path / "rulings-fr.json.part").exists()
