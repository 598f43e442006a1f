"""The posted form read straight into a request (rulesite/workbench/posted.py): the same
request as the forms read, None wherever the forms refuse a value, and the htmx answer it
gives the same as the one the forms give."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesite.cards.catalog import CardCatalog
from rulesite.workbench import presets
from rulesite.workbench.editing import posted_rows
from rulesite.workbench.forms import (
    CastForm,
    CheckedForm,
    PermanentForm,
    SpellForm,
    ZoneCardForm,
)
from rulesite.workbench.mapping import Workbench, form_data
from rulesite.workbench.posted import read_request
from tests.rulesite.workbench.test_mapping import requests

HTMX = {"HX-Request": "true"}
URL = "/en/workbench/"
RESULT = re.compile(r'<section id="cast-result".*?</section>', re.S)


def _both(data: QueryDict) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """(the forms' request or None when they refuse it, the posted reader's)."""
    data = posted_rows(data)
    bench = Workbench(data, catalog=CardCatalog())
    by_forms = bench.request_data() if bench.is_valid() else None
    return by_forms, read_request(data, catalog=CardCatalog())


@pytest.mark.parametrize("preset", presets.PRESETS, ids=lambda p: p.slug)
def test_every_preset_is_read_as_the_forms_read_it(
    workbench_cards: None, preset: presets.Preset
) -> None:
    by_forms, posted = _both(form_data(preset.scenario))

    assert by_forms == preset.scenario
    assert posted == by_forms


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(request=requests())
def test_any_request_in_the_form_is_read_as_the_forms_read_it(
    workbench_cards: None, request: dict[str, Any]
) -> None:
    by_forms, posted = _both(form_data(request))

    assert by_forms == request
    assert posted == by_forms


KICKED_BURST = {
    "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]},
    "battlefield": [{"id": f"m{i}", "card": "Mountain", "controller": "you"} for i in range(1, 6)],
}
REFUSED: dict[str, dict[str, str | None]] = {
    "an unknown card": {"card": "Burst Lightnin"},
    "an unknown permanent": {"battlefield-0-card": "Mountian"},
    "not mana notation": {"mana_pool": "{R"},
    "a cost increase that is no cost": {"cost_increases": "{1} two"},
    "a number out of range": {"life_you": "-1"},
    "a number that is no number": {"battlefield-0-counters": "three"},
    "a choice the field doesn't offer": {"phase": "upkeep-ish"},
    "a target that is on no row": {"targets": "p9"},
    "a flag rows don't have": {"battlefield-0-flags": "flying"},
    "an id that is a player's name": {"battlefield-0-id": "opponent"},
    "a row without an id": {"battlefield-0-id": ""},
    "two rows with one id": {"battlefield-1-id": "m1"},
    "a row count that is no number": {"battlefield-TOTAL_FORMS": "five"},
    "a formset without its count of initial rows": {"battlefield-INITIAL_FORMS": ""},
    "a battlefield without its row count": {"battlefield-TOTAL_FORMS": None},
    "a stack without its row count": {"stack-TOTAL_FORMS": None},
    "no card for a cast": {"card": ""},
    "two alternative costs": {"without_paying": "on", "alternative_cost": "{1}"},
}


CHANGED_FIELDS = sorted(
    {
        *form_data(KICKED_BURST).keys(),
        "x",
        "multikicker",
        "modes",
        "cost_option",
        "battlefield-0-counters",
        "battlefield-5-id",
        "battlefield-5-card",
        "stack-0-id",
        "stack-0-card",
        "hand-0-id",
        "hand-0-card",
        "hand-TOTAL_FORMS",
    }
)
VALUES = st.one_of(
    st.sampled_from(
        ["", "0", "1", "3.0", "-1", "21", "999", "on", "{R}", "{2}{", "m1", "p9", "opponent"]
    ),
    st.sampled_from(["Mountain", "Burst Lightning", "Forest", "tapped", "main1", "upkeep"]),
    st.text(max_size=8),
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(changes=st.dictionaries(st.sampled_from(CHANGED_FIELDS), VALUES, max_size=4))
def test_any_change_is_read_or_refused_as_the_forms_do(
    workbench_cards: None, changes: dict[str, str]
) -> None:
    data = form_data(KICKED_BURST)
    for name, value in changes.items():
        data[name] = value

    by_forms, posted = _both(data)

    assert posted == by_forms


@pytest.mark.parametrize("changes", REFUSED.values(), ids=list(REFUSED))
def test_a_value_the_forms_refuse_is_refused(
    workbench_cards: None, changes: dict[str, str | None]
) -> None:
    data = form_data(KICKED_BURST)
    for name, value in changes.items():
        if value is None:
            del data[name]
        else:
            data[name] = value

    by_forms, posted = _both(data)

    assert by_forms is None
    assert posted is None


def test_a_page_drawn_before_the_board_had_zones_posts_none_and_is_read(
    workbench_cards: None,
) -> None:
    data = form_data(KICKED_BURST)
    for zone in ("hand", "graveyard", "exile", "library"):
        del data[f"{zone}-TOTAL_FORMS"]
        del data[f"{zone}-INITIAL_FORMS"]

    by_forms, posted = _both(data)

    assert by_forms is not None
    assert posted == by_forms


def test_the_same_set_up_with_a_value_changed_is_read_anew(workbench_cards: None) -> None:
    data = form_data(KICKED_BURST)
    data["battlefield-0-flags"] = "tapped"

    by_forms, posted = _both(data)

    assert posted is not None
    assert posted == by_forms
    assert posted["battlefield"][0]["tapped"] is True


@pytest.mark.parametrize("preset", presets.PRESETS, ids=lambda p: p.slug)
def test_htmx_answer_read_from_the_posted_fields_is_the_forms_answer(
    client: Client, workbench_cards: None, preset: presets.Preset
) -> None:
    data = form_data(preset.scenario)
    # "had_errors" makes the view build the forms and draw the whole workbench again.
    redrawn = data.copy()
    redrawn["had_errors"] = "1"

    quick = client.post(URL, data.urlencode(), "application/x-www-form-urlencoded", headers=HTMX)
    full = client.post(URL, redrawn.urlencode(), "application/x-www-form-urlencoded", headers=HTMX)

    assert quick.status_code == full.status_code == 200
    assert "HX-Retarget" not in quick.headers
    assert full.headers["HX-Retarget"] == "#workbench"
    assert 'id="workbench-form"' not in quick.content.decode()
    quick_result = RESULT.search(quick.content.decode())
    full_result = RESULT.search(full.content.decode())
    assert quick_result is not None
    assert full_result is not None
    assert quick_result.group(0) == full_result.group(0)
    assert quick.headers["HX-Replace-Url"] == full.headers["HX-Replace-Url"]


def test_htmx_post_with_a_refused_value_draws_the_form_with_its_error(
    client: Client, workbench_cards: None
) -> None:
    data = form_data(KICKED_BURST)
    data["mana_pool"] = "{R"

    response = client.post(URL, data.urlencode(), "application/x-www-form-urlencoded", headers=HTMX)

    assert response.status_code == 200
    assert response.headers["HX-Retarget"] == "#workbench"
    assert "Not mana notation" in response.content.decode()


@pytest.mark.parametrize("form", [CastForm, PermanentForm, SpellForm, ZoneCardForm])
def test_every_field_check_of_the_forms_is_one_the_posted_reader_runs(
    form: type[CheckedForm],
) -> None:
    # A clean_<name> method written on the form, not listed in its cleaners, would be a check
    # the posted reader skips: it would answer what the form refuses.
    methods = {name for name in dir(form) if name.startswith("clean_")}

    assert methods == {f"clean_{name}" for name in form.cleaners}
