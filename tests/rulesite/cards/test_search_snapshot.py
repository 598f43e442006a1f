"""Card search on the full MTGJSON snapshot (23,706 cards; skipped when ../shared/data is
absent): real queries and the cards they must find."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection, transaction

from rulesite.cards.models import Card
from rulesite.cards.search import parse
from rulesite.curation.services.importing import import_cards
from rulesite.curation.sources import MtgjsonReader, expand_paths

SETS = Path(settings.RULESITE_SHARED_DATA) / "mtgjson-v5.2.0-20220425" / "sets"

pytestmark = [
    pytest.mark.skipif(not SETS.is_dir(), reason=f"MTGJSON snapshot not at {SETS}"),
    pytest.mark.django_db,
]


@pytest.fixture(scope="module")
def snapshot(django_db_setup: None, django_db_blocker: Any) -> Iterator[int]:
    """The whole snapshot imported once for the module, rolled back after it."""
    with django_db_blocker.unblock(), transaction.atomic():
        reader = MtgjsonReader()
        reader.read(expand_paths([SETS]))
        import_cards(records=reader.records(), reason="search tests")
        if connection.vendor == "postgresql":
            # Fresh planner statistics: those of the near-empty tables earlier tests left would
            # make PostgreSQL plan these searches for a few rows, past the statement timeout.
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        yield Card.objects.count()
        transaction.set_rollback(True)


def names(query: str) -> list[str]:
    parsed = parse(query)
    return list(
        Card.objects.filter(parsed.q).order_by(*parsed.order_by()).values_list("name", flat=True)
    )


SNAPSHOT_QUERIES = [
    ("kw:kicker kw:convoke", ["Kavu Primarch"]),
    (
        "t:instant (kw:kicker or kw:convoke) mv<=3 c:r",
        [
            "Blast from the Past",
            "Burst Lightning",
            "Cinderclasm",
            "Crowd's Favor",
            "Overload",
            "Scorching Lava",
            "Shivan Fire",
            "Unstable Footing",
            "Urza's Rage",
        ],
    ),
    ("kw:multikicker t:instant", ["Comet Storm", "Spell Contortion", "Strength of the Tajuru"]),
    (
        "tou>=15",
        [
            "Charix, the Raging Isle",
            "Emrakul, the Aeons Torn",
            "Impervious Greatwurm",
            "Kharis & The Beholder",
            "Worldspine Wurm",
        ],
    ),
    (
        "r:mythic s:znr kw:kicker",
        ["Jace, Mirror Mage", "Scourge of the Skyclaves", "Sea Gate Stormcaller"],
    ),  # fmt: skip
    (
        "banned:modern t:creature",
        [
            "Deathrite Shaman",
            "Golgari Grave-Troll",
            "Hogaak, Arisen Necropolis",
            "Lurrus of the Dream-Den",
            "Simian Spirit Guide",
            "Uro, Titan of Nature's Wrath",
        ],
    ),
    (
        "restricted:vintage t:artifact mv=0",
        [
            "Black Lotus",
            "Chalice of the Void",
            "Lion's Eye Diamond",
            "Lotus Petal",
            "Mana Crypt",
            "Mox Emerald",
            "Mox Jet",
            "Mox Pearl",
            "Mox Ruby",
            "Mox Sapphire",
        ],
    ),
    ('!"Burst Lightning"', ["Burst Lightning"]),
    ("éclair explosif", ["Burst Lightning"]),
    (
        'o:"copy target instant or sorcery spell" -t:creature mv<=2',
        [
            "Dual Casting",
            "Fork",
            "Increasing Vengeance",
            "Mirrorpool",
            "Narset's Reversal",
            "Reverberate",
            "Twincast",
        ],
    ),
    (
        "t:kindred kw:changeling t:instant",
        [
            "Blades of Velis Vel",
            "Crib Swap",
            "Ego Erasure",
            "Nameless Inversion",
            "Shields of Velis Vel",
            "Wings of Velis Vel",
        ],
    ),
]


def test_the_whole_snapshot_is_imported(snapshot: int) -> None:
    assert snapshot == 23706


@pytest.mark.parametrize(
    ("query", "expected"), SNAPSHOT_QUERIES, ids=[q for q, _ in SNAPSHOT_QUERIES]
)
def test_real_queries_find_exactly_these_cards(
    snapshot: int, query: str, expected: list[str]
) -> None:
    assert names(query) == expected


def test_power_and_loyalty_comparisons_read_numbers(snapshot: int) -> None:
    huge = names("pow>=13")

    assert "Emrakul, the Aeons Torn" in huge
    assert "Death's Shadow" in huge  # 13/13 printed
    assert all(name not in huge for name in names("pow<13"))
    assert "Ugin, the Spirit Dragon" in names("loy>=7")


def test_colour_identity_and_colourless(snapshot: int) -> None:
    colourless_big = names("id:c t:creature pow>=8")

    assert "Blightsteel Colossus" in colourless_big
    assert "Emrakul, the Aeons Torn" in colourless_big
    assert "Child of Alara" in names("c=wubrg t:creature mv<=5")
