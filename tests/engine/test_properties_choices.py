"""Properties over random boards with hands, graveyards, exile and life, and random casts
choosing modes, targets, alternative costs and the objects paying costs (hypothesis)."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError
from engine.casting_text import Change
from tests.engine.cards import CARDS, card, evaluate

NAMES = sorted(CARDS)
players = st.sampled_from(["you", "opponent"])
CHOICES = ("sacrifice", "discard", "exile", "tap", "return", "reveal")


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    battlefield = [
        {
            "id": f"p{i}",
            "card": draw(st.sampled_from(NAMES)),
            "controller": draw(players),
            "tapped": draw(st.booleans()),
        }
        for i in range(draw(st.integers(0, 8)))
    ]
    zones = {
        zone: [
            {"id": f"{zone[0]}{i}", "card": draw(st.sampled_from(NAMES)), "owner": draw(players)}
            for i in range(draw(st.integers(0, 4)))
        ]
        for zone in ("hand", "graveyard", "exile")
    }
    stack = [
        {"id": f"s{i}", "card": draw(st.sampled_from(NAMES)), "controller": draw(players)}
        for i in range(draw(st.integers(0, 2)))
    ]
    return {
        "battlefield": battlefield,
        "stack": stack,
        **zones,
        "life": {"you": draw(st.integers(0, 25)), "opponent": draw(st.integers(0, 25))},
        "turn": {
            "active_player": draw(players),
            "phase": draw(st.sampled_from(["main1", "combat", "main2"])),
        },
        "assume_mana": draw(st.booleans()),
    }


def _ids(board: dict[str, Any], *zones: str) -> list[str]:
    return [o["id"] for zone in zones for o in board[zone]]


@st.composite
def casts(draw: st.DrawFn) -> dict[str, Any]:
    board = draw(boards())
    name = draw(st.sampled_from(NAMES))
    definition = card(name)
    action: dict[str, Any] = {"kind": "cast", "card": name}
    zone = draw(st.sampled_from(["hand", "graveyard", "exile"]))
    listed = [o for o in board[zone] if o["card"] == name]
    if listed and draw(st.booleans()):
        action["from"] = zone
        action["card_id"] = listed[0]["id"]
    if definition.has_x:
        action["x"] = draw(st.integers(0, 4))
    if definition.modes:
        count = len(definition.modes)
        action["modes"] = draw(st.lists(st.integers(0, count - 1), max_size=3))
    if definition.alternative_keys and draw(st.booleans()):
        action["alternative_cost"] = draw(st.sampled_from(definition.alternative_keys))
    targets = ["you", "opponent", *_ids(board, "battlefield", "stack", "graveyard")]
    if draw(st.booleans()):
        action["targets"] = draw(st.lists(st.sampled_from(targets), max_size=3))
    sources = {
        "sacrifice": _ids(board, "battlefield"),
        "tap": _ids(board, "battlefield"),
        "return": _ids(board, "battlefield"),
        "discard": _ids(board, "hand"),
        "reveal": _ids(board, "hand"),
        "exile": _ids(board, "hand", "graveyard", "battlefield"),
    }
    for choice in CHOICES:
        if sources[choice] and draw(st.booleans()):
            action[choice] = draw(
                st.lists(st.sampled_from(sources[choice]), unique=True, max_size=3)
            )
    return {**board, "action": action}


def _answer(request: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return evaluate(request)
    except EngineError:
        return None


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(casts())
def test_601_2_any_cast_with_any_choices_is_answered_or_refused_as_a_request_error(
    request: dict[str, Any],
) -> None:
    with contextlib.suppress(EngineError):
        evaluate(request)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(casts())
def test_202_3_mana_value_never_depends_on_the_choices(request: dict[str, Any]) -> None:
    answer = _answer(request)
    if answer is None:
        return
    action = request["action"]
    definition = card(action["card"])
    expected = definition.mana_cost.mana_value_with_x(action.get("x", 0))
    way = next(
        (a for a in definition.alternative_costs if a.key == action.get("alternative_cost")), None
    )
    if way is not None and way.change is Change.FACE_DOWN:
        expected = 0  # 708.4: a face-down spell has no mana cost

    assert answer["mana_value"] == expected


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(casts())
def test_601_2b_missing_choices_mean_not_legal_with_their_violations(
    request: dict[str, Any],
) -> None:
    answer = _answer(request)
    if answer is None:
        return
    rules = {v["rule"] for v in answer["violations"]}

    if answer["missing"]:
        assert answer["legal"] is False
        assert rules & {"601.2b", "601.2c"}
    if answer["legal"]:
        assert answer["missing"] == []


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(casts())
def test_118_3_no_object_pays_two_costs_of_one_kind(request: dict[str, Any]) -> None:
    answer = _answer(request)
    if answer is None or answer["payment"] is None:
        return
    payment = answer["payment"]
    for choice in CHOICES:
        assert len(payment[choice]) == len(set(payment[choice]))
    # Tapped once: for mana, for convoke, or for a cost.
    tapped = [*payment["lands"], *payment["mana_abilities"], *(c["id"] for c in payment["convoke"])]
    assert len(tapped) == len(set(tapped))
    assert not set(payment["tap"]) & set(tapped)
    # Moved once: sacrificed, returned, exiled or discarded (a land tapped for mana may still
    # be sacrificed or returned).
    moved = [*payment["sacrifice"], *payment["return"], *payment["exile"], *payment["discard"]]
    assert len(moved) == len(set(moved))
