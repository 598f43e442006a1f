"""The workbench form ⇄ the evaluate request (rulesite/workbench/mapping.py), tested as a round
trip: a request written into the form and read back out of it is the same request."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import engine
from engine.contract import MAX_KICKS, MAX_X, ActionKind, DayNight, Phase, Player
from rulesite.cards.catalog import CardCatalog
from rulesite.workbench import presets
from rulesite.workbench.mapping import (
    NOT_ON_THE_FORM,
    PER_PLAYER,
    ROW_STATES,
    Workbench,
    form_data,
)
from tests.engine.schema_paths import field_paths, written_paths

ROWS = json.loads((Path(__file__).with_name("workbench_cards.json")).read_text())["cards"]
DEFINITIONS = {
    row["name"]: engine.CardDefinition.parse(
        name=row["name"],
        mana_cost=row["mana_cost"],
        type_line=row["type_line"],
        oracle_text=row["oracle_text"],
    )
    for row in ROWS
}
NAMES = sorted(DEFINITIONS)
X_NAMES = [name for name in NAMES if DEFINITIONS[name].has_x]
CHOOSING = [
    [n for n in NAMES if DEFINITIONS[n].is_modal],
    [n for n in NAMES if DEFINITIONS[n].alternative_keys],
    [n for n in NAMES if DEFINITIONS[n].optional_costs],
    [n for n in NAMES if "assist" in DEFINITIONS[n].keywords],
    [n for n in NAMES if len(DEFINITIONS[n].cast_faces) > 1],
    [n for n in NAMES if DEFINITIONS[n].fused is not None],
]
"""Cards with modes, with their own alternative costs, with optional costs, with assist, with
faces to choose, with fuse: each kind drawn often, to draw those fields."""
CHOSEN = st.fixed_dictionaries(
    {},
    optional={
        "name": st.sampled_from(NAMES),
        "type": st.sampled_from(["Goblin", "instant"]),
        "color": st.sampled_from("WUBRG"),
        "number": st.integers(0, MAX_X),
    },
).filter(bool)
"""A permanent's chosen values."""
MANA = st.sampled_from(["{1}", "{2}{R}", "{G}{G}", "{W/U}", "{2/W}", "{R/P}", "{C}"])


def round_trip(request: dict[str, Any]) -> dict[str, Any]:
    bench = Workbench(form_data(request), catalog=CardCatalog())
    assert bench.is_valid(), (bench.cast.errors, bench.battlefield.errors, bench.stack.errors)
    return bench.request_data()


@pytest.mark.parametrize("preset", presets.PRESETS, ids=lambda p: p.slug)
def test_every_preset_read_back_from_the_form_is_the_same_request(
    workbench_cards: None, preset: presets.Preset
) -> None:
    assert round_trip(preset.scenario) == preset.scenario


