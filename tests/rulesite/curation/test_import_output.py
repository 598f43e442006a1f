"""The MTGJSON import writes exactly the rows it wrote before its writes were made cheaper:
every column of every row of the cards app (cards, printings, legalities, keywords, rulings,
their links and their history records), row ids included, compared by a digest per table.

The digests were taken from a first import of these real set files into a fresh database by
the importer as it was before printings and legalities were written as they are compared and
before written rows let go of their folded texts. Times of day (history dates, ``updated_at``)
are left out; the import's day is not. A change that means to write other rows updates them.
"""

from __future__ import annotations

import hashlib
import json
import re
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection

from rulesite.cards.models import Card
from tests.rulesite.curation.real_files import sets_dir

pytestmark = pytest.mark.django_db

SETS = ("LEA", "DOM", "ZNR", "MID")  # kicker, split and double-faced cards, French text

EXPECTED = {
    "cards_card": "1087:d157c71275da3ba6",
    "cards_card_keywords": "660:2abc8ac881182e02",
    "cards_glossaryterm": "0:33c0bddfdd0cb0a7",
    "cards_historicalcard": "1087:bb79aa0157276d57",
    "cards_historicalkeyword": "35:0b852bf353d101fe",
    "cards_historicalrule": "0:8b2eceb56a66d6b0",
    "cards_historicalruling": "1303:dd3e598b280a0f89",
    "cards_historicalruling_cards": "2971:c3a3902862a01267",
    "cards_keyword": "35:72f7fcd967951e8d",
    "cards_legality": "13740:148ea077fed467da",
    "cards_printing": "1370:96bd1e512228f837",
    "cards_rule": "0:42a948b97bf4a576",
    "cards_ruleedition": "0:ecd29f1f825b7562",
    "cards_ruleversion": "0:6db877356261357a",
    "cards_ruling": "1303:bcff6994ce6d61b3",
    "cards_ruling_cards": "2971:e3a9d5046fae58e3",
}


#: Columns added after the digests were taken, checked on their own.
ADDED_SINCE = frozenset({"meld_back_face"})

_TIME_OF_DAY = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")  # in change reasons


def table_digests() -> dict[str, str]:
    """Each cards-app table's row count and a digest of its rows in id order, read through the
    ORM (the same values on SQLite and PostgreSQL), datetimes left out."""
    digests: dict[str, str] = {}
    for model in apps.get_app_config("cards").get_models(include_auto_created=True):
        meta = model._meta
        names = [
            f.attname
            for f in meta.concrete_fields
            if f.get_internal_type() != "DateTimeField" and f.attname not in ADDED_SINCE
        ]
        rows = list(model._default_manager.order_by(meta.pk.attname).values_list(*names))
        text = _TIME_OF_DAY.sub("<time>", json.dumps([names, rows], default=str))
        digests[meta.db_table] = f"{len(rows)}:{hashlib.sha256(text.encode()).hexdigest()[:16]}"
    return digests


def test_a_first_import_of_real_sets_writes_the_same_rows_as_before() -> None:
    paths = [sets_dir() / f"{code}.json.gz" for code in SETS]
    if not all(p.exists() for p in paths):
        pytest.skip(f"shared MTGJSON snapshot not found at {sets_dir()}")
    if connection.vendor != "sqlite":
        pytest.skip("row ids are compared: SQLite's sequences roll back with each test's rows")

    call_command("import_mtgjson", *map(str, paths), "--quiet", stdout=StringIO())

    assert table_digests() == EXPECTED
    assert not Card.objects.filter(meld_back_face=True).exists()  # no meld cards in these sets
