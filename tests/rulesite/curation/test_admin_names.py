"""The cards app and its models are named in the curator's language in the admin (the index,
the lists' titles, buttons and columns)."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest

from rulesite.cards.models import Rule

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def page(client: Any, url: str, **headers: str) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200
    return unescape(response.content.decode())


def test_french_admin_index_names_the_cards_app_and_its_models_in_french(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    html = page(curator_client, "/admin/", **FRENCH)

    assert 'title="Modèles de l’application Cartes">Cartes</a>' in html
    assert '<a href="/admin/cards/card/">Cartes</a>' in html
    assert '<a href="/admin/cards/keyword/">Mots-clés</a>' in html
    assert '<a href="/admin/cards/rule/">Règles</a>' in html
    assert '<a href="/admin/cards/ruling/">Clarifications</a>' in html


def test_french_ruling_list_says_clarification_and_names_its_columns_in_french(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    html = page(curator_client, "/admin/cards/ruling/", **FRENCH)

    assert "Sélectionnez l’objet clarification à changer" in html
    assert "Ajouter clarification" in html
    assert "Publiée le</a>" in html
    assert "Mot-clé</a>" in html
    assert "objet ruling" not in html


def test_english_ruling_list_says_clarification(
    curator_client: Any, clarifications: dict[str, Any]
) -> None:
    html = page(curator_client, "/admin/cards/ruling/")

    assert "Select clarification to change" in html
    assert "Add clarification" in html
    assert "Published on</a>" in html


@pytest.mark.parametrize(
    ("url", "title", "columns"),
    [
        (
            "/admin/cards/card/",
            "Sélectionnez l’objet carte à changer",
            ["Nom", "Nom français", "Coût de mana", "Ligne de type"],
        ),
        (
            "/admin/cards/keyword/",
            "Sélectionnez l’objet mot-clé à changer",
            ["Nom anglais", "Nom français", "Numéro de règle"],
        ),
        (
            "/admin/cards/rule/",
            "Sélectionnez l’objet règle à changer",
            ["Numéro", "Titre", "Édition"],
        ),
    ],
)
def test_french_card_keyword_and_rule_lists_are_named_in_french(
    curator_client: Any, clarifications: dict[str, Any], url: str, title: str, columns: list[str]
) -> None:
    Rule.objects.create(number="702.33", title="Kicker", text_en="Kicker is a static ability.")

    html = page(curator_client, url, **FRENCH)

    assert title in html
    for column in columns:
        assert f"{column}</a>" in html
