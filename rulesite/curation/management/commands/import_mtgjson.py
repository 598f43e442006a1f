"""``manage.py import_mtgjson PATH…`` — MTGJSON v5 set files, AtomicCards or AllPrintings."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from rulesite.curation.management.base import ImportCommand
from rulesite.curation.services.importing import ImportReport, import_cards
from rulesite.curation.sources import MtgjsonReader, expand_paths


class Command(ImportCommand):
    help = (
        "Import cards, French printed text, keywords and official rulings from MTGJSON v5 files "
        "(.json or .json.gz; set files, AtomicCards or AllPrintings; directories are expanded). "
        "One transaction; a second run of the same files writes nothing."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="files or directories")
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        def work() -> ImportReport:
            files = expand_paths(options["paths"])
            reader = MtgjsonReader()
            reader.read(files, progress=self.progress_enabled(options))
            report = import_cards(
                records=reader.records(),
                reason=f"import_mtgjson ({len(files)} file{'s' if len(files) > 1 else ''})",
                dry_run=options["dry_run"],
                sources=[str(f) for f in files],
            )
            for reason, n in reader.stats.skipped.items():
                report.skip(reason, n)
            if options["verbosity"] > 0:
                self.stdout.write(
                    f"Read {reader.stats.printings} printings from {reader.stats.files} files."
                )
            return report

        self.run_import(options, work)
