"""``manage.py import_rules FILE``: load the official Comprehensive Rules text file.

Every rule (number, section title, English text, parent) is upserted in one transaction; French
text already in the database is kept. A file that cannot be read writes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from rulesite.cards.crfile import CRFormatError, decode_rules_file, parse_comprehensive_rules
from rulesite.cards.services import import_rules


class Command(BaseCommand):
    help = "Import the Comprehensive Rules from the official .txt file (e.g. MagicCompRules-…)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="path to MagicCompRules-YYYYMMDD.txt")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from exc
        try:
            parsed = parse_comprehensive_rules(decode_rules_file(data))
        except CRFormatError as exc:
            raise CommandError(f"{path} is not a Comprehensive Rules file: {exc}") from exc
        with transaction.atomic():
            counts = import_rules(parsed=parsed)
        edition = parsed.edition or "unknown date"
        self.stdout.write(f"{path.name} (effective {edition}): {len(parsed.rules)} rules")
        self.stdout.write(self.style.SUCCESS(f"rules: {counts}"))
