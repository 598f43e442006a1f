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
            help="compare every stored row an import compares (a card's fields and derived "
            "search fields, printings, legalities, keywords and their links, rulings and their "
            "links) with the files, even when they are those of the last import and the content "
            "version says nothing was written since: the rows are first compared, by their "
            "digest, with those the last import of the same files left; if any differs, every "
            "card is read and compared and the rows put back as the files give them",
        )
        super().add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        def work() -> ImportReport:
            files = expand_paths(options["paths"])
            reader = MtgjsonReader()
            fingerprint = input_fingerprint(files)

            def records() -> Iterator[CardRecord]:  # the files are read only when compared
                reader.read(files, progress=self.progress_enabled(options))
                yield from reader.records()

            report = import_cards(
                records=records(),
                reason=f"import_mtgjson ({len(files)} file{'s' if len(files) > 1 else ''})",
                dry_run=options["dry_run"],
                sources=[str(f) for f in files],
                fingerprint=fingerprint,
                compare_all=options["compare_all"],
            )
            for reason, n in reader.stats.skipped.items():
                report.skip(reason, n)
            if options["verbosity"] > 0:
                self.stdout.write(
                    f"Read {reader.stats.printings} printings from {reader.stats.files} files."
                )
            return report

        self.run_import(options, work)