def kicker(draw: st.DrawFn, definition: engine.CardDefinition) -> list[int]:
    counts = [draw(st.integers(0, 1)) for _ in definition.kicker_costs]
    if definition.multikicker_cost is not None:
        counts.append(draw(st.integers(0, MAX_KICKS)))
    return counts


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    """Requests the workbench can hold, written as the workbench writes them."""
    battlefield = []
    for index in range(draw(st.integers(0, 4))):
        name = draw(st.sampled_from(NAMES))
        permanent: dict[str, Any] = {
            "id": f"p{index + 1}",
            "card": name,
            "controller": draw(st.sampled_from(Player)).value,
        }
        for state in ROW_STATES:
            if draw(st.booleans()):
                permanent[state] = True
        if draw(st.booleans()):
            permanent["kicker"] = [1]
        if draw(st.booleans()):
            permanent["counters"] = {"+1/+1": draw(st.integers(1, 9))}
        if index == 0 and draw(st.booleans()):
            permanent["chosen"] = draw(CHOSEN)
        if draw(st.booleans()):
            others = [f"p{i + 1}" for i in range(index)]
            permanent["attached_to"] = draw(st.sampled_from(["you", "opponent", *others]))
        battlefield.append(permanent)
    stack = []
    for index in range(draw(st.integers(0, 2))):
        spell: dict[str, Any] = {
            "id": f"s{index + 1}",
            "card": draw(st.sampled_from(NAMES)),
            "controller": draw(st.sampled_from(Player)).value,
        }
        if draw(st.booleans()):
            spell["kicker"] = [1]
        if draw(st.booleans()):
            spell["x"] = draw(st.integers(1, MAX_X))
        if draw(st.booleans()):
            spell["copy"] = True
        if draw(st.booleans()):
            spell["targets"] = draw(
                st.lists(st.sampled_from(["opponent", "you", "p1", "s1"]), min_size=1, unique=True)
            )
        if draw(st.booleans()):
            spell["modes"] = sorted(draw(st.sets(st.integers(0, 3), min_size=1)))
        stack.append(spell)
    zones: dict[str, list[dict[str, Any]]] = {}
    for zone in ("hand", "graveyard", "exile"):
        zones[zone] = [
            {
                "id": f"{zone[0]}{index + 1}",
                "card": draw(st.sampled_from(NAMES)),
                "owner": draw(st.sampled_from(Player)).value,
            }
            for index in range(draw(st.integers(0, 2)))
        ]
    for row in zones["exile"]:
        if battlefield and draw(st.booleans()):
            row["exiled_with"] = draw(st.sampled_from([p["id"] for p in battlefield]))
        if draw(st.booleans()):
            row["may_play"] = True
        if draw(st.booleans()):
            row["on_adventure"] = True
    owners = draw(st.lists(st.sampled_from(Player), unique=True, max_size=2))
    zones["library"] = [  # the top card of each player's library
        {"id": f"t{index + 1}", "card": draw(st.sampled_from(NAMES)), "owner": owner.value}
        for index, owner in enumerate(owners)
    ]
    ids = [p["id"] for p in battlefield]
    spell_ids = [s["id"] for s in stack]
    kind = draw(st.sampled_from(ActionKind))
    if (kind is ActionKind.COPY_SPELL and not spell_ids) or (
        (kind is ActionKind.ENTER_AS_COPY or kind.needs_source) and not ids
    ):
        kind = ActionKind.CAST
    action: dict[str, Any] = {"kind": kind.value, "player": draw(st.sampled_from(Player)).value}
    if kind.needs_card or draw(st.booleans()):
        pool = draw(st.sampled_from([NAMES, X_NAMES, *CHOOSING])) if kind.is_cast else NAMES
        name = draw(st.sampled_from(pool))
        action["card"] = name
        definition = DEFINITIONS[name]
        if kind.is_cast and definition.fused is not None and draw(st.booleans()):
            action["fuse"] = True
            definition = definition.fused
        elif kind.is_cast and len(definition.cast_faces) > 1 and draw(st.booleans()):
            action["face"] = draw(st.sampled_from(definition.cast_faces[1:]))
            definition = definition.faces[action["face"]]
        counts = kicker(draw, definition)
        if kind.is_cast and any(counts):
            action["kicker"] = counts
        if kind.is_cast and definition.has_x and draw(st.booleans()):
            action["x"] = draw(st.integers(0, MAX_X))
        if kind.is_cast and "assist" in definition.keywords and draw(st.booleans()):
            action["assist"] = draw(st.integers(1, MAX_X))
        if kind.is_cast and definition.is_modal:
            modes = draw(st.sets(st.integers(0, len(definition.modes) - 1), min_size=1))
            if modes:
                action["modes"] = sorted(modes)
        if kind.is_cast and definition.optional_costs and draw(st.booleans()):
            action["optional_costs"] = {
                cost.keyword: draw(st.integers(1, MAX_KICKS if cost.keyword == "replicate" else 1))
                for cost in definition.optional_costs
            }
        if kind.is_cast and definition.alternative_keys and draw(st.booleans()):
            action["alternative_cost"] = draw(st.sampled_from(definition.alternative_keys))
        zone_ids = [row["id"] for rows in zones.values() for row in rows]
        if kind.is_cast and zone_ids and draw(st.booleans()):
            action["card_id"] = draw(st.sampled_from(zone_ids))
    if kind.is_cast and draw(st.booleans()):
        action["from"] = draw(st.sampled_from(["graveyard", "exile", "library"]))
    if kind.is_cast and draw(st.booleans()):
        action["chosen"] = draw(CHOSEN)
    if kind.is_cast and "alternative_cost" not in action and draw(st.booleans()):
        action["alternative_cost"] = draw(st.sampled_from(["{0}", "{2}{R}", "{U}"]))
    for key in ("cost_increases", "cost_reductions"):
        if draw(st.booleans()):
            action[key] = draw(st.lists(MANA, min_size=1, max_size=3))
    for key in ("convoke", "sacrifice", "tap", "return", "counter", "improvise"):
        chosen = [i for i in ids if draw(st.booleans())]
        if chosen:
            action[key] = chosen
    for key, where in (
        ("discard", ["hand"]),
        ("exile", ["hand", "graveyard"]),
        ("reveal", ["hand"]),
        ("delve", ["graveyard"]),
        ("splice", ["hand"]),
    ):
        chosen = [row["id"] for zone in where for row in zones[zone] if draw(st.booleans())]
        if chosen:
            action[key] = chosen
    card = DEFINITIONS.get(action.get("card", ""))
    if card is not None and "face" in action:
        card = card.faces[action["face"]]
    elif card is not None and card.fused is not None and action.get("fuse"):
        card = card.fused
    for key, keyword in (
        ("convoke", "has_convoke"),
        ("delve", "has_delve"),
        ("improvise", "has_improvise"),
    ):
        if kind.is_cast and getattr(card, keyword, False) and key not in action:
            action[key] = "auto"  # nothing ticked: the engine proposes
    targets = draw(st.lists(st.sampled_from(["opponent", "you", *ids, *spell_ids]), unique=True))
    if targets:
        action["targets"] = targets
    if kind is ActionKind.COPY_SPELL:
        action["copy_of"] = draw(st.sampled_from(spell_ids))
    if kind is ActionKind.ENTER_AS_COPY:
        action["copy_of"] = draw(st.sampled_from(ids))
    if kind.needs_source or (
        kind is ActionKind.PUT_TRIGGER_ON_STACK and ids and draw(st.booleans())
    ):
        action["source"] = draw(st.sampled_from(ids))
    request: dict[str, Any] = {"action": action}
    if battlefield:
        request["battlefield"] = battlefield
    if stack:
        request["stack"] = stack
    for zone, rows in zones.items():
        if rows:
            request[zone] = rows
    if draw(st.booleans()):
        request["life"] = {"you": draw(st.integers(0, 19)), "opponent": draw(st.integers(0, 40))}
    this_turn: dict[str, Any] = {}
    for key in PER_PLAYER:
        if draw(st.booleans()):
            this_turn[key] = {"you": draw(st.integers(0, 5)), "opponent": draw(st.integers(1, 5))}
    spells = []
    for caster in ("you", "opponent"):  # the form lists yours first
        for name in draw(st.lists(st.sampled_from(NAMES), max_size=1)):
            spell = {"card": name, "caster": caster}
            if DEFINITIONS[name].kicker_costs and draw(st.booleans()):
                spell["kicked"] = True
            spells.append(spell)
    if spells:
        this_turn["spells"] = spells
    if draw(st.booleans()):
        this_turn["combat_damage_by_types"] = draw(
            st.lists(st.sampled_from(["Rogue", "Faerie", "Human Soldier"]), min_size=1, unique=True)
        )
    if zones["hand"] and draw(st.booleans()):
        this_turn["first_card_drawn"] = draw(st.sampled_from([c["id"] for c in zones["hand"]]))
    foretold = [c["id"] for c in zones["exile"] if draw(st.booleans())]
    if foretold:
        this_turn["foretold_this_turn"] = foretold
    used = [i for i in ids if draw(st.booleans())]
    if used:
        this_turn["permissions_used"] = used
    if this_turn:
        request["this_turn"] = this_turn
    pool = draw(st.sampled_from(["", "{R}", "{G}{W}", "{C}"]))
    if pool:
        request["mana_pool"] = pool
    if draw(st.booleans()):
        request["assume_mana"] = True
    phase = draw(st.sampled_from(Phase))
    request["turn"] = {"active_player": draw(st.sampled_from(Player)).value, "phase": phase.value}
    if phase.steps and draw(st.booleans()):
        request["turn"]["step"] = draw(st.sampled_from(phase.steps)).value
    counters = {
        player.value: draw(
            st.dictionaries(st.sampled_from(["experience", "energy", "poison"]), st.integers(1, 9))
        )
        for player in Player
    }
    counters = {player: kinds for player, kinds in counters.items() if kinds}
    if counters:
        request["player_counters"] = counters
    designation = draw(st.sampled_from([None, *DayNight]))
    if designation is not None:
        request["turn"]["day_night"] = designation.value
    return request


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(request=requests())
def test_a_request_written_into_the_form_and_read_back_is_the_same_request(
    workbench_cards: None, request: dict[str, Any]
) -> None:
    assert round_trip(request) == request


