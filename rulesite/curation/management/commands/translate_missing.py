"""``manage.py translate_missing`` — machine-translate clarifications that have no French."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rulesite.cards.models import Ruling
from rulesite.curation.services.translation import (
    TranslationError,
    translate_missing,
    translation_backend,
)


class Command(BaseCommand):
    help = (
        "Fill the French text of clarifications whose translation is missing through the "
        "machine-translation backend named by RULESITE_TRANSLATION_BACKEND (or --backend), and "
        "mark it machine-translated (shown with the notice, queued for review)."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--backend", help="dotted path of the backend class (overrides the setting)"
        )
        parser.add_argument("--limit", type=int, help="translate at most this many clarifications")
        parser.add_argument("--batch-size", type=int, default=50, help="texts per backend call")
        parser.add_argument(
            "--dry-run", action="store_true", help="count what would be translated, call nothing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["limit"] is not None and options["limit"] < 1:
            raise CommandError("--limit must be at least 1")
        if options["batch_size"] < 1:
            raise CommandError("--batch-size must be at least 1")
        missing = Ruling.objects.filter(translation_status=Ruling.TranslationStatus.MISSING)
        if options["dry_run"]:
            self.stdout.write(f"{missing.count()} clarifications have no French.")
            return
        try:
            backend = translation_backend(options["backend"])
            report = translate_missing(
                backend=backend, limit=options["limit"], batch_size=options["batch_size"]
            )
        except TranslationError as exc:
            raise CommandError(str(exc)) from exc
        if report.glossary_terms:
            self.stdout.write(f"Sent the glossary ({report.glossary_terms} terms) to the backend.")
        if report.translated:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Translated {report.translated} clarifications (marked machine-translated)."
                )
            )
        else:
            self.stdout.write("Nothing to translate: every clarification has French.")
        if report.remaining:
            self.stdout.write(f"{report.remaining} still without French.")
