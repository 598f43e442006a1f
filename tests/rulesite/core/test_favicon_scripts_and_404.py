"""Small things every visitor meets: one htmx script, a favicon, the site's own 404 page."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client, override_settings


@pytest.mark.django_db
def test_each_page_includes_htmx_and_django_htmx_once(client: Client) -> None:
    html = client.get("/en/").content.decode()

    assert html.count("django-htmx.js") <= 1
    assert html.count("htmx-2.min.js") == 1


@pytest.mark.django_db
def test_pages_link_a_favicon_and_favicon_ico_leads_to_it(client: Client) -> None:
    html = client.get("/en/").content.decode()
    response = client.get("/favicon.ico")
    icon = finders.find("favicon.svg")

    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    assert response.status_code == 301
    assert response["Location"] == "/static/favicon.svg"
    assert icon is not None
    assert Path(icon).read_text().startswith("<svg")


@pytest.mark.parametrize(
    "path", ["/en/cards/no-such-card/", "/fr/keywords/no-such-keyword/", "/en/no-such-page"]
)
@override_settings(DEBUG=True)
def test_unknown_page_shows_the_site_404_page_under_debug_too(
    client: Client, demo_data: None, path: str
) -> None:
    response = client.get(path)

    html = response.content.decode()
    assert response.status_code == 404
    assert 'role="search"' in html
    assert "URLconf" not in html
    assert "Django tried these URL patterns" not in html


@override_settings(DEBUG=True)
def test_missing_rule_keeps_its_own_404_page_under_debug(client: Client, demo_data: None) -> None:
    response = client.get("/en/rules/999.9z/")

    assert response.status_code == 404
    assert "Rule 999.9z is not in our copy" in response.content.decode()


@override_settings(DEBUG=True)
def test_missing_slash_still_redirects_under_debug(client: Client, demo_data: None) -> None:
    response = client.get("/en/cards/burst-lightning")

    assert response.status_code == 301
    assert response["Location"] == "/en/cards/burst-lightning/"


@override_settings(DEBUG=True)
def test_api_404_stays_json_under_debug(client: Client, demo_data: None) -> None:
    response = client.get("/api/v1/cards/no-such-card")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
