"""A trustworthy audit trail: rules and keywords have full history and revert; the change
log lists people's edits, deletions, imports and moderation decisions."""

from __future__ import annotations

import datetime
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse

from rulesite.cards.models import Keyword, Rule, Ruling
from rulesite.curation.models import ImportRun
from tests.rulesite.curation.curation_files import KICKER_2020, gnarlid, rulings, write_set

pytestmark = pytest.mark.django_db

CHANGES = "/admin/curation/importrun/changes/"


@pytest.fixture
def empty_change_log(db: None) -> None:
    """No history from the data other tests of the session committed (demo data, rules)."""
    from rulesite.cards.models import Card
    from rulesite.curation.models import FrenchTerm

    for model in (Card, Ruling, Keyword, Rule, FrenchTerm):
        model.history.all().delete()


def revert_data(page: Any) -> dict[str, Any]:
    form = page.context["adminform"].form
    data: dict[str, Any] = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if hasattr(value, "all"):
            value = [str(v.pk) for v in value.all()]
        data[name] = "" if value is None else value
    data["_change_history"] = "1"
    return data


def test_rule_french_edit_is_recorded_and_can_be_reverted(curator_client: Any) -> None:
    rule = Rule(number="702.33a", text_en="702.33a Kicker is a static ability…")
    rule.text_fr = "Le kick est une capacité statique…"
    rule.save()
    Rule.history.all().delete()  # as the rules importer leaves it: no history
    url = reverse("admin:cards_rule_change", args=[rule.pk])

    curator_client.post(url, {"text_fr": "Texte vandalisé."})

    assert [r.text_fr for r in rule.history.order_by("history_date")] == [
        "Le kick est une capacité statique…",
        "Texte vandalisé.",
    ]
    first = rule.history.earliest()
    history_url = reverse("admin:cards_rule_simple_history", args=[rule.pk, first.history_id])
    curator_client.post(history_url, revert_data(curator_client.get(history_url)))
    rule.refresh_from_db()
    assert rule.text_fr == "Le kick est une capacité statique…"


def test_keyword_french_name_edit_is_recorded_with_the_curator(
    curator_client: Any, curator: Any, clarifications: dict[str, Any]
) -> None:
    kicker = clarifications["kicker"]
    url = reverse("admin:cards_keyword_change", args=[kicker.pk])

    curator_client.post(
        url, {"name_fr": "Kicker (ancien)", "explanation_en": "", "explanation_fr": ""}
    )

    latest = kicker.history.first()
    assert (latest.name_fr, latest.history_user) == ("Kicker (ancien)", curator)
    page = curator_client.get(reverse("admin:cards_keyword_history", args=[kicker.pk]))
    assert page.status_code == 200


def test_keyword_french_name_edit_can_be_reverted(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    kicker = clarifications["kicker"]
    url = reverse("admin:cards_keyword_change", args=[kicker.pk])
    first = kicker.history.latest()  # as created: "Kick"
    curator_client.post(
        url, {"name_fr": "Kicker (vandalisé)", "explanation_en": "", "explanation_fr": ""}
    )
    kicker.refresh_from_db()
    assert kicker.name_fr == "Kicker (vandalisé)"

    history_url = reverse("admin:cards_keyword_simple_history", args=[kicker.pk, first.history_id])
    curator_client.post(history_url, revert_data(curator_client.get(history_url)))

    kicker.refresh_from_db()
    assert kicker.name_fr == "Kick"
    assert [r.name_fr for r in kicker.history.order_by("history_date")][-2:] == [
        "Kicker (vandalisé)",
        "Kick",
    ]


def test_saving_an_unchanged_clarification_writes_no_history(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ruling = clarifications["rulings"][1]
    url = reverse("admin:cards_ruling_change", args=[ruling.pk])
    records = ruling.history.count()

    response = curator_client.post(
        url,
        {
            "keyword": clarifications["kicker"].pk,
            "cards": [c.pk for c in ruling.cards.all()],
            "text_fr": ruling.text_fr.replace("\n", "\r\n"),
            "translation_status": ruling.translation_status,
        },
    )

    assert response.status_code == 302
    assert ruling.history.count() == records


def test_import_history_records_the_cards_of_each_ruling(tmp_path: Any) -> None:
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020[:2]))])

    call_command("import_mtgjson", str(path), "--quiet", stdout=StringIO())

    for ruling in Ruling.objects.all():
        record = ruling.history.get()
        assert [link.card.name for link in record.cards.all()] == ["Gnarlid Colony"]


def test_change_log_lists_edits_deletions_imports_and_moderation(
    curator_client: Any, curator: Any, clarifications: dict[str, Any], tmp_path: Any
) -> None:
    from rulesite.scenarios.models import ModerationDecision, Scenario

    reviewed = clarifications["rulings"][1]
    curator_client.post(
        reverse("admin:cards_ruling_review", args=[reviewed.pk]),
        {"text_fr": reviewed.text_fr, "action": "reviewed"},
    )
    community = clarifications["rulings"][3]
    curator_client.post(reverse("admin:cards_ruling_delete", args=[community.pk]), {"post": "yes"})
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020[:1]))])
    call_command("import_mtgjson", str(path), "--quiet", stdout=StringIO())
    scenario = Scenario.objects.create(
        title="Copy of a kicked spell", question="?", scenario={}, answer={}
    )
    ModerationDecision.objects.create(
        scenario=scenario, moderator=curator, action="rejected", reason="Duplicate."
    )

    html = curator_client.get(CHANGES).content.decode()

    assert f"#{reviewed.pk} If you copy a kicked spell" in html
    assert "French reviewed" in html
    assert f"#{community.pk} Burst Lightning can target a battle." in html
    assert "deleted" in html
    assert ImportRun.objects.get().reason in html
    assert "Copy of a kicked spell" in html
    assert "Duplicate." in html


def test_change_log_shows_an_import_once_not_each_of_its_records(
    curator_client: Any, tmp_path: Any, empty_change_log: None
) -> None:
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020))])
    call_command("import_mtgjson", str(path), "--quiet", stdout=StringIO())

    response = curator_client.get(CHANGES)

    assert [e.action for e in response.context["entries"]] == ["import"]


def test_change_log_pages_back_in_time(
    curator_client: Any, curator: Any, clarifications: dict[str, Any], empty_change_log: None
) -> None:
    kicker = clarifications["kicker"]
    start = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    for n in range(55):
        kicker.name_fr = f"Kick {n}"
        kicker._history_user = curator  # type: ignore[attr-defined]
        kicker._history_date = start + datetime.timedelta(minutes=n)  # type: ignore[attr-defined]
        kicker.save()

    first = curator_client.get(CHANGES)
    older = curator_client.get(CHANGES, {"before": first.context["older"]})

    assert len(first.context["entries"]) == 50
    assert first.context["entries"][0].when == start + datetime.timedelta(minutes=54)
    assert [e.when for e in older.context["entries"]] == [
        start + datetime.timedelta(minutes=n) for n in (4, 3, 2, 1, 0)
    ]
