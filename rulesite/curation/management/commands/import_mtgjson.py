"""``manage.py import_mtgjson PATH…`` — MTGJSON v5 set files, AtomicCards or AllPrintings."""

from __future__ import annotations

from argparse import ArgumentParser
from collections.abc import Iterator
from typing import Any

from rulesite.curation.management.base import ImportCommand
from rulesite.curation.records import CardRecord
from rulesite.curation.services.importing import ImportReport, import_cards, input_fingerprint
from rulesite.curation.sources import MtgjsonReader, expand_paths


class Command(ImportCommand):
    help = (
        "Import cards, French printed text, keywords and official rulings from MTGJSON v5 files "
        "(.json or .json.gz; set files, AtomicCards or AllPrintings; directories are expanded). "
        "One transaction; a second run of the same files writes nothing."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="files or directories")
        parser.add_argument(
            "--compare-all",
            action="store_true",
            help="read and compare every card even when the files are those of the last import "
            "and the cards have not changed since: every stored row (a card's fields and derived "
            "search fields, printings, legalities, keyword and ruling links, a ruling's English) "
            "is compared with the files and put back as they give it",
        )
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        def work() -> ImportReport:
            files = expand_paths(options["paths"])
            reader = MtgjsonReader()
            fingerprint = None if options["compare_all"] else input_fingerprint(files)

            def records() -> Iterator[CardRecord]:  # the files are read only when compared
                reader.read(files, progress=self.progress_enabled(options))
                yield from reader.records()

            report = import_cards(
                records=records(),
                reason=f"import_mtgjson ({len(files)} file{'s' if len(files) > 1 else ''})",
                dry_run=options["dry_run"],
                sources=[str(f) for f in files],
                fingerprint=fingerprint,
            )
            for reason, n in reader.stats.skipped.items():
                report.skip(reason, n)
            if options["verbosity"] > 0:
                self.stdout.write(
                    f"Read {reader.stats.printings} printings from {reader.stats.files} files."
                )
            return report

        self.run_import(options, work)
