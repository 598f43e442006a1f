"""Crafted input gets a clear 4xx (with the field and the reason) or a form error, never a 500:
odd charsets, huge integers, lone surrogates, non-ASCII and deeply nested ``?s=`` links, and
cards whose printed cost the notation can't express."""

from __future__ import annotations

import base64
import html
import json
import zlib

import pytest
from django.test import Client

from rulesite.cards.models import Card
from rulesite.workbench.permalink import encode_scenario

pytestmark = pytest.mark.usefixtures("demo_data")

CAST = {"action": {"kind": "cast", "card": "Burst Lightning"}, "assume_mana": True}
SUBMISSION = {
    "title": "A question",
    "question": "Is it legal?",
    "language": "en",
    "author": "",
    "scenario": CAST,
}
HUGE = "9" * 5000


def _post(client: Client, path: str, body: str, content_type: str = "application/json"):
    """POST ``body`` as UTF-8 bytes, whatever charset ``content_type`` claims."""
    return client.generic("POST", path, body.encode("utf-8", "surrogatepass"), content_type)


@pytest.mark.parametrize("charset", ["rot13", "hex", "base64", "zlib", "punycode", "utf-16"])
@pytest.mark.parametrize("path", ["/api/v1/evaluate", "/api/v1/scenarios"])
def test_json_in_an_odd_charset_is_refused_with_415(client: Client, path: str, charset: str):
    response = _post(client, path, json.dumps(CAST), f"application/json; charset={charset}")

    assert response.status_code == 415
    assert response.json()["errors"][0]["field"] == "body"
    assert "charset" in response.json()["errors"][0]["message"]


def test_a_form_post_in_a_codec_that_is_not_text_is_refused(client: Client) -> None:
    response = _post(
        client, "/en/workbench/", "kind=cast", "application/x-www-form-urlencoded; charset=rot13"
    )

    assert response.status_code == 415


@pytest.mark.parametrize(
    "body",
    [
        '{"action": {"kind": "cast", "card": "Shock", "x": ' + HUGE + "}}",
        '{"action": {"kind": "cast", "card": "Shock"}, "battlefield": [' + HUGE + "]}",
        '{"action": {"kind": "cast", "card": "Shock", "x": NaN}}',
    ],
)
def test_huge_or_non_numbers_in_evaluate_are_a_400(client: Client, body: str) -> None:
    response = _post(client, "/api/v1/evaluate", body)

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "body"


def test_a_huge_integer_in_the_scenarios_api_is_a_400(client: Client) -> None:
    body = json.dumps(SUBMISSION).replace('"assume_mana": true', '"assume_mana": ' + HUGE)

    response = _post(client, "/api/v1/scenarios", body)

    assert response.status_code == 400


@pytest.mark.parametrize(
    "body",
    [
        json.dumps({"action": {"kind": "cast", "card": "Shock\ud800"}}),
        json.dumps(SUBMISSION | {"title": "\udfff title"}),
        json.dumps(SUBMISSION | {"question": "why\ud800?"}),
        json.dumps(SUBMISSION | {"author": "\ud83d"}),
    ],
)
@pytest.mark.parametrize("path", ["/api/v1/evaluate", "/api/v1/scenarios"])
def test_a_lone_surrogate_is_a_400(client: Client, path: str, body: str) -> None:
    response = _post(client, path, body)

    assert response.status_code == 400
    assert "surrogate" in response.json()["errors"][0]["message"]


def test_the_scenarios_api_refuses_a_language_that_is_not_a_string(client: Client) -> None:
    response = _post(client, "/api/v1/scenarios", json.dumps(SUBMISSION | {"language": ["en"]}))

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "language"


def test_remove_op_with_a_5000_digit_index_changes_nothing(client: Client) -> None:
    response = client.post("/en/workbench/", {"kind": "cast", "op": "remove-permanent-" + HUGE})

    assert response.status_code == 200


@pytest.mark.parametrize("claimed", ["200", "2001", HUGE])
def test_a_claimed_row_count_draws_only_the_rows_posted(client: Client, claimed: str) -> None:
    # 60 bytes that claimed 200 rows drew 200 blank rows with their errors (620 KB, seconds).
    response = client.post(
        "/en/workbench/",
        {"kind": "cast", "card": "Shock", "battlefield-TOTAL_FORMS": claimed,
         "battlefield-INITIAL_FORMS": "0", "battlefield-0-id": "p1",
         "battlefield-0-card": "Mountain", "battlefield-0-controller": "you"},
    )  # fmt: skip

    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="battlefield-0-card"' in page
    assert 'name="battlefield-1-card"' not in page
    assert 'name="battlefield-TOTAL_FORMS" value="1"' in page


def _link(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


@pytest.mark.parametrize(
    "value",
    [
        "é" + encode_scenario(CAST),
        "日本語",
        _link(b"[" * 60_000),
        _link(b'{"action": {"kind": "cast", "x": ' + HUGE.encode() + b"}}"),
        _link(b'{"action": {"kind": "cast", "card": "\\ud800"}}'),
    ],
)
@pytest.mark.parametrize("page", ["/en/workbench/", "/en/scenarios/new/"])
def test_a_damaged_scenario_link_is_a_notice_not_a_500(client: Client, page: str, value: str):
    response = client.get(page, {"s": value})

    assert response.status_code in (200, 400)
    assert response.status_code != 500


def test_a_110_character_link_inflating_to_60000_brackets_is_short(client: Client) -> None:
    assert len(_link(b"[" * 60_000)) < 200


def test_a_huge_mana_value_in_search_is_a_search_error(client: Client) -> None:
    response = client.get("/en/cards/", {"q": "mv<=1e999999999"})

    assert response.status_code == 200
    assert "is not a number" in html.unescape(response.content.decode())


@pytest.mark.parametrize(
    ("name", "cost"), [("Gleemax", "{1000000}"), ("Little Girl", "{HW}"), ("Infinity", "{∞}")]
)
def test_a_card_whose_cost_the_notation_cant_express_says_so_on_the_workbench(
    client: Client, name: str, cost: str
) -> None:
    card = Card(
        name=name, slug=name.lower().replace(" ", "-"), mana_cost=cost, type_line="Artifact"
    )
    card.refresh_search_fields()
    card.save()

    page = client.get("/en/workbench/", {"card": card.slug})
    cast = client.post("/en/workbench/", {"kind": "cast", "card": name})
    api = _post(client, "/api/v1/evaluate", json.dumps({"action": {"kind": "cast", "card": name}}))

    assert (page.status_code, cast.status_code, api.status_code) == (200, 200, 400)
    assert "can't be cast here" in html.unescape(page.content.decode())
    assert "can't be cast here" in api.json()["errors"][0]["message"]
