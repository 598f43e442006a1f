"""The committed demo fixture (rulesite/cards/demo/): complete, consistent, small."""

from __future__ import annotations

import json
from pathlib import Path

from django.utils.text import slugify

DEMO = Path(__file__).resolve().parents[3] / "rulesite" / "cards" / "demo"

# Every card the issue asks the demo set to hold (the engine's tests and the workbench use them).
REQUIRED_CARDS = """
Burst Lightning, Gnarlid Colony, Kavu Primarch, Molten Disaster, Into the Roil,
Bloodchief's Thirst, Vines of Vastwood, Fight with Fire, Orim's Chant, Rite of Replication, Jilt,
Aether Figment, Gatekeeper of Malakir, Rushing River, Skizzik, Anavolver, Necravolver,
Ana Battlemage, Sunscape Battlemage, Thornscape Battlemage, Illuminate, Everflowing Chalice,
Apex Hawks, Joraga Warcaller, Comet Storm, Deathforge Shaman, Bloodhusk Ritualist,
Stoke the Flames, Siege Wurm, Chord of Calling, Venerated Loxodon, March of the Multitudes,
Will-Forged Golem, Hogaak| Arisen Necropolis, Angel of Salvation, Sprout Swarm,
Ephemeral Shields, Sudden Shock, Krosan Grip, Sudden Spoiling, Trickbind, Extirpate,
Angel's Grace, Sudden Death, Wipe Away, Sudden Edict, Twincast, Reverberate, Fork, Double Major,
Clone, Phantasmal Image, Thalia| Guardian of Thraben, Goblin Electromancer, Heartless Summoning,
Trinisphere, Omniscience, Chalice of the Void, Maelstrom Nexus, Llanowar Elves, Grizzly Bears,
Raging Goblin, Savannah Lions, Boros Swiftblade, Qasali Pridemage, Exalted Angel, Serra Angel,
Prodigal Pyromancer, Monastery Swiftspear, Snapcaster Mage, Lightning Bolt, Shock, Counterspell,
Plains, Island, Swamp, Mountain, Forest
"""


def load(name: str) -> dict:
    return json.loads((DEMO / name).read_text(encoding="utf-8"))


def required_names() -> set[str]:
    return {n.strip().replace("|", ",") for n in REQUIRED_CARDS.split(",") if n.strip()}


def test_fixture_holds_every_card_the_issue_lists() -> None:
    names = {card["name"] for card in load("cards.json")["cards"]}

    assert required_names() - names == set()


def test_fixture_slugs_are_django_slugify_of_the_english_name() -> None:
    for card in load("cards.json")["cards"]:
        assert card["slug"] == slugify(card["name"])
    assert slugify("Bloodchief's Thirst") == "bloodchiefs-thirst"


def test_fixture_cards_have_french_names_and_oracle_ids() -> None:
    cards = load("cards.json")["cards"]
    english_only = [card for card in cards if not card["name_fr"]]

    assert all(card["oracle_id"] for card in cards)
    # Only the cards the snapshot has no French printing of lack a French name: none is
    # translated by hand.
    assert [card["name"] for card in english_only] == [
        "Huddle Up",
        "Riveteers Requisitioner",
        "Make Disappear",
        "Lunarch Veteran",
    ]
    assert not any(c["type_line_fr"] or c["printed_text_fr"] for c in english_only)
    assert not [c["name"] for c in cards if "enters the battlefield" in c["oracle_text"]]


def test_fixture_rulings_have_french_text_marked_machine() -> None:
    rulings = load("rulings.json")["rulings"]

    assert len(rulings) == 19
    assert {r["published_on"] for r in rulings} == {
        "2024-11-08",
        "2024-01-12",
        "2021-03-19",
        "2007-05-01",
    }
    assert all(r["text_fr"] and r["translation_status"] == "machine" for r in rulings)


def test_fixture_rules_cover_what_the_site_cites() -> None:
    numbers = {rule["number"] for rule in load("rules.json")["editions"][-1]["rules"]}

    for wanted in ["601.2", "601.2a", "601.2i", "117.1", "302.1", "302.6", "307.1", "116.2"]:
        assert wanted in numbers
    for wanted in ["605", "605.1a", "702.33", "702.33g", "702.51a", "702.61a", "707.10", "202.3"]:
        assert wanted in numbers
    assert "118.7" in numbers


def test_fixture_stays_small() -> None:
    # 168 cards (those of the casting-text tests and a card per casting keyword among them) and
    # the rules they cite; room for the keywords still to come
    assert sum(path.stat().st_size for path in DEMO.glob("*.json")) < 700_000


def test_702_33a_french_reads_le_sort_avec_le_kick() -> None:
    french = json.loads((DEMO / "rules.json").read_text(encoding="utf-8"))["french"]["702.33a"]

    assert "le sort avec le kick se trouve sur la pile" in french
    assert "ckick" not in french
    assert "des coûts supplémentaires" in french
