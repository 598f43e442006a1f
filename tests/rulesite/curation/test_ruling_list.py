"""The clarification list for reviewers: English, French, status and cards on each row;
filters by card, keyword, status, source and import; search ignoring case and accents (both
databases); bulk review shows the texts and asks to confirm."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse

from rulesite.cards.models import Ruling
from rulesite.curation.models import ImportEvent, ImportRun

pytestmark = pytest.mark.django_db

RULINGS = reverse("admin:cards_ruling_changelist")


def listed(response: Any) -> list[str]:
    return [r.text_en for r in response.context["cl"].result_list]


@pytest.fixture
def disaster(clarifications: dict[str, Any]) -> Ruling:
    ruling = Ruling.objects.create(
        published_on=datetime.date(2007, 5, 1),
        text_en="If Molten Disaster was kicked, it has split second as long as it's on the stack.",
        text_fr="Si le Désastre en fusion a été kické, il a la fraction de seconde.",
        translation_status=Ruling.TranslationStatus.REVIEWED,
    )
    ruling.cards.add(clarifications["burst"])
    return ruling


def test_each_row_shows_english_french_status_and_card_names(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    html = curator_client.get(RULINGS).content.decode()

    assert "If you copy a kicked spell, the copy is also kicked." in html
    assert "Si vous copiez un sort kické" in html
    assert "machine translation" in html
    assert "Burst Lightning, Gnarlid Colony" in html


@pytest.mark.parametrize("term", ["DÉSASTRE", "désastre", "desastre", "Désastre EN fusion"])
def test_search_ignores_case_and_accents(curator_client: Any, disaster: Ruling, term: str) -> None:
    response = curator_client.get(RULINGS, {"q": term})

    assert listed(response) == [disaster.text_en]


def test_search_by_number_finds_that_clarification(curator_client: Any, disaster: Ruling) -> None:
    response = curator_client.get(RULINGS, {"q": f"#{disaster.pk}"})

    assert listed(response) == [disaster.text_en]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"card": "colonie"}, 4),  # the French name, accents and case aside
        ({"card": "BURST"}, 5),
        ({"keyword": "kicker"}, 2),
        ({"status": "reviewed"}, 2),
        ({"status": "machine"}, 1),
        ({"source": "community"}, 1),
    ],
)
def test_filters_by_card_keyword_status_and_source(
    curator_client: Any, disaster: Ruling, params: dict[str, str], expected: int
) -> None:
    response = curator_client.get(RULINGS, params)

    assert response.status_code == 200
    assert len(listed(response)) == expected


def test_filter_changed_by_the_last_import(
    curator_client: Any, clarifications: dict[str, Any], disaster: Ruling
) -> None:
    older = ImportRun.objects.create(
        command="import_mtgjson",
        reason="import_mtgjson (1 file) at 2026-01-01 10:00:00",
        started_at=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
    )
    last = ImportRun.objects.create(
        command="import_mtgjson",
        reason="import_mtgjson (1 file) at 2026-02-01 10:00:00",
        started_at=datetime.datetime(2026, 2, 1, tzinfo=datetime.UTC),
    )
    ImportEvent.objects.create(
        run=older, kind="reworded", ruling=clarifications["rulings"][0], ruling_ref=1, text_en="x"
    )
    ImportEvent.objects.create(
        run=last, kind="reworded", ruling=disaster, ruling_ref=disaster.pk, text_en="x"
    )

    response = curator_client.get(RULINGS, {"import": "last"})

    assert listed(response) == [disaster.text_en]


def test_queue_filter_lists_the_queue_most_urgent_first(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    response = curator_client.get(RULINGS, {"review": "queue"})

    assert [r.translation_status for r in response.context["cl"].result_list] == [
        "needs_review",
        "machine",
    ]


def test_terminology_column_shows_the_findings_of_machine_french(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    machine = clarifications["rulings"][0]
    machine.text_fr = "La capacité de kicker ne permet pas de payer plus d'une fois."
    machine.save()

    html = curator_client.get(RULINGS, {"review": "queue"}).content.decode()

    assert '<span class="rulesite-finding">kicker cost</span>' in html


def test_bulk_review_refuses_select_all(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ids = [r.pk for r in clarifications["rulings"]]

    response = curator_client.post(
        RULINGS,
        {"action": "mark_french_reviewed", "_selected_action": ids, "select_across": "1"},
        follow=True,
    )

    assert "Select the clarifications on this page" in response.content.decode()
    assert not Ruling.objects.filter(pk=ids[0], translation_status="reviewed").exists()


def test_bulk_review_records_each_rulings_cards_in_its_history(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ruling = clarifications["rulings"][0]

    curator_client.post(
        RULINGS,
        {"action": "mark_french_reviewed", "_selected_action": [ruling.pk], "confirm": "yes"},
    )

    record = ruling.history.first()
    assert record.history_change_reason == "French reviewed"
    assert sorted(link.card.name for link in record.cards.all()) == [
        "Burst Lightning",
        "Gnarlid Colony",
    ]
    previous = record.prev_record
    delta = record.diff_against(previous)
    assert "cards" not in delta.changed_fields


def test_list_queries_stay_bounded_with_cards_and_terminology(
    curator_client: Any, many_rulings: dict[str, Any], django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(18):
        response = curator_client.get(RULINGS, {"review": "queue"})

    assert response.status_code == 200
