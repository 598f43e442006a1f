"""Card search: Scryfall's syntax on the demo data, table-driven, and clear errors."""

from __future__ import annotations

import pytest

from rulesite.cards.models import Card
from rulesite.cards.search import SearchSyntaxError, parse

pytestmark = pytest.mark.usefixtures("demo_data")


def names(query: str) -> list[str]:
    parsed = parse(query)
    return list(
        Card.objects.filter(parsed.q).order_by(*parsed.order_by()).values_list("name", flat=True)
    )


# (query, the cards it finds, in name order unless the query sets one)
REAL_QUERIES = [
    ("eclair", ["Burst Lightning", "Lightning Axe"]),
    ("ÉCLAIR Explosif", ["Burst Lightning"]),
    ("bloodchief’s", ["Bloodchief's Thirst"]),
    ('"gnarlid colony"', ["Gnarlid Colony"]),
    ('!"Shock"', ["Shock"]),
    ("kw:kicker kw:convoke", ["Kavu Primarch"]),
    ("kw:kicker t:instant mv<=1", ["Burst Lightning", "Orim's Chant", "Vines of Vastwood"]),
    (
        "t:instant (kw:kicker or kw:convoke) mv<=3",
        [
            "Burst Lightning",
            "Chord of Calling",
            "Ephemeral Shields",
            "Into the Roil",
            "Jilt",
            "March of the Multitudes",
            "Orim's Chant",
            "Rushing River",
            "Sprout Swarm",
            "Vines of Vastwood",
        ],
    ),
    (
        "pow>=5",
        [
            "Angel of Salvation",
            "Elder Deep-Fiend",
            "Ghalta, Primal Hunger",
            "Ghoultree",
            "Hogaak, Arisen Necropolis",
            "Imperiosaur",
            "Siege Wurm",
            "Skaab Goliath",
            "Skizzik",
            "Veteran Adventurer",
        ],
    ),
    (
        "pow>tou",
        [
            "Boon Satyr",
            "Deathforge Shaman",
            "Den Protector",
            "Glowrider",
            "Goblin Heelcutter",
            "Reckless Bushwhacker",
            "Riveteers Requisitioner",
            "Savannah Lions",
            "Skizzik",
            "Snapcaster Mage",
            "Spined Basher",
            "Thalia, Guardian of Thraben",
        ],
    ),
    ("c>=rg", ["Maelstrom Nexus"]),
    (
        "c=r t:instant",
        [
            "Burst Lightning",
            "Comet Storm",
            "Electrickery",
            "Fiery Temper",
            "Fireblast",
            "Fling",
            "Fork",
            "Glacial Ray",
            "Lightning Axe",
            "Lightning Bolt",
            "Mine Collapse",
            "Reverberate",
            "Shock",
            "Slaying Fire",
            "Stoke the Flames",
            "Sudden Shock",
            "Thrill of Possibility",
        ],
    ),
    (
        "-is:permanent mv<=1 c:r",
        [
            "Burst Lightning",
            "Electrickery",
            "Fireball",
            "Ghitu Fire",
            "Illuminate",
            "Lightning Axe",
            "Lightning Bolt",
            "Shock",
        ],
    ),
    ("is:vanilla", ["Grizzly Bears", "Savannah Lions"]),
    (
        "is:commander",
        [
            "Gaddock Teeg",
            "Ghalta, Primal Hunger",
            "Grand Arbiter Augustin IV",
            "Hogaak, Arisen Necropolis",
            "Thalia, Guardian of Thraben",
            "Yeva, Nature's Herald",
        ],
    ),
    (
        "s:zen",
        [
            "Aether Figment",
            "Burst Lightning",
            "Feast of Blood",
            "Gatekeeper of Malakir",
            "Into the Roil",
            "Rite of Replication",
            "Vines of Vastwood",
        ],
    ),
    ("banned:modern", ["Dig Through Time", "Hogaak, Arisen Necropolis", "Treasure Cruise"]),
    (
        "restricted:vintage",
        ["Chalice of the Void", "Dig Through Time", "Gush", "Treasure Cruise", "Trinisphere"],
    ),
    (
        "f:pauper kw:kicker",
        [
            "Burst Lightning",
            "Gnarlid Colony",
            "Into the Roil",
            "Jilt",
            "Kavu Primarch",
            "Rushing River",
            "Vines of Vastwood",
        ],
    ),
    (
        "id<=rg t:creature",
        [
            "Boon Satyr",
            "Deathforge Shaman",
            "Den Protector",
            "Frogmite",
            "Gemrazer",
            "Ghalta, Primal Hunger",
            "Ghoultree",
            "Gnarlid Colony",
            "Goblin Heelcutter",
            "Goblin Warchief",
            "Grizzly Bears",
            "Imperiosaur",
            "Jhoira's Familiar",
            "Joraga Warcaller",
            "Kavu Primarch",
            "Llanowar Elves",
            "Monastery Swiftspear",
            "Prodigal Pyromancer",
            "Raging Goblin",
            "Reckless Bushwhacker",
            "Riveteers Requisitioner",
            "Siege Wurm",
            "Skizzik",
            "Tajuru Stalwart",
            "Veteran Adventurer",
            "Vizier of the Menagerie",
            "Will-Forged Golem",
            "Yeva, Nature's Herald",
        ],
    ),
    (
        "kw:multikicker order:mv dir:desc t:creature",
        ["Deathforge Shaman", "Apex Hawks", "Bloodhusk Ritualist", "Joraga Warcaller"],
    ),
]


