"""Properties over random boards and actions (hypothesis)."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import ActionKind, EngineError, ManaCost
from tests.engine.cards import CARDS, card, evaluate

NAMES = sorted(CARDS)
KINDS = [kind.value for kind in ActionKind]
players = st.sampled_from(["you", "opponent"])


@st.composite
def permanents(draw: st.DrawFn, index: int) -> dict[str, object]:
    return {
        "id": f"p{index}",
        "card": draw(st.sampled_from(NAMES)),
        "controller": draw(players),
        "tapped": draw(st.booleans()),
        "summoning_sick": draw(st.booleans()),
        "face_down": draw(st.booleans()) if draw(st.booleans()) else False,
        "counters": {"charge": draw(st.integers(0, 3))},
    }


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(0, 12))
    battlefield = [draw(permanents(i)) for i in range(count)]
    stack = [
        {"id": f"s{i}", "card": draw(st.sampled_from(NAMES)), "controller": draw(players)}
        for i in range(draw(st.integers(0, 2)))
    ]
    return {
        "battlefield": battlefield,
        "stack": stack,
        "mana_pool": draw(st.sampled_from(["", "{R}", "{G}{G}", "{C}"])),
        "assume_mana": draw(st.booleans()),
        "turn": {
            "active_player": draw(players),
            "phase": draw(st.sampled_from(["beginning", "main1", "combat", "main2", "end"])),
        },
    }


def legal_kicker(name: str, draw: st.DrawFn) -> list[int]:
    definition = card(name)
    counts = [draw(st.integers(0, 1)) for _ in definition.kicker_costs]
    if definition.multikicker_cost is not None:
        counts.append(draw(st.integers(0, 4)))
    return counts


@st.composite
def casts(draw: st.DrawFn) -> dict[str, Any]:
    board = draw(boards())
    name = draw(st.sampled_from(NAMES))
    ids = [p["id"] for p in board["battlefield"]]
    action: dict[str, object] = {
        "kind": "cast",
        "card": name,
        "kicker": legal_kicker(name, draw),
        "convoke": draw(st.lists(st.sampled_from(ids), unique=True)) if ids else [],
    }
    if card(name).has_x:
        action["x"] = draw(st.integers(0, 5))
    return {**board, "action": action}


junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 300)
    | st.text(max_size=8)
    | st.sampled_from(NAMES + KINDS + ["{R}", "{Q}", "p0", "s0", "you"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "kind",
                    "card",
                    "kicker",
                    "x",
                    "targets",
                    "convoke",
                    "id",
                    "source",
                    "copy_of",
                    "controller",
                    "tapped",
                    "action",
                    "battlefield",
                    "stack",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["action", "battlefield", "stack", "mana_pool", "assume_mana", "turn"]),
        junk,
    )
)
def test_malformed_requests_raise_only_engine_errors(request: dict[str, object]) -> None:
    with contextlib.suppress(EngineError):
        evaluate(request)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(boards(), st.sampled_from(KINDS), st.sampled_from(NAMES), st.integers(0, 3))
def test_any_action_on_any_board_is_answered(
    board: dict[str, Any], kind: str, name: str, pick: int
) -> None:
    ids = [p["id"] for p in board["battlefield"]]
    stack_ids = [s["id"] for s in board["stack"]]
    action: dict[str, object] = {"kind": kind, "card": name}
    if ids:
        action["source"] = ids[pick % len(ids)]
    if kind == "copy_spell":
        if not stack_ids:
            return
        action["copy_of"] = stack_ids[0]
    if kind == "enter_as_copy":
        if not ids:
            return
        action["copy_of"] = ids[0]
    try:
        response = evaluate({**board, "action": action})
    except EngineError:
        return
    assert response["legal"] == (response["violations"] == [])


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(casts())
def test_202_3_mana_value_never_depends_on_kicker_or_payment(request: dict[str, Any]) -> None:
    action = request["action"]
    expected = card(action["card"]).mana_cost.mana_value_with_x(action.get("x", 0))

    response = evaluate(request)

    assert response["mana_value"] == expected


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(casts())
def test_601_2h_payment_taps_nothing_twice_and_never_overpays(request: dict[str, Any]) -> None:
    response = evaluate(request)

    payment = response["payment"]
    if payment is None:
        return
    tapped = payment["lands"] + payment["mana_abilities"] + [c["id"] for c in payment["convoke"]]
    assert len(tapped) == len(set(tapped))
    paid = len(payment["convoke"]) + ManaCost.parse(payment["mana"]).mana_value
    if not any("life" in cost.lower() for cost in response["additional_costs"]):
        # life paid for Phyrexian symbols only: 2 life for each
        assert paid + payment["life"] // 2 == ManaCost.parse(response["total_cost"]).mana_value
    sources = len(payment["lands"]) + len(payment["mana_abilities"])
    pool_units = len(ManaCost.parse(payment["pool"]).symbols)
    assert sources + pool_units <= ManaCost.parse(payment["mana"]).mana_value
