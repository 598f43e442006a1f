"""setup_curators: the "curator" group exists after migrate and can be refreshed."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def test_migrate_creates_the_curator_group() -> None:
    group = Group.objects.get(name="curator")

    assert group.permissions.filter(codename="change_ruling").exists()


def test_setup_curators_restores_deleted_permissions_and_adds_users(django_user_model: Any) -> None:
    Group.objects.get(name="curator").permissions.clear()
    user = django_user_model.objects.create_user(username="lea", password="x-x-x-x-x")
    out = StringIO()

    call_command("setup_curators", "--add", "lea", stdout=out)

    user.refresh_from_db()
    assert user.is_staff
    assert not user.is_superuser
    assert user.has_perm("cards.change_ruling")
    assert "lea is a curator." in out.getvalue()


def test_setup_curators_unknown_user_changes_nothing(django_user_model: Any) -> None:
    django_user_model.objects.create_user(username="lea", password="x-x-x-x-x")

    with pytest.raises(CommandError, match="No user named 'nobody'"):
        call_command("setup_curators", "--add", "lea", "nobody", stdout=StringIO())

    assert not django_user_model.objects.get(username="lea").is_staff


def test_setup_curators_add_leaves_no_superuser(django_user_model: Any) -> None:
    django_user_model.objects.create_superuser(username="root", password="x-x-x-x-x")
    alice = django_user_model.objects.create_superuser(username="alice", password="x-x-x-x-x")
    out = StringIO()

    call_command("setup_curators", "--add", "alice", stdout=out)

    alice.refresh_from_db()
    assert (alice.is_staff, alice.is_superuser) == (True, False)
    assert alice.groups.filter(name="curator").exists()
    assert not alice.has_perm("auth.change_user")
    assert "alice was a superuser and is not any more" in out.getvalue()


def test_setup_curators_refuses_to_demote_the_only_superuser(django_user_model: Any) -> None:
    django_user_model.objects.create_superuser(username="alice", password="x-x-x-x-x")

    with pytest.raises(CommandError, match="alice is the only superuser"):
        call_command("setup_curators", "--add", "alice", stdout=StringIO())

    assert django_user_model.objects.get(username="alice").is_superuser
