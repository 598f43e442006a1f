"""``manage.py import_rules FILE…``: load official Comprehensive Rules text files.

Each file is one edition, kept beside the others: its rules, its glossary and its effective
date. Rules are linked across editions (renumberings derived from the texts); the newest
edition is the site's current rules. Each file is imported in its own transaction; a file that
cannot be read writes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from rulesite.cards.services import store_rule_edition
from rulesite.core.database import statement_timeout_lifted
from rulesite.curation.crfile import CRFormatError, decode_rules_file, parse_comprehensive_rules


class Command(BaseCommand):
    help = "Import Comprehensive Rules editions from the official .txt files (MagicCompRules-…)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files", nargs="+", type=Path, help="paths to MagicCompRules-YYYYMMDD.txt"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        for path in options["files"]:
            self.import_file(path)

    def import_file(self, path: Path) -> None:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from exc
        try:
            edition = parse_comprehensive_rules(decode_rules_file(data))
        except CRFormatError as exc:
            raise CommandError(f"{path} is not a Comprehensive Rules file: {exc}") from exc
        if edition.effective_on is None:
            raise CommandError(
                f"{path} is not a Comprehensive Rules file: no effective date "
                "(expected a line such as 'These rules are effective as of January 16, 2026.')"
            )
        with statement_timeout_lifted(), transaction.atomic():
            report = store_rule_edition(edition=edition, source=path.name)
        self.stdout.write(f"{path.name} (effective {report.edition}): {len(edition.rules)} rules")
        for line in report.lines():
            self.stdout.write(self.style.SUCCESS(line) if line.startswith("rules:") else line)
