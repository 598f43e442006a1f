"""Sharing a workbench set-up: the page shows the board, the form stores a pending scenario
with the engine's answer, the author gets the permalink at once."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from rulesite.scenarios.forms import ScenarioSubmissionForm
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import SubmissionError, submit_scenario
from rulesite.workbench.permalink import encode_scenario
from tests.rate_windows import start_clear_of_window_end

pytestmark = pytest.mark.usefixtures("cards")

NEW = "/en/scenarios/new/"


def form_data(scenario: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {
        "s": encode_scenario(scenario),
        "title": "Does the copy of my kicked Burst Lightning deal 4?",
        "question": "Twincast **copies** it.",
        "author": "Ada",
        "language": "en",
        **fields,
    }


def test_submit_scenario_stores_pending_with_answer_cards_and_keywords(
    twincast_scenario: dict[str, Any],
) -> None:
    stored = submit_scenario(
        title="Copy of kicked Burst",
        question="Does it deal 4?",
        language="en",
        author="",
        scenario=twincast_scenario,
    )

    assert stored.status == Scenario.Status.PENDING
    assert stored.title == "Copy of kicked Burst"
    assert stored.answer["kicked"] is True
    assert stored.answer["result"]["damage"] == 4
    assert {c.slug for c in stored.cards.all()} == {"burst-lightning", "twincast"}
    assert "kicker" in {k.slug for k in stored.keywords.all()}


def test_submission_form_collapses_spaces_in_the_title(
    twincast_scenario: dict[str, Any],
) -> None:
    form = ScenarioSubmissionForm(
        {
            "title": "  Copy of kicked   Burst  ",
            "question": "Does it deal 4?\r\n",
            "language": "en",
            "scenario": twincast_scenario,
        }
    )

    assert form.is_valid(), form.errors
    assert form.cleaned_data["title"] == "Copy of kicked Burst"
    assert form.cleaned_data["question"] == "Does it deal 4?"


def test_submit_scenario_refused_by_engine_stores_nothing(
    twincast_scenario: dict[str, Any],
) -> None:
    twincast_scenario["stack"][0]["kicker"] = [1, 1]

    with pytest.raises(SubmissionError) as refused:
        submit_scenario(
            title="t", question="q", language="en", author="", scenario=twincast_scenario
        )

    assert all(field.startswith("scenario.") for field, _ in refused.value.errors)
    assert Scenario.objects.count() == 0


def test_new_page_shows_the_board_read_only_and_the_answer(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    response = client.get(NEW, {"s": encode_scenario(twincast_scenario)})

    body = response.content.decode()
    assert response.status_code == 200
    assert 'data-testid="board-stack"' in body
    assert "Burst Lightning" in body
    assert "Twincast" in body
    assert "deals 4 damage" in body
    assert 'name="csrfmiddlewaretoken"' in body


def test_new_page_without_link_or_with_damaged_link_says_so(client: Client) -> None:
    missing = client.get(NEW)
    damaged = client.get(NEW, {"s": "not-a-scenario!!"})

    assert missing.status_code == 400
    assert damaged.status_code == 400
    assert "damaged" in damaged.content.decode()


def test_post_without_htmx_redirects_to_the_pending_permalink(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    response = client.post(NEW, form_data(twincast_scenario))

    stored = Scenario.objects.get()
    assert response.status_code == 303
    assert response["Location"] == f"/en/scenarios/{stored.pk}/"
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert 'data-testid="pending-notice"' in page.content.decode()


def test_post_with_htmx_returns_the_permalink_partial(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    response = client.post(NEW, form_data(twincast_scenario), headers={"HX-Request": "true"})

    stored = Scenario.objects.get()
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<section id="scenario-share"')
    assert f"/en/scenarios/{stored.pk}/" in body
    assert 'data-testid="permalink"' in body


def test_pending_permalink_is_not_visible_to_another_visitor(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    client.post(NEW, form_data(twincast_scenario))
    stored = Scenario.objects.get()

    response = Client().get(f"/en/scenarios/{stored.pk}/")

    assert response.status_code == 404


def test_post_with_errors_is_200_with_inline_errors_and_stores_nothing(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    response = client.post(
        NEW,
        form_data(twincast_scenario, title="", question="x" * 4001),
        headers={"HX-Request": "true"},
    )

    body = response.content.decode()
    assert response.status_code == 200
    assert 'class="errorlist' in body
    assert "This field is required." in body
    assert Scenario.objects.count() == 0


def test_french_page_says_the_title_is_too_long_in_french(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    data = form_data(twincast_scenario, title="x" * 130, language="fr")

    response = client.post("/fr/scenarios/new/", data)

    body = response.content.decode()
    assert response.status_code == 200
    assert "Au plus 120 caractères (celui-ci en a 130)." in body
    assert "At most 120 characters" not in body
    assert Scenario.objects.count() == 0


@pytest.mark.parametrize(
    ("query", "french"),
    [
        ({"changed": "maybe"}, "Doit être true ou false."),
        ({"language": "xx"}, "Doit être l'une des valeurs : en, fr."),
        ({"card": "no-such-card"}, "Aucune carte n'a l'adresse « no-such-card »."),
        ({"keyword": "no-such-keyword"}, "Aucun mot-clé n'a l'adresse « no-such-keyword »."),
    ],
)
def test_french_list_filter_errors_are_in_french(
    client: Client, query: dict[str, str], french: str
) -> None:
    response = client.get("/fr/scenarios/", query)

    assert french in html.unescape(response.content.decode())


@pytest.mark.parametrize(
    ("message", "params", "french"),
    [
        (
            "At most %(limit_value)d characters (this has %(show_value)d).",
            {"limit_value": 120, "show_value": 130},
            "Au plus 120 caractères (celui-ci en a 130).",
        ),
        ("Must be one of: en, fr.", {}, "Doit être l'une des valeurs : en, fr."),
        ("Must be true or false.", {}, "Doit être true ou false."),
        ("No card with the slug “%(value)s”.", {"value": "x"}, "Aucune carte n'a l'adresse « x »."),
        (
            "No keyword with the slug “%(value)s”.",
            {"value": "x"},
            "Aucun mot-clé n'a l'adresse « x ».",
        ),
        ("At most %(count)d costs.", {"count": 10}, "Au plus 10 coûts."),
    ],
)
def test_form_messages_have_french(message: str, params: dict[str, Any], french: str) -> None:
    with translation.override("fr"):
        translated = gettext(message)

    assert (translated % params if params else translated) == french


def test_post_of_scenario_the_engine_refuses_shows_its_errors(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    twincast_scenario["stack"][0]["card"] = "Burst Lightnin"

    response = client.post(NEW, form_data(twincast_scenario))

    assert response.status_code == 200
    assert "scenario.stack" in response.content.decode()
    assert Scenario.objects.count() == 0


def test_post_xss_payloads_are_stored_as_text_and_shown_escaped(
    client: Client, twincast_scenario: dict[str, Any]
) -> None:
    client.post(
        NEW,
        form_data(
            twincast_scenario,
            title="<script>alert(1)</script>",
            question="<img src=x onerror=alert(1)>",
            author="<script>alert(2)</script>",
        ),
    )
    stored = Scenario.objects.get()

    body = client.get(f"/en/scenarios/{stored.pk}/").content.decode()

    assert stored.title == "<script>alert(1)</script>"
    assert "<script>alert" not in body
    assert "<img src=x" not in body
    assert "&lt;img src=x onerror=alert(1)&gt;" in body


def test_form_submissions_are_rate_limited_with_a_form_error(
    client: Client, twincast_scenario: dict[str, Any], settings: Any
) -> None:
    settings.RULESITE_SCENARIO_RATE = "1/h"
    start_clear_of_window_end("1/h")
    client.post(NEW, form_data(twincast_scenario))

    response = client.post(NEW, form_data(twincast_scenario), headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "try again later" in response.content.decode()
    assert Scenario.objects.count() == 1


def test_form_requires_csrf_token_also_for_htmx(twincast_scenario: dict[str, Any]) -> None:
    strict = Client(enforce_csrf_checks=True)

    response = strict.post(NEW, form_data(twincast_scenario), headers={"HX-Request": "true"})

    assert response.status_code == 403
    assert Scenario.objects.count() == 0
