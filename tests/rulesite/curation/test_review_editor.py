"""The review editor: one clarification of the queue at a time, save and next, skip, the
terminology check, suggestions, with and without htmx."""

from __future__ import annotations

import datetime
from html import unescape
from typing import Any

import pytest
from django.urls import reverse

from rulesite.cards.models import Ruling
from rulesite.curation.models import FrenchSuggestion, ImportEvent, ImportRun
from rulesite.curation.services.review import save_review

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def editor(ruling: Ruling, query: str = "") -> str:
    url = reverse("admin:cards_ruling_review", args=[ruling.pk])
    return f"{url}?{query}" if query else url


def queue_order(clarifications: dict[str, Any]) -> list[Ruling]:
    """The fixture's queue: the 2020 needs-review ruling, then the 2024 machine one."""
    rulings = clarifications["rulings"]
    return [rulings[1], rulings[0]]


def test_start_opens_the_first_clarification_of_the_queue(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    response = curator_client.get(reverse("admin:cards_ruling_review_start"))

    assert response.status_code == 302
    assert response["Location"] == editor(queue_order(clarifications)[0])


def test_editor_shows_english_french_cards_and_terminology(
    curator_client: Any, clarifications: dict[str, Any], django_assert_max_num_queries: Any
) -> None:
    ruling = queue_order(clarifications)[0]

    with django_assert_max_num_queries(30):
        response = curator_client.get(editor(ruling))

    html = response.content.decode()
    assert response.status_code == 200
    assert "If you copy a kicked spell, the copy is also kicked." in html
    assert "Si vous copiez un sort kické" in html
    assert "Burst Lightning" in html
    assert "Gnarlid Colony" in html
    assert "1 other clarification to review in this queue." in html
    assert 'data-shortcut="ctrl+enter"' in html
    assert "curation/review.js" in html


def test_editor_with_htmx_returns_only_the_editor(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    response = curator_client.get(editor(queue_order(clarifications)[0]), headers=HX)

    body = response.content.decode()
    assert body.lstrip().startswith('<div id="review-editor"')
    assert "<html" not in body


def test_save_as_reviewed_and_next_without_javascript_redirects_to_the_next(
    curator_client: Any, curator: Any, clarifications: dict[str, Any]
) -> None:
    first, second = queue_order(clarifications)
    french = "Si vous copiez un sort kické, la copie est kickée aussi."

    response = curator_client.post(editor(first), {"text_fr": french, "action": "reviewed"})

    assert response.status_code == 303
    assert response["Location"] == editor(second)
    first.refresh_from_db()
    assert (first.text_fr, first.translation_status) == (french, "reviewed")
    record = first.history.first()
    assert record.history_user == curator
    assert sorted(link.card.name for link in record.cards.all()) == [
        "Burst Lightning",
        "Gnarlid Colony",
    ]


def test_save_and_next_with_htmx_swaps_in_the_next_and_pushes_its_url(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    first, second = queue_order(clarifications)

    response = curator_client.post(
        editor(first), {"text_fr": first.text_fr, "action": "reviewed"}, headers=HX
    )

    assert response.status_code == 200
    assert response["HX-Push-Url"] == editor(second)
    assert f'data-ruling="{second.pk}"' in response.content.decode()


def test_saving_unchanged_french_as_draft_writes_nothing(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    first = queue_order(clarifications)[0]
    records = first.history.count()

    curator_client.post(editor(first), {"text_fr": first.text_fr + "\r\n", "action": "draft"})

    assert first.history.count() == records


def test_skip_moves_on_without_saving(curator_client: Any, clarifications: dict[str, Any]) -> None:
    first, second = queue_order(clarifications)

    response = curator_client.post(editor(first), {"text_fr": "changed", "action": "skip"})

    assert response["Location"] == editor(second)
    first.refresh_from_db()
    assert first.text_fr.startswith("Si vous copiez")


def test_last_of_the_queue_leads_to_the_end_page(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    first, second = queue_order(clarifications)
    curator_client.post(editor(first), {"text_fr": first.text_fr, "action": "reviewed"})

    response = curator_client.post(
        editor(second), {"text_fr": second.text_fr, "action": "reviewed"}, follow=True
    )

    assert "Nothing left to review in this queue." in response.content.decode()


def test_french_with_a_term_rendered_otherwise_gets_a_warning_and_is_not_saved(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ruling = clarifications["rulings"][0]  # "…doesn't let you pay a kicker cost more than once."
    wrong = "Le kick ne permet pas de payer un coût de kicker plus d'une fois."

    response = curator_client.post(editor(ruling), {"text_fr": wrong, "action": "reviewed"})

    html = response.content.decode()
    assert response.status_code == 200
    assert "“kicker cost” is “coût de kick” in the French rules." in html
    ruling.refresh_from_db()
    assert ruling.translation_status == "machine"


EMPTY_REVIEWED = (
    "A reviewed translation needs French text; to drop the French, empty the box and use "
    "“Save, still to review, and next”."
)


@pytest.mark.parametrize("emptied", ["", "  \r\n  "])
def test_saving_empty_french_as_reviewed_is_refused_on_the_same_page(
    curator_client: Any, clarifications: dict[str, Any], emptied: str
) -> None:
    ruling = queue_order(clarifications)[0]
    before = (ruling.text_fr, ruling.translation_status)
    records = ruling.history.count()

    response = curator_client.post(editor(ruling), {"text_fr": emptied, "action": "reviewed"})

    assert response.status_code == 200
    assert EMPTY_REVIEWED in unescape(response.content.decode())
    ruling.refresh_from_db()
    assert (ruling.text_fr, ruling.translation_status) == before
    assert ruling.history.count() == records


def test_ctrl_enter_with_empty_french_keeps_the_editor_on_the_same_clarification(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ruling = queue_order(clarifications)[0]  # Ctrl+Enter posts "reviewed" through htmx

    response = curator_client.post(
        editor(ruling), {"text_fr": "", "action": "reviewed"}, headers=HX
    )

    body = unescape(response.content.decode())
    assert response.status_code == 200
    assert "HX-Push-Url" not in response
    assert f'data-ruling="{ruling.pk}"' in body
    assert EMPTY_REVIEWED in body
    ruling.refresh_from_db()
    assert ruling.translation_status == "needs_review"


def test_refusal_of_empty_french_is_explained_in_french_to_a_french_curator(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ruling = queue_order(clarifications)[0]

    response = curator_client.post(
        editor(ruling), {"text_fr": "", "action": "reviewed"}, HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert response.status_code == 200
    assert (
        "Une traduction relue doit avoir un texte français ; pour retirer le français, videz "
        "la zone et utilisez « Enregistrer, toujours à relire, et suivante »."
    ) in unescape(response.content.decode())


def test_save_review_refuses_reviewed_without_french_and_writes_nothing(
    curator: Any, clarifications: dict[str, Any]
) -> None:
    ruling = queue_order(clarifications)[0]
    records = ruling.history.count()

    with pytest.raises(ValueError, match="needs French text"):
        save_review(ruling=ruling, text_fr=" \r\n", status="reviewed", user=curator)

    stored = Ruling.objects.get(pk=ruling.pk)
    assert (stored.text_fr, stored.translation_status) == (
        "Si vous copiez un sort kické, la copie est aussi kickée.",
        "needs_review",
    )
    assert ruling.history.count() == records


def test_terminology_warning_can_be_confirmed(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ruling = clarifications["rulings"][0]
    wrong = "Le kick ne permet pas de payer un coût de kicker plus d'une fois."

    curator_client.post(
        editor(ruling), {"text_fr": wrong, "action": "reviewed", "confirm_terms": "on"}
    )

    ruling.refresh_from_db()
    assert (ruling.text_fr, ruling.translation_status) == (wrong, "reviewed")


def test_using_a_suggestion_fills_the_box_and_saving_accepts_it(
    curator_client: Any, curator: Any, clarifications: dict[str, Any]
) -> None:
    ruling = clarifications["rulings"][2]  # no French yet
    suggestion = FrenchSuggestion.objects.create(
        ruling=ruling,
        kind=FrenchSuggestion.Kind.MEMORY,
        text_fr="Une note de Scryfall sur l'Éclair explosif.",
        source_text_en=ruling.text_en,
    )

    filled = curator_client.post(editor(ruling), {"text_fr": "", "use": str(suggestion.pk)})

    html = filled.content.decode()
    assert "Une note de Scryfall sur l'Éclair explosif.</textarea>" in unescape(html)
    assert f'name="suggestion" value="{suggestion.pk}"' in html
    curator_client.post(
        editor(ruling),
        {"text_fr": suggestion.text_fr, "suggestion": suggestion.pk, "action": "reviewed"},
    )
    suggestion.refresh_from_db()
    assert (suggestion.state, suggestion.decided_by) == ("accepted", curator)
    ruling.refresh_from_db()
    assert ruling.text_fr == suggestion.text_fr


def test_reviewing_offers_the_french_to_the_same_english_elsewhere(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ruling = queue_order(clarifications)[0]
    twin = Ruling.objects.create(
        published_on=datetime.date(2009, 10, 1), text_en=ruling.text_en.replace("'", "’")
    )

    curator_client.post(editor(ruling), {"text_fr": ruling.text_fr, "action": "reviewed"})

    suggestion = twin.french_suggestions.get()
    assert (suggestion.kind, suggestion.text_fr) == ("memory", ruling.text_fr)


def test_close_english_offers_the_nearest_reviewed_french(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    reviewed = clarifications["rulings"][3]  # "Burst Lightning can target a battle." (reviewed)
    close = Ruling.objects.create(
        published_on=datetime.date(2023, 1, 1),
        source="community",
        text_en="Burst Lightning can target a battle you control.",
    )

    html = curator_client.get(editor(close)).content.decode()

    assert "Translation memory: close English, reviewed" in html
    assert reviewed.text_fr.replace("'", "&#x27;") in html


def test_acknowledging_an_import_notice_takes_the_ruling_out_of_the_queue(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    withdrawn = clarifications["rulings"][3]
    run = ImportRun.objects.create(
        command="import_mtgjson", reason="r", started_at=datetime.datetime.now(datetime.UTC)
    )
    ImportEvent.objects.create(
        run=run,
        kind="withdrawn",
        ruling=withdrawn,
        ruling_ref=withdrawn.pk,
        text_en=withdrawn.text_en,
        needs_attention=True,
    )
    start = curator_client.get(reverse("admin:cards_ruling_review_start"))
    assert start["Location"] == editor(withdrawn)  # import notices come first

    curator_client.post(editor(withdrawn), {"text_fr": withdrawn.text_fr, "action": "acknowledge"})

    event = ImportEvent.objects.get()
    assert event.resolved_at is not None
    again = curator_client.get(reverse("admin:cards_ruling_review_start"))
    assert again["Location"] != editor(withdrawn)


def test_editor_keeps_the_list_filters_from_one_to_the_next(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    first, _second = queue_order(clarifications)

    response = curator_client.get(reverse("admin:cards_ruling_review_start") + "?source=wotc")

    assert response["Location"] == editor(first, "source=wotc")


def test_a_user_without_change_permission_cannot_review(
    client: Any, django_user_model: Any, clarifications: dict[str, Any]
) -> None:
    viewer = django_user_model.objects.create_user(
        username="viewer", password="x-x-x-x-x", is_staff=True
    )
    client.force_login(viewer)

    response = client.get(editor(clarifications["rulings"][0]))

    assert response.status_code == 403
