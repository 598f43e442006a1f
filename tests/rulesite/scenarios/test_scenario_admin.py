"""Moderation in the admin: pending first, flagged surfaced, bulk approve/reject, the question
rendered as readers will see it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from rulesite.scenarios.models import ModerationDecision, Scenario, ScenarioFlag

pytestmark = pytest.mark.usefixtures("cards")

CHANGELIST = "/admin/scenarios/scenario/"


def test_changelist_lists_pending_first_then_most_flagged(
    admin_client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    make_scenario(title="Published quiet")
    make_scenario(title="Published flagged", flag_count=3)
    make_scenario(title="Waiting for review", status=Scenario.Status.PENDING)

    body = admin_client.get(CHANGELIST).content.decode()

    assert body.index("Waiting for review") < body.index("Published flagged")
    assert body.index("Published flagged") < body.index("Published quiet")


def test_changelist_query_count_is_bounded(
    admin_client: Client,
    make_scenario: Callable[..., Scenario],
    django_assert_max_num_queries: Any,
) -> None:
    for i in range(30):
        make_scenario(title=f"S{i}", status=Scenario.Status.PENDING)

    with django_assert_max_num_queries(12):
        response = admin_client.get(CHANGELIST)

    assert response.status_code == 200


def test_flagged_filter_shows_only_flagged(
    admin_client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    make_scenario(title="Quiet one")
    make_scenario(title="Loud one", flag_count=1)

    body = admin_client.get(CHANGELIST, {"flagged": "yes"}).content.decode()

    assert "Loud one" in body
    assert "Quiet one" not in body


def test_bulk_approve_publishes_selected(
    admin_client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    pending = [make_scenario(title=f"P{i}", status=Scenario.Status.PENDING) for i in range(3)]

    admin_client.post(
        CHANGELIST,
        {"action": "approve", "_selected_action": [s.pk for s in pending[:2]], "apply": "1"},
    )

    statuses = [Scenario.objects.get(pk=s.pk).status for s in pending]
    assert statuses == ["published", "published", "pending"]
    assert Scenario.objects.get(pk=pending[0].pk).moderated_at is not None


def test_bulk_reject_hides_from_public(
    admin_client: Client, client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    published = make_scenario(title="Soon rejected")

    admin_client.post(
        CHANGELIST,
        {
            "action": "reject",
            "_selected_action": [published.pk],
            "apply": "1",
            "reason": "Duplicate of an older scenario.",
        },
    )

    assert Scenario.objects.get(pk=published.pk).status == "rejected"
    assert client.get(f"/en/scenarios/{published.pk}/").status_code == 404


def test_change_form_shows_rendered_question_escaped(
    admin_client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(question="**Bold** <script>alert(1)</script>")

    body = admin_client.get(f"{CHANGELIST}{scenario.pk}/change/").content.decode()

    assert "<strong>Bold</strong>" in body
    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert 'data-testid="board-stack"' in body


def test_anonymous_visitor_cannot_reach_moderation(client: Client) -> None:
    response = client.get(CHANGELIST)

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_approve_asks_for_confirmation_and_records_who_and_why(
    admin_client: Client, admin_user: Any, make_scenario: Callable[..., Scenario]
) -> None:
    pending = make_scenario(title="Twincast question", status=Scenario.Status.PENDING)

    page = admin_client.post(CHANGELIST, {"action": "approve", "_selected_action": [pending.pk]})
    assert page.status_code == 200
    assert "Twincast question" in page.content.decode()
    assert Scenario.objects.get(pk=pending.pk).status == "pending"

    admin_client.post(
        CHANGELIST,
        {
            "action": "approve",
            "_selected_action": [pending.pk],
            "apply": "1",
            "reason": "Checked against 707.10.",
        },
    )

    decision = ModerationDecision.objects.get(scenario=pending)
    assert (decision.action, decision.moderator, decision.reason) == (
        "published",
        admin_user,
        "Checked against 707.10.",
    )
    assert Scenario.objects.get(pk=pending.pk).status == "published"


def test_reject_without_a_reason_is_refused_with_a_form_error(
    admin_client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    published = make_scenario(title="Keep me")

    page = admin_client.post(
        CHANGELIST, {"action": "reject", "_selected_action": [published.pk], "apply": "1"}
    )

    assert page.status_code == 200
    assert "This field is required." in page.content.decode()
    assert Scenario.objects.get(pk=published.pk).status == "published"
    assert not ModerationDecision.objects.exists()


def test_change_form_lists_flags_with_their_reasons_and_the_decisions(
    admin_client: Client, admin_user: Any, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(title="Flagged one")
    ScenarioFlag.objects.create(
        scenario=scenario, reason="wrong_answer", note="Twincast copies kicker."
    )
    ModerationDecision.objects.create(
        scenario=scenario, moderator=admin_user, action="published", reason="Looks right."
    )

    body = admin_client.get(f"{CHANGELIST}{scenario.pk}/change/").content.decode()

    assert "The answer is wrong" in body
    assert "Twincast copies kicker." in body
    assert "Looks right." in body
