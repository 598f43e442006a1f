"""Whatever a program sends to POST /api/v1/evaluate, it gets an answer or a 400, never a 500."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import ActionKind
from rulesite.api.openapi import component

NAMES = st.sampled_from(
    ["Burst Lightning", "Éclair explosif", "Shock", "Molten Disaster", "Kavu Primarch",
     "Llanowar Elves", "Thalia, Guardian of Thraben", "Forest", "Mountain", "Nope", ""]
)  # fmt: skip
IDS = st.sampled_from(["p1", "p2", "s1", "s2", "you", "opponent", "zz", ""])
MANA = st.sampled_from(["{R}", "{1}", "{2}{G}", "{X}", "{Q}", "R", "", "{R/P}", "{2/W}"])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=8))

permanent = st.fixed_dictionaries(
    {"id": IDS, "card": NAMES},
    optional={
        "controller": st.sampled_from(["you", "opponent", "them"]),
        "tapped": st.booleans(),
        "summoning_sick": st.booleans(),
        "face_down": st.one_of(st.booleans(), SCALARS),
        "kicker": st.lists(st.integers(-1, 3), max_size=3),
        "counters": st.dictionaries(st.sampled_from(["+1/+1", "charge"]), st.integers(-1, 5)),
    },
)
spell = st.fixed_dictionaries(
    {"id": IDS, "card": NAMES},
    optional={
        "controller": st.sampled_from(["you", "opponent"]),
        "kicker": st.one_of(st.lists(st.integers(-1, 3), max_size=3), SCALARS),
        "x": st.one_of(st.integers(-2, 10), SCALARS),
    },
)
action = st.fixed_dictionaries(
    {"kind": st.sampled_from([kind.value for kind in ActionKind] + ["fly"])},  # fmt: skip
    optional={
        "player": st.sampled_from(["you", "opponent", 3]),
        "card": st.one_of(NAMES, SCALARS),
        "kicker": st.one_of(st.lists(st.integers(-1, 3), max_size=3), SCALARS),
        "x": st.one_of(st.integers(-2, 10), SCALARS),
        "alternative_cost": MANA,
        "cost_increases": st.lists(MANA, max_size=3),
        "cost_reductions": st.lists(MANA, max_size=3),
        "convoke": st.lists(IDS, max_size=3),
        "targets": st.lists(IDS, max_size=3),
        "copy_of": IDS,
        "source": IDS,
    },
)
scenario = st.fixed_dictionaries(
    {"action": action},
    optional={
        "battlefield": st.lists(permanent, max_size=6),
        "stack": st.lists(spell, max_size=3),
        "mana_pool": MANA,
        "assume_mana": st.booleans(),
        "turn": st.fixed_dictionaries(
            {},
            optional={
                "active_player": st.sampled_from(["you", "opponent"]),
                "phase": st.sampled_from(["main1", "main2", "combat", "end", "upkeep"]),
            },
        ),
    },
)

RESPONSE = jsonschema.Draft202012Validator(component("EvaluateResponse"))
ERRORS = jsonschema.Draft202012Validator(component("Errors"))


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=scenario)
def test_evaluate_never_fails_whatever_the_scenario(
    client: Client, workbench_cards: None, body: dict[str, Any]
) -> None:
    response = client.post("/api/v1/evaluate", json.dumps(body), content_type="application/json")

    assert response.status_code in {200, 400}
    if response.status_code == 200:
        RESPONSE.validate(response.json())
    else:
        ERRORS.validate(response.json())
