"""The lands to pay (rulesite/workbench/lands.py): basic lands put on the caster's battlefield
pay what the board leaves unpaid, and the engine then finds the payment with them."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from rulesite.cards.catalog import CardCatalog
from rulesite.workbench.lands import put_lands_to_pay
from rulesite.workbench.mapping import Workbench
from rulesite.workbench.services import evaluate
from tests.rulesite.workbench.posts import posted


def as_query(data: dict[str, Any]) -> QueryDict:
    query = QueryDict(mutable=True)
    for key, value in data.items():
        query.setlist(key, value if isinstance(value, list) else [value])
    return query


def lands_for(scenario: dict[str, Any], *, french: bool = False, **changes: str) -> Any:
    return put_lands_to_pay(
        as_query(posted(scenario, **changes)), catalog=CardCatalog(), french=french
    )


def judged(data: QueryDict) -> Any:
    bench = Workbench(data, catalog=CardCatalog())
    assert bench.is_valid()
    request = bench.request_data()
    return request, evaluate(request).outcome


def cast(card: str, *targets: str, **extra: Any) -> dict[str, Any]:
    action = {"kind": "cast", "player": "you", "card": card, "targets": list(targets)}
    return {"action": action, **extra}


def test_305_6_kicked_burst_lightning_gets_five_mountains_and_is_paid_by_them(
    workbench_cards: None,
) -> None:
    added = lands_for(cast("Burst Lightning", "opponent"), kicker_0="on", assume_mana="on")

    request, outcome = judged(added.data)
    assert added.lands == ("Mountain",) * 5
    assert added.counted == "Mountain ×5"
    assert "assume_mana" not in request
    assert [p["card"] for p in request["battlefield"]] == ["Mountain"] * 5
    assert {p["controller"] for p in request["battlefield"]} == {"you"}
    assert outcome.legal
    assert outcome.payment is not None
    assert sorted(outcome.payment.lands) == ["p1", "p2", "p3", "p4", "p5"]


def test_601_2h_lands_already_on_the_battlefield_pay_their_share(workbench_cards: None) -> None:
    scenario = cast(
        "Burst Lightning",
        "opponent",
        battlefield=[
            {"id": "p1", "card": "Mountain", "controller": "you"},
            {"id": "p2", "card": "Mountain", "controller": "opponent"},
            {"id": "p3", "card": "Forest", "controller": "you"},
        ],
    )

    added = lands_for(scenario, kicker_0="on")

    request, outcome = judged(added.data)
    assert added.lands == ("Mountain",) * 3
    assert [p["id"] for p in request["battlefield"]] == ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert outcome.legal


def test_lands_go_to_the_acting_player(workbench_cards: None) -> None:
    scenario = {
        "action": {"kind": "cast", "player": "opponent", "card": "Shock", "targets": ["you"]},
        "turn": {"active_player": "opponent", "phase": "main1"},
    }

    added = lands_for(scenario)

    request, outcome = judged(added.data)
    assert request["battlefield"] == [{"id": "p1", "card": "Mountain", "controller": "opponent"}]
    assert outcome.legal


def test_lands_are_named_in_the_language_of_the_page(workbench_cards: None) -> None:
    added = lands_for(cast("Éclair explosif", "opponent"), french=True, kicker_0="on")

    request, outcome = judged(added.data)
    assert added.counted == "Montagne ×5"
    assert outcome.legal


def test_702_51_convoke_creatures_are_proposed_after_the_lands_pay(workbench_cards: None) -> None:
    bears = [{"id": f"p{i}", "card": "Grizzly Bears", "controller": "you"} for i in (1, 2, 3, 4)]

    added = lands_for(cast("Kavu Primarch", battlefield=bears), kicker_0="on")

    request, outcome = judged(added.data)
    assert added.lands == ("Forest",) * 4
    assert request["action"]["convoke"] == "auto"
    assert outcome.legal
    assert outcome.payment is not None
    assert outcome.payment.convoke_proposed
    assert len(outcome.payment.lands) == 4
    assert len(outcome.payment.convoke) == 4


def test_a_colourless_card_gets_the_first_basic_land_the_catalog_has(
    workbench_cards: None,
) -> None:
    added = lands_for(cast("Everflowing Chalice"), multikicker="2")

    assert added.lands == ("Mountain",) * 4
    assert judged(added.data)[1].legal


def test_a_colour_no_basic_land_of_the_catalog_makes_is_reported(workbench_cards: None) -> None:
    # The workbench's cards have Mountain and Forest, no Island: {U} can't be paid so.
    added = lands_for(cast("Goblin Electromancer"))

    _request, outcome = judged(added.data)
    assert added.lands == ("Mountain",)
    assert added.unpayable == ("{U}",)
    assert not outcome.legal
    assert [v.rule for v in outcome.violations] == ["601.2h"]


def test_a_cast_the_board_pays_gets_no_land_and_stops_assuming_mana(
    workbench_cards: None,
) -> None:
    scenario = cast(
        "Shock", "opponent", battlefield=[{"id": "p1", "card": "Mountain", "controller": "you"}]
    )

    added = lands_for(scenario, assume_mana="on")

    request, outcome = judged(added.data)
    assert added.lands == ()
    assert len(request["battlefield"]) == 1
    assert "assume_mana" not in request
    assert outcome.legal


def test_a_form_with_errors_comes_back_as_it_was(workbench_cards: None) -> None:
    data = as_query(posted(cast("Shock", "opponent"), mana_pool="{Q}"))

    added = put_lands_to_pay(data, catalog=CardCatalog(), french=False)

    assert added.data is data
    assert added.lands == ()
