"""Re-verification: every scenario re-evaluated with today's engine; a changed answer is
marked with both answers kept, never overwritten; the curator accepts it or keeps the old."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from rulesite.scenarios.models import Scenario
from rulesite.scenarios.services import (
    ModerationError,
    accept_new_answer,
    keep_old_answer,
    load_demo_scenarios,
    recheck_scenarios,
)

pytestmark = pytest.mark.usefixtures("cards")


@pytest.fixture
def demo() -> list[Scenario]:
    report = load_demo_scenarios()
    assert report.skipped == []
    return list(Scenario.objects.order_by("pk"))


def tamper(scenario: Scenario, **changes: Any) -> None:
    """Pretend an older engine answered differently when the scenario was published."""
    answer = dict(scenario.answer)
    answer.update(changes)
    Scenario.objects.filter(pk=scenario.pk).update(answer=answer)


def test_recheck_of_untouched_demo_scenarios_finds_no_change(demo: list[Scenario]) -> None:
    report = recheck_scenarios()

    assert report.checked == len(demo)
    assert report.same == len(demo)
    assert report.needs_curator == 0
    assert not Scenario.objects.filter(answer_changed=True).exists()


def test_recheck_flags_the_scenario_whose_stored_answer_differs(demo: list[Scenario]) -> None:
    twincast = Scenario.objects.get(demo_key="twincast-kicked-burst-lightning-en")
    stored_result = {"kind": "spell", "kicked": False, "counters": {}, "damage": 2}
    tamper(twincast, kicked=False, result=stored_result)

    report = recheck_scenarios()

    twincast.refresh_from_db()
    assert report.changed == 1
    assert report.changed_ids == [twincast.pk]
    assert twincast.answer_changed is True
    assert twincast.recheck == Scenario.Recheck.CHANGED
    assert twincast.answer["result"] == stored_result  # never overwritten
    assert twincast.answer_today["result"]["damage"] == 4
    assert set(twincast.changed_fields) >= {"kicked", "result"}
    assert Scenario.objects.filter(answer_changed=True).count() == 1


def test_wording_changes_alone_are_not_an_answer_change(demo: list[Scenario]) -> None:
    scenario = demo[0]
    tamper(scenario, trace=[{"rule": "601.2", "text": "Older wording."}])

    report = recheck_scenarios()

    assert report.changed == 0


def test_curator_accepts_the_new_answer(demo: list[Scenario]) -> None:
    scenario = demo[0]
    tamper(scenario, legal=False)
    recheck_scenarios()

    accepted = accept_new_answer(
        scenario=scenario, moderator=None, reason="The engine now follows 702.33a."
    )

    assert accepted.answer["legal"] is True
    assert accepted.answer_changed is False
    assert recheck_scenarios().changed == 0
    decision = scenario.decisions.get()
    assert (decision.action, decision.reason) == (
        "accepted_new_answer",
        "The engine now follows 702.33a.",
    )


def test_curator_keeps_the_old_answer_as_a_known_issue(demo: list[Scenario]) -> None:
    scenario = demo[0]
    tamper(scenario, mana_value=99)
    recheck_scenarios()

    kept = keep_old_answer(scenario=scenario, note="Engine bug #12")
    again = recheck_scenarios()

    kept.refresh_from_db()
    assert kept.recheck == Scenario.Recheck.KNOWN_ISSUE
    assert kept.answer["mana_value"] == 99
    assert kept.known_issue_note == "Engine bug #12"
    assert scenario.decisions.get().action == "kept_old_answer"
    assert again.changed == 0
    assert again.known_issue == 1


def test_accepting_without_a_change_is_refused(demo: list[Scenario]) -> None:
    recheck_scenarios()

    with pytest.raises(ModerationError):
        accept_new_answer(scenario=demo[0])


def test_scenario_the_engine_no_longer_accepts_is_marked_invalid(demo: list[Scenario]) -> None:
    scenario = demo[0]
    broken = dict(scenario.scenario)
    broken["action"] = {**broken["action"], "kind": "no_such_action"}
    Scenario.objects.filter(pk=scenario.pk).update(scenario=broken)

    report = recheck_scenarios()

    scenario.refresh_from_db()
    assert report.invalid == 1
    assert scenario.recheck == Scenario.Recheck.INVALID
    assert scenario.answer_changed is True
    assert scenario.recheck_errors[0]["field"].startswith("scenario.action")


def test_command_prints_counts_and_fails_on_change_when_asked(demo: list[Scenario]) -> None:
    tamper(demo[1], kicked=not demo[1].answer["kicked"])
    out = io.StringIO()

    with pytest.raises(CommandError, match="1 scenario"):
        call_command("recheck_scenarios", "--fail-on-change", stdout=out)

    assert f"checked {len(demo)}: same {len(demo) - 1}, changed 1" in out.getvalue()
    assert f"needs a curator: {demo[1].pk}" in out.getvalue()


def test_command_without_flag_succeeds_even_with_changes(demo: list[Scenario]) -> None:
    tamper(demo[1], kicked=not demo[1].answer["kicked"])
    out = io.StringIO()

    call_command("recheck_scenarios", stdout=out)

    assert "changed 1" in out.getvalue()


def test_ci_recheck_of_the_demo_scenarios_passes(db: None) -> None:
    call_command("load_demo", verbosity=0)
    out = io.StringIO()

    call_command("recheck_scenarios", "--fail-on-change", stdout=out)

    assert "changed 0" in out.getvalue()
    assert "no longer valid 0" in out.getvalue()
