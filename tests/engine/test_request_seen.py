"""An object of a request read before is found again without being read field by field:
it must then be exactly what reading it gives — the same JSON types, the catalog's card of
today, the same errors when it has some."""

from __future__ import annotations

import pytest

from engine import CardDefinition, Permanent, Request, RequestError
from engine.catalog import DictCatalog
from tests.engine.cards import CATALOG, card


def _board(*permanents: dict[str, object]) -> dict[str, object]:
    return {"action": {"kind": "put_trigger_on_stack"}, "battlefield": list(permanents)}


def test_a_permanent_read_twice_alike_is_one_object() -> None:
    first = Request.from_dict(_board({"id": "c1", "card": "Grizzly Bears"}), CATALOG)
    second = Request.from_dict(_board({"id": "c1", "card": "Grizzly Bears"}), CATALOG)

    assert second.board.battlefield[0] is first.board.battlefield[0]


@pytest.mark.parametrize("number", [1, 0, 1.0])
def test_a_number_is_not_the_boolean_read_before(number: object) -> None:
    Request.from_dict(_board({"id": "c1", "card": "Grizzly Bears", "tapped": True}), CATALOG)
    Request.from_dict(_board({"id": "c1", "card": "Grizzly Bears", "tapped": False}), CATALOG)

    with pytest.raises(RequestError) as caught:
        Request.from_dict(_board({"id": "c1", "card": "Grizzly Bears", "tapped": number}), CATALOG)

    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("battlefield[0].tapped", "must be true or false")
    ]


def test_a_permanent_read_before_takes_the_card_its_catalog_finds_now() -> None:
    json = _board({"id": "c1", "card": "Grizzly Bears"})
    Request.from_dict(json, CATALOG)
    cheaper = CardDefinition.parse(
        name="Grizzly Bears", mana_cost="{G}", type_line="Creature — Bear", oracle_text=""
    )
    other = DictCatalog([cheaper])

    permanent = Request.from_dict(json, other).board.battlefield[0]

    assert permanent.card is cheaper


def test_a_permanent_read_before_is_unknown_in_a_catalog_without_its_card() -> None:
    json = _board({"id": "c1", "card": "Grizzly Bears"})
    Request.from_dict(json, CATALOG)

    with pytest.raises(RequestError) as caught:
        Request.from_dict(json, DictCatalog([]))

    assert [e.field for e in caught.value.errors] == ["battlefield[0].card"]


def test_a_wrong_permanent_gives_its_errors_every_time() -> None:
    json = _board({"id": "you", "card": "Grizzly Bears"})

    for _ in range(2):
        with pytest.raises(RequestError) as caught:
            Request.from_dict(json, CATALOG)
        assert [(e.field, e.message) for e in caught.value.errors] == [
            ("battlefield[0].id", "'you' names a player and can't be an id")
        ]


def test_a_permanent_found_again_equals_the_one_read() -> None:
    json = {"id": "c3", "card": "Raging Goblin", "summoning_sick": True, "controller": "opponent"}
    Request.from_dict(_board(json), CATALOG)

    found = Request.from_dict(_board(json), CATALOG).board.battlefield[0]

    assert found == Permanent(
        id="c3", card=card("Raging Goblin"), summoning_sick=True, controller=found.controller
    )
    assert found.controller.value == "opponent"