@pytest.mark.parametrize(("query", "expected"), REAL_QUERIES, ids=[q for q, _ in REAL_QUERIES])
def test_real_queries_find_exactly_these_demo_cards(query: str, expected: list[str]) -> None:
    assert names(query) == expected


def test_kw_filter_accepts_slug_english_and_french_names() -> None:
    assert names('kw:"split second"') == names("kw:split-second")
    assert names('kw:"split second"') == names('kw:"fraction de seconde"')
    assert "Sudden Shock" in names('kw:"split second"')


def test_or_binds_looser_than_and() -> None:
    assert set(names("kw:convoke or kw:kicker t:creature")) == set(names("kw:convoke")) | set(
        names("kw:kicker t:creature")
    )


def test_minus_excludes_a_whole_group() -> None:
    found = names("(kw:convoke or kw:kicker) -kw:kicker")

    assert "Siege Wurm" in found
    assert "Kavu Primarch" not in found


def test_type_filter_matches_english_or_french_type_line() -> None:
    assert names("t:ephemere") == names("t:instant") == names("t:Éphémère")
    assert "Gnarlid Colony" in names("t:créature")


def test_rarity_comparison_needs_a_printing_at_least_that_rare() -> None:
    rare = set(names("r>=rare t:instant"))

    assert "Counterspell" in rare
    assert set(names("r:mythic")) <= set(names("r>=rare"))


def test_colour_identity_means_fits_in_the_deck() -> None:
    found = names("id:w")

    assert "Savannah Lions" in found
    assert "Plains" in found
    assert "Boros Swiftblade" not in found


def test_empty_query_matches_everything() -> None:
    parsed = parse("   ")

    assert parsed.is_empty
    assert Card.objects.filter(parsed.q).count() == Card.objects.count()


@pytest.mark.parametrize(
    ("query", "message", "position"),
    [
        ("foo:bar", "Unknown filter “foo:”", 0),
        ("t:instant usd<1", "“usd:” is Scryfall syntax that this site does not support", 10),
        ("mv<=x", "is not a number", 0),
        ("pow>=", "needs a value", 0),
        ('kw:"split second', "A quotation mark is not closed", 3),
        ("kw:nope", "No keyword called “nope”", 0),
        ("t<3", "only accepts “:”", 0),
        ("c:purple", "is not a colour", 0),
        ("r:legendary", "is not a rarity", 0),
        ("f:tiny", "is not a format", 0),
        ("is:shiny", "“is:shiny” is not supported", 0),
        ("order:price", "“order:price” is not supported", 0),
        ("kw:kicker or", "“or” needs a search on both sides", 10),
        ("or kw:kicker", "“or” needs a search on both sides", 0),
        ("(t:instant", "A parenthesis is not closed", 0),
        ("t:instant)", "This parenthesis closes nothing", 9),
        ("t:instant or order:mv", "sets the order of all results", 13),
        ('""', "Empty quotes", 0),
        ("o:/^draw/", "Regular expressions", 0),
        ("t:instant /bolt$/", "Regular expressions", 10),
        ("mv<=NaN", "is not a number", 0),
        ("mv<=1e999999999", "is not a number", 0),
    ],
)
def test_bad_queries_say_what_and_where(query: str, message: str, position: int) -> None:
    with pytest.raises(SearchSyntaxError, match=message) as error:
        parse(query)

    assert error.value.position == position


@pytest.mark.parametrize(
    ("query", "message"),
    [("x" * 301, "too long"), (" ".join(["a"] * 25), "Too many")],
)
def test_oversized_queries_are_refused(query: str, message: str) -> None:
    with pytest.raises(SearchSyntaxError, match=message):
        parse(query)
