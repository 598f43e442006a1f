"""A meld pair's back face is a card of its own in the sources: the importers mark it, and the
site's engine then answers that it is never cast (712.4b)."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from rulesite.cards.models import Card
from tests.rulesite.curation.curation_files import run_import, scryfall_card, write_json
from tests.rulesite.curation.real_files import real_set, write

pytestmark = pytest.mark.django_db

CHITTERING = [
    "Graf Rats // Chittering Host",
    "Midnight Scavengers // Chittering Host",
    "Chittering Host",
]


def cast(client: Client, name: str) -> dict[str, Any]:
    response = client.post(
        "/api/v1/evaluate",
        json.dumps(
            {
                "action": {"kind": "cast", "card": name},
                "assume_mana": True,
                "turn": {"active_player": "you", "phase": "main1"},
            }
        ),
        content_type="application/json",
    )
    assert response.status_code == 200
    return response.json()  # type: ignore[no-any-return]


def test_712_4b_mtgjson_marks_the_meld_back_face_and_it_is_never_cast(
    tmp_path: Path, client: Client
) -> None:
    path = write(real_set("EMN", CHITTERING), tmp_path / "EMN.json.gz")

    call_command("import_mtgjson", str(path), "--quiet", stdout=StringIO())

    marked = dict(Card.objects.filter(name__in=CHITTERING).values_list("name", "meld_back_face"))
    assert marked == {CHITTERING[0]: False, CHITTERING[1]: False, CHITTERING[2]: True}
    answer = cast(client, "Chittering Host")
    assert answer["legal"] is False
    assert [v["rule"] for v in answer["violations"]] == ["712.4b"]
    assert cast(client, "Graf Rats")["legal"] is True


def test_712_4b_a_reimport_marks_a_back_face_an_older_import_left_unmarked(tmp_path: Path) -> None:
    path = write(real_set("EMN", CHITTERING), tmp_path / "EMN.json.gz")
    run_import(path)
    Card.objects.filter(name="Chittering Host").update(meld_back_face=False)

    report = run_import(path, compare_all=True)

    assert report["cards"]["changed"] == 1
    assert Card.objects.get(name="Chittering Host").meld_back_face is True
    assert run_import(path, compare_all=True)["wrote_nothing"] is True


def _meld_part(name: str, component: str) -> dict[str, str]:
    return {"object": "related_card", "component": component, "name": name}


def test_712_4b_scryfall_marks_the_meld_result_only(tmp_path: Path) -> None:
    parts = [
        _meld_part("Graf Rats", "meld_part"),
        _meld_part("Midnight Scavengers", "meld_part"),
        _meld_part("Chittering Host", "meld_result"),
    ]
    cards = [
        scryfall_card(
            "Graf Rats", "oracle-graf", layout="meld", all_parts=parts, mana_cost="{1}{B}"
        ),
        scryfall_card("Chittering Host", "oracle-host", layout="meld", all_parts=parts),
    ]
    oracle = write_json(tmp_path / "oracle-cards.json", cards)
    rulings = write_json(tmp_path / "rulings.json", [])

    call_command("import_scryfall", str(oracle), str(rulings), "--quiet", stdout=StringIO())

    assert dict(Card.objects.values_list("name", "meld_back_face")) == {
        "Graf Rats": False,
        "Chittering Host": True,
    }
