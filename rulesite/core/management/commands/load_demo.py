"""``manage.py load_demo``: load the committed demo data set, idempotently, in one transaction.

Each app brings its own demo data: an app whose ``AppConfig`` has a ``load_demo()`` method
(returning the lines to report) is loaded, in the order of ``INSTALLED_APPS`` (cards before
the scenarios that name them). The command knows no app.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand
from django.db import transaction


class Command(BaseCommand):
    help = (
        "Load the demo data (cards, clarifications, keywords, rules and every app's demo "
        "content). Running it twice changes nothing."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        lines: list[str] = []
        with transaction.atomic():
            for config in apps.get_app_configs():
                load = getattr(config, "load_demo", None)
                if callable(load):
                    lines += load()
        if options["verbosity"] > 0:
            for line in lines:
                self.stdout.write(line)
            self.stdout.write(self.style.SUCCESS("demo data loaded"))
