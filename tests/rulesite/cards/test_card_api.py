"""``GET /api/v1/cards/<slug>``: the card with its clarifications in English and French."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.usefixtures("demo_data")


def test_card_json_has_facts_and_clarifications_with_both_languages(client: Client) -> None:
    response = client.get("/api/v1/cards/kavu-primarch")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    data = response.json()
    assert data["object"] == "card"
    assert data["name"] == "Kavu Primarch"
    assert data["name_fr"] == "Primarque kavru"
    assert data["mana_cost"] == "{3}{G}"
    assert data["mana_value"] == 4
    assert (data["power"], data["toughness"]) == ("3", "3")
    assert {k["slug"] for k in data["keywords"]} == {"kicker", "convoke"}
    assert data["url"].endswith("/en/cards/kavu-primarch/")
    assert len(data["rulings"]) == 12
    first = data["rulings"][0]
    assert first["date"] == "2024-11-08"
    assert first["source"] == "wotc"
    assert first["text_en"]
    assert first["text_fr"]
    assert first["translation_status"] == "machine"
    dates = [r["date"] for r in data["rulings"]]
    assert dates == sorted(dates, reverse=True)


def test_card_json_labels_printed_french_text_as_not_kept_up_to_date(client: Client) -> None:
    data = client.get("/api/v1/cards/burst-lightning").json()

    assert data["printed_text_fr"]["set"] == "ZEN"
    assert data["printed_text_fr"]["kept_up_to_date"] is False
    assert "Éclair explosif" in data["printed_text_fr"]["text"]


def test_card_json_query_count_is_constant(client: Client, django_assert_max_num_queries) -> None:
    # card, rulings, keywords, printings, legalities, and the two dates of Last-Modified
    with django_assert_max_num_queries(7):
        response = client.get("/api/v1/cards/molten-disaster")

    assert len(response.json()["rulings"]) == 13


def test_unknown_card_json_is_404_naming_the_field(client: Client) -> None:
    response = client.get("/api/v1/cards/no-such-card")

    assert response.status_code == 404
    assert response.json() == {
        "object": "error",
        "status": 404,
        "code": "not_found",
        "details": "slug: no card with the slug 'no-such-card'",
        "errors": [{"field": "slug", "message": "no card with the slug 'no-such-card'"}],
    }


def test_card_json_refuses_post(client: Client) -> None:
    response = client.post("/api/v1/cards/kavu-primarch")

    assert response.status_code == 405


def test_card_json_answers_with_a_trailing_slash_too(client: Client) -> None:
    without = client.get("/api/v1/cards/burst-lightning")
    with_slash = client.get("/api/v1/cards/burst-lightning/")

    assert with_slash.status_code == 200
    assert with_slash.json() == without.json()
