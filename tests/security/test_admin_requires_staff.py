"""The admin is unreachable without a staff login, for every model it manages."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse


def admin_urls() -> list[str]:
    urls = [reverse("admin:index")]
    for model in admin.site._registry:
        opts = model._meta
        urls.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
        urls.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_add"))
    return urls


def test_the_admin_manages_the_site_content() -> None:
    urls = admin_urls()

    assert "/admin/auth/user/" in urls
    assert any(url.startswith("/admin/cards/") for url in urls)


@pytest.mark.django_db
def test_anonymous_visitors_are_sent_to_the_login_page(client: Client) -> None:
    answers = {url: client.get(url) for url in admin_urls()}

    assert {url: r.status_code for url, r in answers.items()} == dict.fromkeys(answers, 302)
    assert all(r["Location"].startswith("/admin/login/") for r in answers.values())


@pytest.mark.django_db
def test_signed_in_users_who_are_not_staff_are_sent_to_the_login_page(client: Client) -> None:
    client.force_login(User.objects.create_user("reader", password="pw"))

    answers = {url: client.get(url).status_code for url in admin_urls()}

    assert answers == dict.fromkeys(answers, 302)


@pytest.mark.django_db
def test_staff_without_permissions_cannot_open_model_pages(client: Client) -> None:
    client.force_login(User.objects.create_user("helper", password="pw", is_staff=True))

    answers = {url: client.get(url).status_code for url in admin_urls()[1:]}

    assert answers == dict.fromkeys(answers, 403)


@pytest.mark.django_db
def test_anonymous_post_to_an_admin_page_changes_nothing(client: Client) -> None:
    User.objects.create_user("reader", password="pw")

    response = client.post("/admin/auth/user/add/", {"username": "intruder"})

    assert response.status_code == 302
    assert not User.objects.filter(username="intruder").exists()
