"""Small MTGJSON and Scryfall files in the real formats, written by the curation tests, and
the MTGJSON import run on them."""

from __future__ import annotations

import gzip
import json
from io import StringIO
from pathlib import Path
from typing import Any

from django.core.management import call_command

GNARLID_ORACLE = "e5481431-c952-4ad9-94fe-355076ef632b"
BURST_ORACLE = "ac2086fe-98ee-4280-9c7c-c5c2d6548a8b"
KAVU_ORACLE = "09537e9f-6c8e-4849-9d35-d4f3950a64d7"
FIRE_ICE_ORACLE = "ae92942b-919c-4ea9-b693-85fcef765d5a"

GNARLID_TEXT = (
    "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\n"
    "If Gnarlid Colony was kicked, it enters the battlefield with two +1/+1 counters on it.\n"
    "Each creature you control with a +1/+1 counter on it has trample."
)
GNARLID_FR = (
    "Kick {2}{G} (Vous pouvez payer {2}{G} supplémentaires au moment où vous lancez ce sort.)\n"
    "Si la Colonie de gnarlides a été kickée, elle arrive sur le champ de bataille avec deux "
    "marqueurs +1/+1 sur elle."
)

#: Gnarlid Colony's seven rulings of the 2022 data (2020-09-25).
KICKER_2020 = [
    "If a spell's kicker cost was paid, the spell is \u201ckicked.\u201d",
    "Kicker is an optional additional cost. You may pay it as you cast the spell.",
    "You can't pay a kicker cost more than once.",
    "If you put a permanent with kicker onto the battlefield without casting it, it isn't kicked.",
    "If you copy a kicked spell, the copy is also kicked.",
    "If a permanent enters the battlefield as a copy of a permanent that was kicked, it isn't "
    "kicked.",
    "To determine the total cost of a spell, start with the mana cost or alternative cost you're "
    "paying, add any cost increases, then apply any cost reductions.",
]
#: The six re-worded rulings of 2024-11-08.
KICKER_2024 = [
    "If a spell's kicker cost was paid, the spell is \u201ckicked.\u201d",
    "The kicker ability doesn't let you pay a kicker cost more than once.",
    "If you put a permanent with a kicker ability onto the battlefield without casting it, you "
    "can't kick it.",
    "If you copy a kicked spell on the stack, the copy is also kicked. If the copied spell is a "
    "permanent spell, the token the copy of that spell becomes when it enters is also kicked.",
    "If a card or token enters as a copy of a permanent, the new permanent isn't kicked, even if "
    "the original was.",
    "To determine a spell's total cost, start with the mana cost (or an alternative cost if "
    "another card's effect allows you to pay one instead), add any cost increases (such as "
    "kicker), then apply any cost reductions.",
]


def rulings(date: str, texts: list[str]) -> list[dict[str, str]]:
    return [{"date": date, "text": t} for t in texts]


def mtgjson_card(
    name: str,
    oracle_id: str | None,
    *,
    mana_cost: str = "{1}{G}",
    mana_value: float = 2.0,
    type_line: str = "Creature — Beast",
    text: str = "",
    colors: tuple[str, ...] = ("G",),
    power: str | None = "2",
    toughness: str | None = "2",
    keywords: tuple[str, ...] = (),
    layout: str = "normal",
    french: dict[str, str] | None = None,
    card_rulings: list[dict[str, str]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    card: dict[str, Any] = {
        "name": name,
        "manaCost": mana_cost,
        "manaValue": mana_value,
        "convertedManaCost": mana_value,
        "type": type_line,
        "text": text,
        "colors": list(colors),
        "keywords": list(keywords),
        "layout": layout,
        "identifiers": {"scryfallOracleId": oracle_id} if oracle_id else {},
        "foreignData": [
            {"language": "German", "name": f"{name} (de)", "text": "…", "type": "…"},
            *([{"language": "French", "multiverseId": 1, **french}] if french else []),
        ],
        "rulings": card_rulings or [],
        "legalities": {"commander": "Legal"},
        "uuid": f"uuid-{name}",
    }
    if power is not None:
        card["power"], card["toughness"] = power, toughness
    card.update(extra)
    return card


def gnarlid(card_rulings: list[dict[str, str]], **kw: Any) -> dict[str, Any]:
    kw.setdefault("text", GNARLID_TEXT)
    return mtgjson_card(
        "Gnarlid Colony",
        GNARLID_ORACLE,
        keywords=("Kicker",),
        french={"name": "Colonie de gnarlides", "type": "Créature : bête", "text": GNARLID_FR},
        card_rulings=card_rulings,
        **kw,
    )


def burst(card_rulings: list[dict[str, str]] | None = None) -> dict[str, Any]:
    return mtgjson_card(
        "Burst Lightning",
        BURST_ORACLE,
        mana_cost="{R}",
        mana_value=1.0,
        type_line="Instant",
        text="Kicker {4}\nBurst Lightning deals 2 damage to any target. If this spell was kicked, "
        "it deals 4 damage instead.",
        colors=("R",),
        power=None,
        keywords=("Kicker",),
        french={"name": "Éclair explosif", "type": "Éphémère", "text": "Kick {4} …"},
        card_rulings=card_rulings,
    )


def write_set(
    path: Path,
    cards: list[dict[str, Any]],
    *,
    code: str = "TST",
    release: str = "2020-09-25",
    tokens: list[dict[str, Any]] | None = None,
    compress: bool = False,
) -> Path:
    """An MTGJSON v5 set file (keys in MTGJSON's alphabetical order: releaseDate after cards)."""
    document = {
        "meta": {"date": "2022-04-25", "version": "5.2.0+20220425"},
        "data": {
            "baseSetSize": len(cards),
            "cards": cards,
            "code": code,
            "name": f"Test set {code}",
            "releaseDate": release,
            "sealedProduct": [{"name": f"{code} Booster Box", "uuid": "sealed-1"}],
            "tokens": tokens or [],
            "translations": {"French": f"Jeu {code}"},
            "type": "expansion",
        },
    }
    raw = json.dumps(document, ensure_ascii=False).encode()
    if compress:
        path.write_bytes(gzip.compress(raw))
    else:
        path.write_bytes(raw)
    return path


def write_json(path: Path, document: Any, *, compress: bool = False) -> Path:
    raw = json.dumps(document, ensure_ascii=False).encode()
    path.write_bytes(gzip.compress(raw) if compress else raw)
    return path


def scryfall_card(name: str, oracle_id: str, **fields: Any) -> dict[str, Any]:
    card = {
        "object": "card",
        "id": f"print-{oracle_id}",
        "oracle_id": oracle_id,
        "lang": "en",
        "name": name,
        "layout": "normal",
        "mana_cost": "{R}",
        "cmc": 1.0,
        "type_line": "Instant",
        "oracle_text": "",
        "colors": ["R"],
        "keywords": [],
        "released_at": "2009-10-02",
    }
    card.update(fields)
    return card


def scryfall_ruling(
    oracle_id: str, date: str, comment: str, source: str = "wotc"
) -> dict[str, str]:
    return {
        "object": "ruling",
        "oracle_id": oracle_id,
        "source": source,
        "published_at": date,
        "comment": comment,
    }


def run_import(*paths: Path, **options: Any) -> dict[str, Any]:
    """``import_mtgjson`` of ``paths``, quiet, and the report it writes as JSON."""
    report = paths[0].with_name("report.json")
    call_command(
        "import_mtgjson",
        *map(str, paths),
        "--quiet",
        "--report-json",
        str(report),
        stdout=StringIO(),
        **options,
    )
    return json.loads(report.read_text())  # type: ignore[no-any-return]
