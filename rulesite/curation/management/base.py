"""Shared plumbing of the import commands: options, progress, timing and the report."""

from __future__ import annotations

import contextlib
import gc
import json
import resource
import sys
import time
from argparse import ArgumentParser
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from rulesite.core.database import statement_timeout_lifted
from rulesite.curation.records import SourceError
from rulesite.curation.services.importing import ImportReport


@contextlib.contextmanager
def statements_not_logged() -> Iterator[None]:
    """Under DEBUG, Django keeps the text of every statement (the last 9,000) with its
    parameters quoted in: for an import's bulk statements that is hundreds of megabytes and
    seconds of formatting. Imports run without it, as in production."""
    debug = settings.DEBUG
    settings.DEBUG = False
    try:
        yield
    finally:
        settings.DEBUG = debug


@contextlib.contextmanager
def cyclic_collector_paused() -> Iterator[None]:
    """An import builds a million objects that live until it ends (the cards read, their
    printings, the rows written), and the cyclic garbage collector's passes walked them again
    and again: an eighth of a full import's CPU, a quarter of a re-import's. The import makes
    no reference cycles per card or row (a full import leaves some 6,000 objects in cycles,
    from Django's queries), so the collector is paused while it runs and collects once at the
    end; reference counting frees everything else as usual."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
        gc.collect()


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def peak_rss_mb() -> float:
    """Peak resident memory of this process in MB (Linux reports kB)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 if sys.platform != "darwin" else peak / (1024 * 1024)


class ImportCommand(BaseCommand):
    """An import: one transaction, idempotent, with counts, timing and an optional JSON report."""

    # Data commands need the models only; URL and template checks are for the web server.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--quiet", action="store_true", help="no progress bar (it is also off without a TTY)"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="compute and print the counts, write nothing"
        )
        parser.add_argument(
            "--report-json",
            metavar="PATH",
            help="also write the counts, duration and peak memory as JSON to PATH",
        )

    def progress_enabled(self, options: dict[str, Any]) -> bool:
        return not options["quiet"] and options["verbosity"] > 0 and sys.stderr.isatty()

    def run_import(self, options: dict[str, Any], work: Callable[[], ImportReport]) -> None:
        report_path = options["report_json"]
        if report_path and not Path(report_path).resolve().parent.is_dir():
            raise CommandError(f"--report-json {report_path}: no such directory; nothing was read")
        started, cpu_started = time.perf_counter(), cpu_seconds()
        try:
            with statement_timeout_lifted(), statements_not_logged(), cyclic_collector_paused():
                report = work()
        except SourceError as exc:
            raise CommandError(f"{exc} — nothing was written.") from exc
        except DatabaseError as exc:
            raise CommandError(
                f"database error ({exc}) — the import was rolled back, nothing was written."
            ) from exc
        seconds = time.perf_counter() - started
        cpu = cpu_seconds() - cpu_started
        memory = peak_rss_mb()
        if options["verbosity"] > 0:
            for line in report.lines():
                self.stdout.write(line)
            for warning in report.warnings:
                self.stderr.write(self.style.WARNING(f"Warning: {warning}"))
            if options["dry_run"]:
                self.stdout.write(self.style.WARNING("Dry run: nothing was written."))
            elif report.wrote_nothing:
                self.stdout.write(
                    self.style.SUCCESS("Nothing to write: the database already matches the input.")
                )
            else:
                self.stdout.write(self.style.SUCCESS("Import committed."))
            self.stdout.write(
                f"Took {seconds:.1f} s ({cpu:.1f} s of CPU), peak memory {memory:.0f} MB."
            )
        if options["report_json"]:
            payload = {
                **report.as_dict(),
                "seconds": round(seconds, 3),
                "cpu_seconds": round(cpu, 3),
                "peak_rss_mb": memory,
            }
            try:
                Path(options["report_json"]).write_text(json.dumps(payload, indent=2))
            except OSError as exc:
                raise CommandError(
                    f"the import was committed, but the report could not be written: {exc}"
                ) from exc
