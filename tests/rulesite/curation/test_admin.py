"""The curators' admin: lists, search, filters, side-by-side forms, actions, history, roles."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from rulesite.cards.models import Card, Ruling

pytestmark = pytest.mark.django_db

RULINGS = reverse("admin:cards_ruling_changelist")
CARDS = reverse("admin:cards_card_changelist")


def listed(response: Any) -> list[Any]:
    return list(response.context["cl"].result_list)


def test_ruling_changelist_renders_with_bounded_queries(
    curator_client: Any, many_rulings: dict[str, Any], django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(15):
        response = curator_client.get(RULINGS)

    assert response.status_code == 200
    assert len(listed(response)) == 50
    assert b"Review the queue (2)" in response.content


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        ("copy a kicked", "If you copy a kicked spell, the copy is also kicked."),
        ("copiez un sort", "If you copy a kicked spell, the copy is also kicked."),
        ("bataille", "Burst Lightning can target a battle."),
    ],
)
def test_ruling_search_finds_english_and_french_text(
    curator_client: Any, clarifications: dict[str, Any], term: str, expected: str
) -> None:
    response = curator_client.get(RULINGS, {"q": term})

    assert [r.text_en for r in listed(response)] == [expected]


@pytest.mark.parametrize(
    ("params", "count"),
    [
        ({"source__exact": "scryfall"}, 1),
        ({"source__exact": "community"}, 1),
        ({"translation_status__exact": "machine"}, 1),
        ({"review": "missing"}, 1),
        ({"published_on__gte": "2021-01-01", "published_on__lt": "2023-01-01"}, 2),
    ],
)
def test_ruling_filters_by_source_status_and_date(
    curator_client: Any, clarifications: dict[str, Any], params: dict[str, str], count: int
) -> None:
    response = curator_client.get(RULINGS, params)

    assert response.status_code == 200
    assert len(listed(response)) == count


def test_ruling_filter_by_keyword(curator_client: Any, clarifications: dict[str, Any]) -> None:
    response = curator_client.get(RULINGS, {"keyword__id__exact": clarifications["kicker"].pk})

    assert len(listed(response)) == 2


def test_french_review_queue_lists_machine_and_needs_review_oldest_first(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    response = curator_client.get(reverse("admin:cards_ruling_review_queue"), follow=True)

    dates = [r.published_on for r in listed(response)]
    assert dates == [datetime.date(2020, 9, 25), datetime.date(2024, 11, 8)]
    assert {r.translation_status for r in listed(response)} == {"machine", "needs_review"}


def test_ruling_change_form_shows_english_and_french_side_by_side(
    curator_client: Any, clarifications: dict[str, Any], django_assert_max_num_queries: Any
) -> None:
    ruling = clarifications["rulings"][1]

    with django_assert_max_num_queries(20):
        response = curator_client.get(reverse("admin:cards_ruling_change", args=[ruling.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    assert "rulesite-side rulesite-en" in html
    assert "rulesite-side rulesite-fr" in html
    assert "curation/admin.css" in html
    assert "Si vous copiez un sort kické" in html
    assert " style=" not in html.split("<body")[1].split("</form>")[0].replace('style="display', "")


def test_ruling_autocomplete_for_cards_answers_by_name(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    response = curator_client.get(
        reverse("admin:autocomplete"),
        {"app_label": "cards", "model_name": "ruling", "field_name": "cards", "term": "gnarl"},
    )

    assert [r["text"] for r in response.json()["results"]] == ["Gnarlid Colony"]


def test_editing_french_marks_it_reviewed_and_history_records_who(
    curator_client: Any, curator: Any, clarifications: dict[str, Any]
) -> None:
    ruling = clarifications["rulings"][0]
    url = reverse("admin:cards_ruling_change", args=[ruling.pk])
    data = {
        "published_on": "2024-11-08",
        "source": "wotc",
        "keyword": clarifications["kicker"].pk,
        "cards": [clarifications["burst"].pk],
        "text_en": ruling.text_en,
        "text_fr": "La capacité de kick ne permet pas de payer un coût de kick plus d'une fois.",
        "translation_status": "machine",
    }

    response = curator_client.post(url, data)

    assert response.status_code == 302
    ruling.refresh_from_db()
    assert ruling.translation_status == Ruling.TranslationStatus.REVIEWED
    latest = ruling.history.first()
    assert latest.history_user == curator
    assert latest.history_date is not None


def test_history_change_can_be_reverted(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ruling = clarifications["rulings"][1]
    original = ruling.text_fr
    ruling.text_fr = "Texte vandalisé."
    ruling.save()
    first = ruling.history.earliest()

    page = curator_client.get(
        reverse("admin:cards_ruling_simple_history", args=[ruling.pk, first.history_id])
    )
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {
        name: (
            [str(v.pk) if hasattr(v, "pk") else str(v) for v in value]
            if isinstance(value := form.initial.get(name, field.initial), list | tuple)
            or hasattr(value, "all")
            else ("" if value is None else value)
        )
        for name, field in form.fields.items()
    }
    data["cards"] = [str(c.pk) for c in Card.objects.filter(rulings=ruling)]
    data["_change_history"] = "1"
    versions = ruling.history.count()
    response = curator_client.post(
        reverse("admin:cards_ruling_simple_history", args=[ruling.pk, first.history_id]), data
    )

    assert response.status_code == 302
    ruling.refresh_from_db()
    assert ruling.text_fr == original
    assert ruling.history.count() == versions + 1
    assert ruling.history.first().history_user is not None


def test_history_page_lists_changes(curator_client: Any, clarifications: dict[str, Any]) -> None:
    ruling = clarifications["rulings"][2]
    ruling.text_fr = "Une note de Scryfall."
    ruling.save()

    response = curator_client.get(reverse("admin:cards_ruling_history", args=[ruling.pk]))

    assert response.status_code == 200
    assert len(response.context["page_obj"].object_list) == ruling.history.count()
    assert "Une note de Scryfall." in response.content.decode()


def test_bulk_action_marks_french_reviewed_and_skips_rulings_without_french(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    ids = [r.pk for r in clarifications["rulings"][:3]]

    confirmation = curator_client.post(
        RULINGS, {"action": "mark_french_reviewed", "_selected_action": ids}
    )
    assert "Si vous copiez un sort kické" in confirmation.content.decode()
    assert Ruling.objects.filter(pk__in=ids, translation_status="reviewed").count() == 0

    response = curator_client.post(
        RULINGS,
        {"action": "mark_french_reviewed", "_selected_action": ids, "confirm": "yes"},
        follow=True,
    )

    statuses = dict(Ruling.objects.filter(pk__in=ids).values_list("pk", "translation_status"))
    assert statuses == {ids[0]: "reviewed", ids[1]: "reviewed", ids[2]: "missing"}
    text = response.content.decode()
    assert "2 clarifications marked" in text
    assert "1 clarification has no French text" in text
    assert Ruling.objects.get(pk=ids[0]).history.first().history_change_reason == "French reviewed"


def test_bulk_action_marks_french_needs_review(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    reviewed = clarifications["rulings"][3]

    curator_client.post(
        RULINGS,
        {"action": "mark_french_needs_review", "_selected_action": [reviewed.pk], "confirm": "yes"},
    )

    reviewed.refresh_from_db()
    assert reviewed.translation_status == Ruling.TranslationStatus.NEEDS_REVIEW


def test_card_changelist_renders_with_bounded_queries(
    curator_client: Any, many_rulings: dict[str, Any], django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(12):
        response = curator_client.get(CARDS)

    assert response.status_code == 200
    assert len(listed(response)) == 50


@pytest.mark.parametrize("term", ["Éclair", "eclair", "ECLAIR EXPLOSIF", "burst"])
def test_card_search_by_english_or_french_name_with_or_without_accents(
    curator_client: Any, clarifications: dict[str, Any], term: str
) -> None:
    response = curator_client.get(CARDS, {"q": term})

    assert [c.name for c in listed(response)] == ["Burst Lightning"]


def test_card_change_form_has_inline_clarifications(
    curator_client: Any, clarifications: dict[str, Any], django_assert_max_num_queries: Any
) -> None:
    card = clarifications["burst"]

    with django_assert_max_num_queries(25):
        response = curator_client.get(reverse("admin:cards_card_change", args=[card.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    assert "rulesite-side rulesite-fr" in html
    assert "Le kick ne permet pas de payer" in html  # French of an inline clarification


def test_card_saved_in_admin_refreshes_search_name(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    card = clarifications["colony"]
    url = reverse("admin:cards_card_change", args=[card.pk])
    page = curator_client.get(url)
    formset = page.context["inline_admin_formsets"][0].formset
    data = {
        "oracle_id": "",
        "slug": card.slug,
        "name": card.name,
        "name_fr": "Colonie de gnarlidés",
        "mana_cost": card.mana_cost,
        "mana_value": "2",
        "type_line": card.type_line,
        "type_line_fr": "",
        "oracle_text": "",
        "printed_text_fr": "",
        "colors": "G",
        "power": "",
        "toughness": "",
        "loyalty": "",
        f"{formset.prefix}-TOTAL_FORMS": "0",
        f"{formset.prefix}-INITIAL_FORMS": "0",
    }

    response = curator_client.post(url, data)

    assert response.status_code == 302
    card.refresh_from_db()
    assert card.search_name == "gnarlid colony colonie de gnarlides"


def test_keyword_and_rule_changelists_render(curator_client: Any, clarifications: Any) -> None:
    assert curator_client.get(reverse("admin:cards_keyword_changelist")).status_code == 200
    assert curator_client.get(reverse("admin:cards_rule_changelist")).status_code == 200


def test_curator_cannot_reach_user_admin(curator_client: Any) -> None:
    assert curator_client.get(reverse("admin:auth_user_changelist")).status_code == 403
    assert curator_client.get(reverse("admin:auth_group_changelist")).status_code == 403


def test_curator_is_not_superuser_but_can_change_clarifications_and_cards(curator: Any) -> None:
    assert not curator.is_superuser
    assert curator.has_perm("cards.change_ruling")
    assert curator.has_perm("cards.add_ruling")
    assert curator.has_perm("cards.change_card")
    assert not curator.has_perm("cards.delete_card")
    assert not curator.has_perm("auth.change_user")


def test_curator_group_moderates_scenarios_when_the_app_has_models() -> None:
    from django.apps import apps

    models = list(apps.get_app_config("scenarios").get_models())
    group = Group.objects.get(name="curator")
    granted = set(group.permissions.values_list("content_type__app_label", "codename"))

    records = {"moderationdecision", "scenarioflag"}
    for model in models:
        name = model._meta.model_name
        assert ("scenarios", f"view_{name}") in granted
        if name in records:  # what moderators and readers did is kept as it was
            assert ("scenarios", f"delete_{name}") not in granted
        else:
            assert ("scenarios", f"change_{name}") in granted
            assert ("scenarios", f"delete_{name}") in granted
    assert not Permission.objects.filter(group=group, content_type__app_label="auth").exists()


def test_anonymous_user_is_redirected_to_admin_login(client: Any) -> None:
    for url in (reverse("admin:index"), RULINGS, CARDS):
        response = client.get(url)

        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))


def test_non_staff_user_cannot_use_the_admin(client: Any, django_user_model: Any) -> None:
    user = django_user_model.objects.create_user(username="reader", password="x-x-x-x-x")
    client.force_login(user)

    response = client.get(RULINGS)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))
