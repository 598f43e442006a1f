"""The API after Scryfall's conventions: object kinds, list objects, cards by name, oracle id
and search, rules, CORS, ETag / Last-Modified with 304s, JSON errors everywhere under /api/."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.text import slugify

from rulesite.cards.models import Card
from tests.engine.cards_faces import SHARED_NAMES

pytestmark = pytest.mark.usefixtures("demo_data")

BURST_ORACLE_ID = "ac2086fe-98ee-4280-9c7c-c5c2d6548a8b"


def test_card_object_has_printings_legality_identity_and_scryfall_link(client: Client) -> None:
    data = client.get("/api/v1/cards/burst-lightning").json()

    assert data["object"] == "card"
    assert data["color_identity"] == ["R"]
    assert {"set": "zen", "set_name": "Zendikar", "rarity": "common"}.items() <= next(
        p for p in data["printings"] if p["set"] == "zen"
    ).items()
    assert data["legalities"]["modern"] == "legal"
    assert data["legalities"]["standard"] == "not_legal"
    assert data["scryfall_uri"].endswith(BURST_ORACLE_ID)
    assert {r["object"] for r in data["rulings"]} == {"ruling"}


@pytest.mark.parametrize(
    "name", ["Burst Lightning", "burst lightning", "Éclair explosif", "eclair explosif"]
)
def test_named_exact_accepts_english_and_french_names(client: Client, name: str) -> None:
    response = client.get("/api/v1/cards/named", {"exact": name})

    assert response.status_code == 200
    assert response.json()["slug"] == "burst-lightning"


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("Desolation", "Desolation"),
        ("desolation", "Desolation"),
        ("Désolation", "Badlands"),
        ("Réprobation", "Reprobation"),
        ("Censor", "Censor"),
    ],
)
def test_named_exact_finds_the_name_as_spelled_before_one_that_only_folds_alike(
    client: Client, name: str, found: str
) -> None:
    for card in ("Badlands", "Desolation", "Censor", "Reprobation"):
        fields = {k: v or "" for k, v in SHARED_NAMES[card].items()}
        stored = Card(slug=slugify(card), **fields)
        stored.refresh_search_fields()
        stored.save()

    response = client.get("/api/v1/cards/named", {"exact": name})

    assert response.status_code == 200
    assert response.json()["name"] == found


def test_named_fuzzy_takes_part_of_a_name_or_a_typo(client: Client) -> None:
    assert client.get("/api/v1/cards/named", {"fuzzy": "gnarlid"}).json()["name"] == (
        "Gnarlid Colony"
    )
    assert client.get("/api/v1/cards/named", {"fuzzy": "lightnin bolt"}).json()["name"] == (
        "Lightning Bolt"
    )


def test_named_fuzzy_that_fits_several_cards_is_a_404_naming_them(client: Client) -> None:
    response = client.get("/api/v1/cards/named", {"fuzzy": "sudden"})

    assert response.status_code == 404
    assert response.json()["object"] == "error"
    assert "Sudden Shock" in response.json()["details"]


def test_named_needs_exactly_one_of_exact_and_fuzzy(client: Client) -> None:
    response = client.get("/api/v1/cards/named")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "exact"


def test_card_by_oracle_id(client: Client) -> None:
    assert client.get(f"/api/v1/cards/oracle/{BURST_ORACLE_ID}").json()["slug"] == (
        "burst-lightning"
    )
    assert client.get("/api/v1/cards/oracle/not-a-uuid").status_code == 400
    missing = client.get("/api/v1/cards/oracle/00000000-0000-0000-0000-000000000000")
    assert missing.status_code == 404


def test_search_is_a_list_object_with_the_site_syntax(client: Client) -> None:
    response = client.get(
        "/api/v1/cards/search", {"q": "t:instant (kw:kicker or kw:convoke) mv<=3"}
    )

    data = response.json()
    assert response.status_code == 200
    assert data["object"] == "list"
    assert data["total_cards"] == 10
    assert data["has_more"] is False
    assert data["next_page"] is None
    assert data["data"][0]["name"] == "Burst Lightning"
    assert "rulings" not in data["data"][0]


def test_search_pages_with_next_page(client: Client) -> None:
    total = Card.objects.count()  # every demo card has a mana value of 0 or more
    full, rest = divmod(total, 50)

    data = client.get("/api/v1/cards/search", {"q": "mv>=0"}).json()

    assert data["total_cards"] == total
    assert data["has_more"] is True
    assert len(data["data"]) == 50
    pages = [data]
    while pages[-1]["has_more"]:
        pages.append(client.get(pages[-1]["next_page"]).json())
    assert [len(page["data"]) for page in pages] == [50] * full + ([rest] if rest else [])
    assert len({card["name"] for page in pages for card in page["data"]}) == total


def test_search_error_says_where(client: Client) -> None:
    response = client.get("/api/v1/cards/search", {"q": "t:instant usd<1"})

    assert response.status_code == 400
    assert "(at character 11)" in response.json()["errors"][0]["message"]
    assert client.get("/api/v1/cards/search", {"q": "zzzzzz"}).status_code == 404


def test_rule_object_with_history(client: Client) -> None:
    data = client.get("/api/v1/rules/702.33a").json()

    assert data["object"] == "rule"
    assert data["former_number"] == "702.30a"
    assert data["parent"] == "702.33"
    assert [h["number"] for h in data["history"]] == ["702.30a", "702.33a", "702.33a"]
    assert data["text_fr"].startswith("Le kick")


def test_rules_search_is_ranked_with_snippets(client: Client) -> None:
    data = client.get("/api/v1/rules", {"q": "kicker cost"}).json()

    assert data["object"] == "list"
    assert data["total_rules"] >= 1
    assert data["data"][0]["number"].startswith("702.33")
    assert "<mark>" in data["data"][0]["snippet"]
    assert client.get("/api/v1/rules/999.9").status_code == 404


def test_evaluation_and_scenario_objects(client: Client) -> None:
    answer = client.post(
        "/api/v1/evaluate",
        {"action": {"kind": "cast", "card": "Burst Lightning"}, "assume_mana": True},
        content_type="application/json",
    ).json()
    scenarios = client.get("/api/v1/scenarios").json()

    assert answer["object"] == "evaluation"
    assert scenarios["object"] == "list"
    assert scenarios["data"] == scenarios["results"]
    assert scenarios["total_scenarios"] == scenarios["count"]
    assert {s["object"] for s in scenarios["data"]} == {"scenario"}


def test_cors_allows_browser_tools_to_read(client: Client) -> None:
    response = client.get(
        "/api/v1/cards/burst-lightning", headers={"Origin": "https://tool.example"}
    )
    preflight = client.options(
        "/api/v1/cards/search",
        headers={"Origin": "https://tool.example", "Access-Control-Request-Method": "GET"},
    )

    assert response["Access-Control-Allow-Origin"] == "*"
    assert "GET" in preflight["Access-Control-Allow-Methods"]
    assert "POST" not in preflight["Access-Control-Allow-Methods"]
    page = client.get("/en/cards/", headers={"Origin": "https://tool.example"})
    assert "Access-Control-Allow-Origin" not in page


def test_etag_and_last_modified_give_304s(client: Client) -> None:
    first = client.get("/api/v1/cards/kavu-primarch")

    assert first["ETag"]
    assert first["Last-Modified"]
    again = client.get("/api/v1/cards/kavu-primarch", headers={"If-None-Match": first["ETag"]})
    since = client.get(
        "/api/v1/cards/kavu-primarch", headers={"If-Modified-Since": first["Last-Modified"]}
    )
    assert again.status_code == 304
    assert since.status_code == 304
    assert (
        client.get("/api/v1/rules/601.2f", headers={"If-None-Match": '"other"'}).status_code == 200
    )


@pytest.mark.parametrize("path", ["/api/v1/nowhere", "/api/v2/cards", "/api/v1/cards/a/b/c"])
def test_every_path_under_api_answers_json(client: Client, path: str) -> None:
    response = client.get(path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["object"] == "error"


@pytest.mark.parametrize(
    ("path", "params", "schema"),
    [
        ("/api/v1/cards/kavu-primarch", {}, "Card"),
        ("/api/v1/cards/named", {"exact": "Éclair explosif"}, "Card"),
        ("/api/v1/cards/search", {"q": "kw:kicker"}, "CardList"),
        ("/api/v1/rules/702.33", {}, "Rule"),
        ("/api/v1/rules", {"q": "split second"}, "RuleList"),
        ("/api/v1/rules", {}, "RuleList"),
        ("/api/v1/scenarios", {}, "ScenarioList"),
        ("/api/v1/cards/search", {"q": "("}, "Errors"),
    ],
)
def test_answers_match_the_openapi_document(
    client: Client, path: str, params: dict[str, str], schema: str
) -> None:
    import jsonschema

    from rulesite.api.openapi import component

    jsonschema.Draft202012Validator(component(schema)).validate(client.get(path, params).json())
