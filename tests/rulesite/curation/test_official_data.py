"""Official data is protected: WotC's English and the Oracle text are read-only for curators,
who report problems instead; official clarifications can't be deleted by curators; an Oracle
edit that changes published scenario answers says so before saving."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from rulesite.cards.models import Card, Ruling
from rulesite.curation.models import ProblemReport

pytestmark = pytest.mark.django_db


def change_url(obj: Any) -> str:
    meta = obj._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])


def test_official_english_is_read_only_for_curators(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    official = clarifications["rulings"][0]

    form = curator_client.get(change_url(official)).context["adminform"].form

    assert "text_en" not in form.fields
    assert "published_on" not in form.fields
    assert "text_fr" in form.fields


def test_posting_new_english_for_an_official_clarification_changes_nothing(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    official = clarifications["rulings"][0]

    curator_client.post(
        change_url(official),
        {
            "text_en": "Vandalised English.",
            "keyword": clarifications["kicker"].pk,
            "cards": [clarifications["burst"].pk],
            "text_fr": official.text_fr,
            "translation_status": official.translation_status,
        },
    )

    official.refresh_from_db()
    assert official.text_en.startswith("The kicker ability")


def test_community_clarification_stays_editable(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    community = clarifications["rulings"][3]

    form = curator_client.get(change_url(community)).context["adminform"].form

    assert "text_en" in form.fields


def test_deleting_an_official_clarification_is_not_offered_to_curators(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    official = clarifications["rulings"][0]
    delete = reverse("admin:cards_ruling_delete", args=[official.pk])

    page = curator_client.get(change_url(official)).content.decode()
    response = curator_client.post(delete, {"post": "yes"})
    actions = curator_client.get(reverse("admin:cards_ruling_changelist")).context["action_form"]

    assert delete not in page
    assert response.status_code == 403
    assert Ruling.objects.filter(pk=official.pk).exists()
    assert "delete_selected" not in dict(actions.fields["action"].choices)


def test_curators_can_delete_a_community_clarification(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    community = clarifications["rulings"][3]

    curator_client.post(reverse("admin:cards_ruling_delete", args=[community.pk]), {"post": "yes"})

    assert not Ruling.objects.filter(pk=community.pk).exists()


def test_new_clarification_by_a_curator_is_a_community_one(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    form = curator_client.get(reverse("admin:cards_ruling_add")).context["adminform"].form

    assert [value for value, _ in form.fields["source"].choices] == ["community"]


def test_oracle_text_is_read_only_for_curators_with_a_report_link(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    card = clarifications["burst"]

    response = curator_client.get(change_url(card))

    form = response.context["adminform"].form
    assert "oracle_text" not in form.fields
    assert "name_fr" in form.fields
    assert f"/admin/curation/problemreport/add/?card={card.pk}" in response.content.decode()


def test_curator_reports_a_problem_with_official_english(
    curator_client: Any, curator: Any, clarifications: dict[str, Any]
) -> None:
    official = clarifications["rulings"][0]
    add = reverse("admin:curation_problemreport_add")

    page = curator_client.get(add, {"ruling": official.pk})
    response = curator_client.post(
        add,
        {"ruling": official.pk, "description": "WotC's text says kicker twice.", "card": ""},
    )

    assert page.context["adminform"].form.initial["ruling"] == official.pk
    assert response.status_code == 302
    report = ProblemReport.objects.get()
    assert (report.ruling, report.reported_by, report.state) == (official, curator, "open")
    resolve = curator_client.post(change_url(report), {"state": "resolved"})
    assert resolve.status_code == 403


def test_card_saved_unchanged_writes_nothing(
    curator_client: Any, clarifications: dict[str, Any], django_assert_max_num_queries: Any
) -> None:
    from django.contrib.admin.models import LogEntry
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    card = clarifications["colony"]
    card.oracle_text = "Kicker {2}{G}\nIf Gnarlid Colony was kicked, it enters with counters."
    card.printed_text_fr = "Kick {2}{G}\nSi la Colonie a été kickée…"
    card.save()
    page = curator_client.get(change_url(card))
    formset = page.context["inline_admin_formsets"][0].formset
    data = {
        "name_fr": card.name_fr,
        "type_line_fr": card.type_line_fr,
        "printed_text_fr": card.printed_text_fr.replace("\n", "\r\n"),  # as a browser sends it
        "printed_set_fr": card.printed_set_fr,
        "keywords": [],
        f"{formset.prefix}-TOTAL_FORMS": "0",
        f"{formset.prefix}-INITIAL_FORMS": "0",
    }
    records = card.history.count()

    with CaptureQueriesContext(connection) as queries:
        response = curator_client.post(change_url(card), data)

    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
        and "django_session" not in q["sql"]
    ]
    assert response.status_code == 302
    assert writes == []
    assert card.history.count() == records
    assert not LogEntry.objects.exists()
    card.refresh_from_db()
    assert card.printed_text_fr == "Kick {2}{G}\nSi la Colonie a été kickée…"


@pytest.mark.usefixtures("demo_data")
def test_oracle_edit_that_changes_published_answers_says_so_before_saving(
    admin_client: Any,
) -> None:
    from rulesite.scenarios.models import Scenario

    card = Card.objects.get(name="Burst Lightning")
    published = Scenario.objects.published().filter(cards=card)
    assert published.exists()
    page = admin_client.get(change_url(card))
    form = page.context["adminform"].form
    formset = page.context["inline_admin_formsets"][0].formset
    data = {
        name: (
            [str(v.pk) for v in value]
            if hasattr(value := form.initial.get(name, ""), "__iter__")
            and not isinstance(value, str)
            else ("" if value is None else value)
        )
        for name in form.fields
        if name != "confirm_scenarios"
    }
    data["keywords"] = [str(k.pk) for k in card.keywords.all()]
    data["oracle_text"] = "Burst Lightning deals 2 damage to any target."  # no more kicker
    data.update(
        {
            f"{formset.prefix}-TOTAL_FORMS": "0",
            f"{formset.prefix}-INITIAL_FORMS": "0",
        }
    )

    refused = admin_client.post(change_url(card), data)

    assert refused.status_code == 200
    [message] = refused.context["adminform"].form.non_field_errors()
    assert message.startswith("This edit changes the engine's answer to 4 published scenarios")
    assert "“Does the copy of my kicked Burst Lightning deal 4?”" in message
    card.refresh_from_db()
    assert "Kicker" in card.oracle_text

    saved = admin_client.post(change_url(card), {**data, "confirm_scenarios": "on"})

    assert saved.status_code == 302
    card.refresh_from_db()
    assert card.oracle_text == "Burst Lightning deals 2 damage to any target."
