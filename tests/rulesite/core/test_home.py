"""The home page: search box and the way into the seed cards and keywords, in both languages."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_home_page_fr_links_seed_cards_by_french_name(client: Client) -> None:
    response = client.get("/fr/")

    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("<h1") == 1
    assert '<a href="/fr/cards/burst-lightning/">Éclair explosif</a>' in html
    assert '<a href="/fr/keywords/kicker/">Kick</a>' in html
    assert "Les clarifications des cartes Magic, en français et en anglais" in html


@pytest.mark.django_db
def test_home_page_en_has_a_search_form_that_works_without_javascript(client: Client) -> None:
    html = client.get("/en/").content.decode()

    assert 'action="/en/cards/" method="get"' in html
    assert '<a href="/en/cards/kavu-primarch/">Kavu Primarch</a>' in html
