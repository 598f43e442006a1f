"""``manage.py import_scryfall ORACLE_CARDS.json RULINGS.json [--all-cards ALL_CARDS.json]``."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from rulesite.curation.management.base import ImportCommand
from rulesite.curation.services.importing import ImportReport, import_cards
from rulesite.curation.sources import ScryfallReader


class Command(ImportCommand):
    help = (
        "Import Scryfall bulk files: oracle cards and rulings (source wotc/scryfall kept), and "
        "the French printed name, type and text from all cards (lang fr) when given. "
        "Files may be gzip-compressed. One transaction; a second run writes nothing."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("oracle_cards", type=Path, help="Scryfall oracle_cards bulk file")
        parser.add_argument("rulings", type=Path, help="Scryfall rulings bulk file")
        parser.add_argument(
            "--all-cards", type=Path, help="Scryfall all_cards bulk file (for French printings)"
        )
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        progress = self.progress_enabled(options)

        def work() -> ImportReport:
            reader = ScryfallReader()
            reader.read_rulings(options["rulings"], progress=progress)
            if options["all_cards"]:
                reader.read_all_cards(options["all_cards"], progress=progress)
            report = import_cards(
                records=reader.read_cards(options["oracle_cards"], progress=progress),
                reason="import_scryfall",
                dry_run=options["dry_run"],
                sources=[
                    str(p)
                    for p in (options["oracle_cards"], options["rulings"], options["all_cards"])
                    if p
                ],
            )
            for reason, n in reader.stats.skipped.items():
                report.skip(reason, n)
            if reader.stats.rulings_unknown_card:
                report.skip(
                    "rulings of cards not in the oracle file", reader.stats.rulings_unknown_card
                )
            return report

        self.run_import(options, work)
