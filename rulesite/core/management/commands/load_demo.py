"""``manage.py load_demo``: load the committed demo data set, idempotently, in one transaction."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from rulesite.cards.services import load_demo_cards
from rulesite.scenarios.services import load_demo_scenarios


class Command(BaseCommand):
    help = (
        "Load the demo data (cards, clarifications, keywords, rules and every app's demo "
        "content). Running it twice changes nothing."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        lines: list[str] = []
        with transaction.atomic():
            lines += load_demo_cards().lines()
            # Other apps' demo loaders: one call per app, here, inside the same transaction
            # (e.g. rulesite.scenarios.services.load_demo_scenarios()).
            # -- other demo loaders: begin --
            lines += load_demo_scenarios().lines()
            # -- other demo loaders: end --
        if options["verbosity"] > 0:
            for line in lines:
                self.stdout.write(line)
            self.stdout.write(self.style.SUCCESS("demo data loaded"))
