"""``manage.py recheck_scenarios``: re-evaluate every scenario with the current engine."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rulesite.scenarios.services import recheck_scenarios


class Command(BaseCommand):
    help = (
        "Re-evaluate every pending and published scenario with the current engine. Scenarios "
        "whose answer changed are marked (both answers kept, the stored one never replaced) "
        "for a curator to accept the new answer or keep the old one as a known issue."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--fail-on-change",
            action="store_true",
            help="exit with status 1 when any scenario newly needs a curator (for CI)",
        )
        parser.add_argument(
            "--include-rejected", action="store_true", help="re-check rejected scenarios too"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        report = recheck_scenarios(include_rejected=options["include_rejected"])
        self.stdout.write(
            f"checked {report.checked}: same {report.same}, changed {report.changed}, "
            f"known issues {report.known_issue}, no longer valid {report.invalid}"
        )
        if report.changed_ids:
            self.stdout.write("needs a curator: " + ", ".join(str(pk) for pk in report.changed_ids))
        if options["fail_on_change"] and report.needs_curator:
            raise CommandError(
                f"{report.needs_curator} scenario(s) changed answer; see the admin's "
                "'answer changed' filter"
            )
