"""Build the committed demo fixture (rulesite/cards/demo/*.json) from the shared source data.

Reads the MTGJSON v5 per-set files (``<data>/mtgjson-v5.2.0-20220425/sets/*.json.gz``) and the
Comprehensive Rules text (``<data>/comprehensive-rules/MagicCompRules-2026-01-16.txt``), and
writes ``cards.json`` and ``rules.json``. The clarifications and keywords (``rulings.json``,
``keywords.json``) are hand-kept: they come from the seed documents, not from these files.

    .venv/bin/python scripts/build_demo_data.py [--data /work/shared/data]

The data files are never committed; the fixture is small and is.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from django.utils.text import slugify  # noqa: E402

from rulesite.cards.rulebook import derive_lineage, glossary_aliases, parent_number  # noqa: E402
from rulesite.core.text import printed_line_breaks  # noqa: E402
from rulesite.curation.crfile import decode_rules_file, parse_comprehensive_rules  # noqa: E402

DEMO_DIR = ROOT / "rulesite" / "cards" / "demo"
MTGJSON_DIR = "mtgjson-v5.2.0-20220425/sets"
CR_FILE = "comprehensive-rules/MagicCompRules-2026-01-16.txt"
# The editions on file, oldest first: the demo keeps the cited rules' history across them.
CR_EDITIONS = [
    "comprehensive-rules/MagicCompRules-2011-05-01.txt",
    "comprehensive-rules/MagicCompRules-2024-11-08.txt",
    CR_FILE,
]

CARD_NAMES = [
    # the four seed cards
    "Burst Lightning", "Gnarlid Colony", "Kavu Primarch", "Molten Disaster",
    # single kicker
    "Into the Roil", "Bloodchief's Thirst", "Vines of Vastwood", "Fight with Fire",
    "Orim's Chant", "Rite of Replication", "Jilt", "Aether Figment", "Gatekeeper of Malakir",
    "Rushing River", "Skizzik",
    # two kicker costs
    "Anavolver", "Necravolver", "Ana Battlemage", "Sunscape Battlemage",
    "Thornscape Battlemage", "Illuminate",
    # multikicker
    "Everflowing Chalice", "Apex Hawks", "Joraga Warcaller", "Comet Storm", "Deathforge Shaman",
    "Bloodhusk Ritualist",
    # convoke
    "Stoke the Flames", "Siege Wurm", "Chord of Calling", "Venerated Loxodon",
    "March of the Multitudes", "Will-Forged Golem", "Hogaak, Arisen Necropolis",
    "Angel of Salvation", "Sprout Swarm", "Ephemeral Shields",
    # split second
    "Sudden Shock", "Krosan Grip", "Sudden Spoiling", "Trickbind", "Extirpate", "Angel's Grace",
    "Sudden Death", "Wipe Away", "Sudden Edict",
    # copies
    "Twincast", "Reverberate", "Fork", "Double Major", "Clone", "Phantasmal Image",
    # cost changers and casting restrictions
    "Thalia, Guardian of Thraben", "Goblin Electromancer", "Heartless Summoning", "Trinisphere",
    "Omniscience", "Chalice of the Void", "Maelstrom Nexus",
    # everyday creatures and spells
    "Llanowar Elves", "Grizzly Bears", "Raging Goblin", "Savannah Lions", "Boros Swiftblade",
    "Qasali Pridemage", "Exalted Angel", "Serra Angel", "Prodigal Pyromancer",
    "Monastery Swiftspear", "Snapcaster Mage", "Lightning Bolt", "Shock", "Counterspell",
    # casting text: alternative costs
    "Force of Will", "Daze", "Gush", "Fireblast", "Snuff Out", "Mine Collapse",
    "Ancestral Vision",
    # casting text: additional costs
    "Fling", "Bone Splinters", "Village Rites", "Deadly Dispute", "Phyrexian Tribute",
    "Thrill of Possibility", "Cathartic Reunion", "Lightning Axe", "Skaab Goliath",
    "Toxic Deluge", "Swallow Whole", "Familiar's Ruse",
    # casting text: modes, targets
    "Cryptic Command", "Austere Command", "Electrolyze",
    # casting text: cost changes, restrictions, permissions
    "Grand Arbiter Augustin IV", "Goblin Warchief", "Jhoira's Familiar", "Glowrider",
    "Defense Grid", "Solidarity of Heroes", "Thoughtcast", "Mandate of Peace", "Seedtime",
    "Feast of Blood", "Ghitu Fire", "Teferi, Time Raveler",
    "Yeva, Nature's Herald", "Vedalken Orrery", "Ward of Lights", "Misthollow Griffin",
    "Gaddock Teeg", "Grafdigger's Cage", "Rule of Law",
    # cost-changing keywords and text
    "Frogmite", "Sublime Exhalation", "Blasphemous Act", "Ghoultree", "Veteran Adventurer",
    "Ghalta, Primal Hunger", "Mystical Dispute", "Fireball", "Dig Through Time",
    "Treasure Cruise", "Reverse Engineer", "Whir of Invention",
    # optional additional costs
    "Capsize", "Constant Mists", "Tooth and Nail", "Collective Defiance", "Train of Thought",
    "Ghastly Discovery", "Glacial Ray", "Reach Through Mists",
    # restrictions on the turn
    "Harsh Justice", "Eidolon of Rhetoric",
    # morph
    "Spined Basher", "Sandstorm Charger",
    # casting keywords: alternative costs and permissions from a zone
    "Think Twice", "Deep Analysis", "Gaze of Justice", "Cling to Dust", "Radical Idea",
    "Raven's Crime", "Saw It Coming", "Fiery Temper", "Temporal Mastery",
    "Skewer the Critics", "Reckless Bushwhacker", "Morsel Theft", "Mulldrifter",
    "Electrickery", "Goblin Heelcutter", "Elder Deep-Fiend", "Boon Satyr",
    "Den Protector", "Gemrazer", "Fierce Retribution", "Huddle Up", "Riveteers Requisitioner",
    "Make Disappear", "Lunarch Veteran", "Ribbons",
    # permissions from a library and from exile; how mana is spent, and what reads it
    "Future Sight", "Vizier of the Menagerie", "Kheru Mind-Eater", "Outpost Siege",
    "Chromatic Orrery", "Imperiosaur", "Kaleidoscorch", "Slaying Fire", "Tajuru Stalwart",
    "City of Brass",
    # basic lands
    "Plains", "Island", "Swamp", "Mountain", "Forest",
]  # fmt: skip

# Faces kept as cards of their own: the face a keyword casts (a disturb card's front face, an
# aftermath card's second half), as the engine reads one face (the importer joins the faces).
FACE_NAMES = {"Lunarch Veteran", "Ribbons"}
# A card with no French printing in the snapshot keeps an empty French name: its pages on /fr/
# show the English name, marked lang="en", and nothing is translated by hand.

# Current Oracle wording of the four seed cards (the 2022 files predate the 2024 update):
# research/data-formats.md §2.1 and the seed documents.
CURRENT_ORACLE = {
    "Burst Lightning": (
        "Kicker {4} (You may pay an additional {4} as you cast this spell.)\n"
        "Burst Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 "
        "damage instead."
    ),
    "Gnarlid Colony": (
        "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\n"
        "If this creature was kicked, it enters with two +1/+1 counters on it.\n"
        "Each creature you control with a +1/+1 counter on it has trample. (It can deal excess "
        "combat damage to the player or planeswalker it's attacking.)"
    ),
    "Kavu Primarch": (
        "Kicker {4} (You may pay an additional {4} as you cast this spell.)\n"
        "Convoke (Your creatures can help cast this spell. Each creature you tap while casting "
        "this spell pays for {1} or one mana of that creature's color.)\n"
        "If this creature was kicked, it enters with four +1/+1 counters on it."
    ),
    "Molten Disaster": (
        "Kicker {R} (You may pay an additional {R} as you cast this spell.)\n"
        "If this spell was kicked, it has split second. (As long as this spell is on the stack, "
        "players can't cast spells or activate abilities that aren't mana abilities.)\n"
        "Molten Disaster deals X damage to each creature without flying and each player."
    ),
}

# The rules the site cites, with their subrules where marked "+".
RULES = [
    "107.3b", "116.2", "116.2b", "117.1", "118.3", "118.6", "118.7+", "118.8+", "118.9+",
    "119.4", "202.3+", "302.1", "302.6", "305.9", "307.1", "601.2+", "601.3", "601.3c", "605+",
    "607.1+", "700.2", "700.2a", "700.2c", "700.2d", "702.33+", "702.37a", "702.37b",
    "702.37e", "702.51+", "702.61+", "702.127a", "707.10+",
    "700.5", "700.8", "702.27a", "702.41a", "702.42a", "702.47a", "702.56a", "702.66+",
    "702.78a", "702.120a", "702.125a", "702.126+", "702.153a",
]  # fmt: skip

# The seed's French quotes the 2011 rules, where kicker was 702.30 (the import derives that).
# The seed's French, with its two typos corrected ("le ckick", "des coût supplémentaires").
SEED_FRENCH_RULES = {
    "702.33": "Kick",
    "702.33a": (
        "Le kick est une capacité statique qui fonctionne lorsque le sort avec le kick se trouve "
        'sur la pile. "Kick [coût]" signifie "Vous pouvez payer [coût] supplémentaire au '
        "moment où vous lancez ce sort.\" Payer le coût de kick d'un sort suit les règles pour "
        "payer des coûts supplémentaires indiquées dans les règles 601.2b et 601.2e-g."
    ),
    "702.33b": (
        'La formulation "Kick [coût 1] et/ou [coût 2]" a la même signification que '
        '"Kick [coût 1], kick [coût 2]".'
    ),
    "702.33c": (
        'Le multikick est une variante de la capacité de kick. "Multikick [coût]" signifie '
        '"Vous pouvez payer [coût] supplémentaire autant de fois que vous le souhaitez au moment '
        'où vous lancez ce sort." Un coût de multikick est un coût de kick.'
    ),
    "702.33d": (
        "Si le contrôleur d'un sort déclare son intention de payer un quelconque coût de kick de "
        'ce sort, alors ce sort a été "kické. Si un sort a deux coûts de kick ou le multikick, '
        "il peut être kické plusieurs fois. Voir règle 601.2b."
    ),
    "702.33e": (
        "Les objets avec le kick ou le multikick ont des capacités supplémentaires qui indiquent "
        "ce qui arrive si le coût de kick est payé. Ces capacités sont liées aux capacités de "
        "kick ou de multikick imprimées sur cet objet : elles ne peuvent faire référence qu'à "
        'ces mêmes capacités de kick ou de multikick. Voir règle 606, "Capacités liées."'
    ),
    "702.33f": (
        "Les objets avec plusieurs coûts de kick ont plusieurs capacités qui correspondent "
        "chacune à l'un de ces coûts de kick. Elles contiennent les formules \"s'il a été kické "
        'avec son coût de [A]" et "s\'il a été kické avec son coût de [B]", [A] et [B] étant '
        "respectivement le premier et le deuxième coût de kick listés sur la carte. Chacune de "
        "ces capacités est liée à la capacité de kick."
    ),
    "702.33g": (
        "Si une partie de la capacité d'un sort ne fait effet que si un coût de kick a été payé "
        "et que cette partie de capacité mentionne des cibles, le contrôleur du sort choisit ces "
        "cibles uniquement si le sort a été kické. Dans le cas contraire, ce sort est lancé comme "
        "s'il n'avait pas ces cibles. Voir règle 601.2c."
    ),
}

PRINTING_EXCLUDED = ("isRebalanced", "isOnlineOnly", "isFunny", "isAlternative")
# A card's newest printings kept in the demo (basic lands have hundreds); imports keep all.
DEMO_PRINTINGS = 8


def modernise(text: str) -> str:
    """The 2024 Oracle update: "enters the battlefield" became "enters" on every card."""
    return text.replace("enters the battlefield", "enters")


def read_cards(sets_dir: Path) -> list[dict[str, Any]]:
    wanted = set(CARD_NAMES)
    needles = [name.encode() for name in CARD_NAMES]
    printings: dict[str, list[tuple[str, str, dict[str, Any]]]] = {name: [] for name in wanted}
    set_names: dict[str, str] = {}
    for path in sorted(sets_dir.glob("*.json.gz")):
        raw = gzip.decompress(path.read_bytes())
        if not any(needle in raw for needle in needles):
            continue
        data = json.loads(raw)["data"]
        release = data.get("releaseDate", "")
        set_names[data["code"]] = data.get("name", data["code"])
        for card in data.get("cards", []):
            name = card.get("faceName") if card.get("faceName") in FACE_NAMES else card["name"]
            if name in wanted and not any(card.get(f) for f in PRINTING_EXCLUDED):
                printings[name].append((release, data["code"], card))
    cards = []
    for name in CARD_NAMES:
        found = sorted(printings[name], key=lambda item: (item[0], item[1]))
        if not found:
            raise SystemExit(f"{name}: not found in {sets_dir}")
        release, set_code, newest = found[-1]
        french = None
        for _release, code, card in reversed(found):
            entry = next(
                (f for f in card.get("foreignData", []) if f.get("language") == "French"), None
            )
            if entry and entry.get("text"):
                french = (code, entry)
                break
        if french is None:
            for _release, code, card in reversed(found):
                entry = next(
                    (f for f in card.get("foreignData", []) if f.get("language") == "French"),
                    None,
                )
                if entry:
                    french = (code, entry)
                    break
        french_set, french_entry = french if french else ("", {})
        value = float(newest.get("manaValue", 0))
        cards.append(
            {
                "name": name,
                "name_fr": french_entry.get("faceName" if name in FACE_NAMES else "name", ""),
                "slug": slugify(name),
                "oracle_id": newest["identifiers"].get("scryfallOracleId", ""),
                "mana_cost": newest.get("manaCost", ""),
                "mana_value": int(value) if value == int(value) else value,
                "type_line": newest["type"],
                "type_line_fr": french_entry.get("type", ""),
                "colors": "".join(c for c in "WUBRG" if c in newest.get("colors", [])),
                "color_identity": "".join(
                    c for c in "WUBRG" if c in newest.get("colorIdentity", [])
                ),
                "power": newest.get("power", ""),
                "toughness": newest.get("toughness", ""),
                "loyalty": newest.get("loyalty", ""),
                "oracle_text": CURRENT_ORACLE.get(name, modernise(newest.get("text", ""))),
                "printed_text_fr": printed_line_breaks(french_entry.get("text", "")),
                "printed_set_fr": french_set,
                "keywords": sorted(k.lower() for k in newest.get("keywords", [])),
                "printings": [
                    {
                        "set_code": code,
                        "set_name": set_names[code],
                        "released_on": day,
                        "rarity": card.get("rarity", ""),
                        "collector_number": card.get("number", ""),
                    }
                    for day, code, card in list(reversed(found))[:DEMO_PRINTINGS]
                ],
                "legalities": {
                    fmt: status.lower()
                    for fmt, status in sorted((newest.get("legalities") or {}).items())
                },
            }
        )
    return cards


def _chosen_numbers(rules: list[Any]) -> dict[str, None]:
    by_number = {rule.number: rule for rule in rules}
    chosen: dict[str, None] = {}
    for spec in RULES:
        number = spec.rstrip("+")
        if number not in by_number:
            raise SystemExit(f"rule {number} is not in {CR_FILE}")
        ancestor = parent_number(number)
        while ancestor is not None:  # the section and chapter headings, for navigation
            if len(ancestor) == 3:
                chosen.setdefault(ancestor)
            ancestor = parent_number(ancestor)
        chosen.setdefault(number)
        if spec.endswith("+"):
            for rule in rules:
                if parent_number(rule.number) == number or (
                    rule.number.startswith(number + ".") and len(number) == 3
                ):
                    chosen.setdefault(rule.number)
                    for sub in rules:
                        if parent_number(sub.number) == rule.number:
                            chosen.setdefault(sub.number)
    return chosen


def _with_sections(numbers: set[str]) -> set[str]:
    out = set(numbers)
    for number in numbers:
        ancestor = parent_number(number)
        while ancestor is not None:
            if len(ancestor) == 3:
                out.add(ancestor)
            ancestor = parent_number(ancestor)
    return out


def read_rules(data: Path, texts: list[str]) -> dict[str, Any]:
    """The cited rules of the newest edition and their versions in the older ones, the glossary
    entries that demo texts mention, and the seed's French."""
    editions = [
        parse_comprehensive_rules(decode_rules_file((data / f).read_bytes())) for f in CR_EDITIONS
    ]
    newest = editions[-1]
    wanted = [set(_chosen_numbers(newest.rules))]
    for older, newer in zip(editions[-2::-1], editions[:0:-1], strict=True):
        mapping = derive_lineage(older.rules, newer.rules)
        wanted.insert(0, _with_sections({mapping[n] for n in wanted[0] if n in mapping}))
    haystack = " ".join(texts).casefold()
    glossary = [
        {"term": entry.term, "text_en": entry.text}
        for entry in newest.glossary
        if any(alias.casefold() in haystack for alias in glossary_aliases(entry))
    ]
    out = []
    for edition, numbers in zip(editions, wanted, strict=True):
        rules = [
            {
                "number": rule.number,
                "title": rule.title,
                "text_en": rule.text,
                "parent": rule.parent if rule.parent in numbers else None,
            }
            for rule in edition.rules
            if rule.number in numbers
        ]
        assert edition.effective_on is not None
        out.append(
            {
                "effective_on": edition.effective_on.isoformat(),
                "rules": rules,
                "glossary": glossary if edition is newest else [],
            }
        )
    return {"editions": out, "french": SEED_FRENCH_RULES}


def write(path: Path, payload: Any) -> None:
    path.write_text(json.dumps(payload, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    DEMO_DIR.mkdir(parents=True, exist_ok=True)
    cards = read_cards(args.data / MTGJSON_DIR)
    write(
        DEMO_DIR / "cards.json",
        {
            "source": "MTGJSON v5.2.0 (2022-04-25); current Oracle wording for the seed cards; "
            "'enters the battlefield' updated to 'enters' (2024 Oracle update)",
            "cards": cards,
        },
    )
    rulings = json.loads((DEMO_DIR / "rulings.json").read_text(encoding="utf-8"))["rulings"]
    texts = [r["text_en"] for r in rulings] + [c["oracle_text"] for c in cards]
    write(
        DEMO_DIR / "rules.json",
        {"source": ", ".join(CR_EDITIONS), **read_rules(args.data, texts)},
    )


if __name__ == "__main__":
    main()