def test_the_form_carries_every_field_of_the_schema_but_those_it_says_it_does_not() -> None:
    seen: set[str] = set()
    published = field_paths(engine.REQUEST_SCHEMA)

    for attempt in range(12):  # fixed seeds: the same draws every run, however the fields change

        @seed(attempt)
        @settings(max_examples=200, database=None, deadline=None)
        @given(request=requests())
        def draw(request: dict[str, Any]) -> None:
            seen.update(written_paths(request))

        draw()
        if published - seen <= NOT_ON_THE_FORM:
            break

    assert published - seen == NOT_ON_THE_FORM


def test_form_data_ignores_values_of_the_wrong_type() -> None:
    data = form_data(
        {
            "action": {"kind": "cast", "card": 3, "kicker": "yes", "x": True},
            "battlefield": [{"id": "p1"}, "junk", {"id": "p2", "card": "Forest", "kicker": 1}],
            "stack": None,
        }
    )

    assert "card" not in data
    assert "x" not in data
    assert (data["battlefield-TOTAL_FORMS"], data["stack-TOTAL_FORMS"]) == ("1", "0")
    assert (data["battlefield-0-id"], data["battlefield-0-card"]) == ("p2", "Forest")
    assert data.getlist("battlefield-0-flags") == []


def test_engine_errors_land_on_the_fields_they_are_about(workbench_cards: None) -> None:
    data = form_data(
        {
            "action": {"kind": "cast", "card": "Shock"},
            "battlefield": [
                {"id": "p1", "card": "Forest"},
                {"id": "p2", "card": "Mountain"},
            ],
        }
    )
    bench = Workbench(data, catalog=CardCatalog())
    assert bench.is_valid()
    bench.request_data()

    bench.add_request_errors(
        [
            engine.FieldError("battlefield[1].card", "no", path=("battlefield", 1, "card")),
            engine.FieldError("action.x", "too big", path=("action", "x")),
            engine.FieldError("turn.phase", "bad", path=("turn", "phase")),
            engine.FieldError("action.convoke[0]", "gone", path=("action", "convoke", 0)),
        ]
    )

    assert bench.battlefield.forms[1].errors == {"card": ["no"]}
    assert bench.cast.errors["phase"] == ["bad"]
    assert bench.cast.non_field_errors() == ["action.x: too big", "action.convoke[0]: gone"]


def test_an_empty_bench_is_a_cast_in_your_first_main_phase() -> None:
    data = form_data({"action": {"kind": "cast"}})

    assert isinstance(data, QueryDict)
    assert {key: data[key] for key in ("kind", "player", "active_player", "phase")} == {
        "kind": "cast",
        "player": "you",
        "active_player": "you",
        "phase": "main1",
    }


def test_601_3_a_battlefield_row_says_its_once_each_turn_permission_was_used(
    workbench_cards: None,
) -> None:
    request = {
        "action": {"kind": "cast", "card": "Shock", "targets": ["opponent"]},
        "battlefield": [{"id": "p1", "card": "Forest", "controller": "you"}],
        "this_turn": {"permissions_used": ["p1"]},
    }

    data = form_data(request)

    assert "permission_used" in data.getlist("battlefield-0-flags")
    assert round_trip(request)["this_turn"] == {"permissions_used": ["p1"]}
