"""``manage.py setup_curators [--add USERNAME…]`` — the "curator" group and its members."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from rulesite.curation.services.roles import CURATOR_GROUP, setup_curator_group


class Command(BaseCommand):
    help = (
        'Create or refresh the "curator" group: edit cards, clarifications, keywords and rules, '
        "see and revert their history, moderate scenarios — without superuser rights. "
        "--add makes existing users curators (staff, member of the group, not superusers: "
        "a superuser added here loses superuser rights, unless it is the only one)."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--add", nargs="+", default=[], metavar="USERNAME", help="users to make curators"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        with transaction.atomic():
            group, count = setup_curator_group()
            users = []
            for username in options["add"]:
                try:
                    users.append(user_model._default_manager.get_by_natural_key(username))
                except user_model.DoesNotExist as exc:
                    raise CommandError(f"No user named {username!r}; nothing was changed.") from exc
            demoted = []
            for user in users:
                if user.is_superuser:
                    others = user_model._default_manager.filter(is_superuser=True, is_active=True)
                    if not others.exclude(pk=user.pk).exists():
                        raise CommandError(
                            f"{user.get_username()} is the only superuser; curators are not "
                            "superusers. Create another superuser first, or give curation its "
                            "own account. Nothing was changed."
                        )
                    demoted.append(user.get_username())
                user.is_staff = True
                user.is_superuser = False
                user.save(update_fields=["is_staff", "is_superuser"])
                user.groups.add(group)
        self.stdout.write(f'Group "{CURATOR_GROUP}" has {count} permissions.')
        for user in users:
            self.stdout.write(f"{user.get_username()} is a curator.")
        for name in demoted:
            self.stdout.write(
                f"{name} was a superuser and is not any more: curators work without "
                "superuser rights."
            )
