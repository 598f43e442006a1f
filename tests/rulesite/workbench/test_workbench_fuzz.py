"""Whatever the workbench form receives, the page answers 200 (errors inline), never a 500."""

from __future__ import annotations

from typing import Any

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

VALUES = st.one_of(
    st.sampled_from(
        ["", "on", "you", "opponent", "cast", "copy_spell", "turn_face_up", "main1", "end",
         "Burst Lightning", "Éclair explosif", "Molten Disaster", "Forest", "Nope", "p1", "s1",
         "{R}", "{Q}", "{2}{G}", "-1", "3", "999999", "abc", "add-permanent-you",
         "add-spell-opponent", "remove-permanent-0", "remove-spell-7", "remove-x-y"]
    ),
    st.text(max_size=12),
)  # fmt: skip
KEYS = st.sampled_from(
    ["kind", "player", "card", "kicker_0", "multikicker", "x", "without_paying",
     "alternative_cost", "cost_increases", "cost_reductions", "targets", "copy_of", "source",
     "mana_pool", "assume_mana", "active_player", "phase", "layout", "had_errors", "op",
     "battlefield-TOTAL_FORMS", "battlefield-INITIAL_FORMS", "battlefield-0-id",
     "battlefield-0-card", "battlefield-0-controller", "battlefield-0-flags",
     "battlefield-0-counters", "battlefield-1-id", "battlefield-1-card", "stack-TOTAL_FORMS",
     "stack-0-id", "stack-0-card", "stack-0-kicked", "stack-0-x"]
)  # fmt: skip


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.dictionaries(KEYS, st.lists(VALUES, min_size=1, max_size=2), max_size=14),
       htmx=st.booleans())  # fmt: skip
def test_workbench_answers_any_post_with_200(
    client: Client, workbench_cards: None, data: dict[str, Any], htmx: bool
) -> None:
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.post("/en/workbench/", data, headers=headers)

    assert response.status_code == 200
    assert b'id="cast-result"' in response.content
