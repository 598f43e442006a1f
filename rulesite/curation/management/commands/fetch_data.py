"""``manage.py fetch_data`` (``make data``): download the real data, verify it, import it.

Downloads MTGJSON's AllPrintings (``RULESITE_MTGJSON_URL``), checked against MTGJSON's
published SHA-256 (``RULESITE_MTGJSON_SHA256_URL``), and the current Comprehensive Rules text
(``RULESITE_CR_URL``, optionally pinned by ``RULESITE_CR_SHA256``) into ``RULESITE_DATA_DIR``
(``var/data/``), showing progress and resuming an interrupted download; then runs
``import_mtgjson`` and ``import_rules`` on them. A download whose checksum does not match is
refused, and nothing is imported.
"""

from __future__ import annotations

import posixpath
import urllib.parse
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from rulesite.curation.download import Downloaded, DownloadError, download, published_sha256


def file_name(url: str, default: str) -> str:
    """The last part of a URL's path, unquoted (``MagicCompRules 20260116.txt``).

    >>> file_name("https://example.org/a/MagicCompRules%2020260116.txt", "rules.txt")
    'MagicCompRules 20260116.txt'
    """
    name = posixpath.basename(urllib.parse.unquote(urllib.parse.urlparse(url).path))
    return name or default


class Command(BaseCommand):
    help = __doc__.splitlines()[0] if __doc__ else ""

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--no-import", action="store_true", help="download and verify only")
        parser.add_argument("--skip-rules", action="store_true", help="MTGJSON only")
        parser.add_argument("--skip-cards", action="store_true", help="the rules only")

    def handle(self, *args: Any, **options: Any) -> None:
        folder = Path(settings.RULESITE_DATA_DIR)
        quiet = options["verbosity"] == 0
        cards = rules = None
        try:
            if not options["skip_cards"]:
                checksum = (
                    published_sha256(settings.RULESITE_MTGJSON_SHA256_URL)
                    if settings.RULESITE_MTGJSON_SHA256_URL
                    else None
                )
                cards = self.fetch(
                    settings.RULESITE_MTGJSON_URL, folder, "AllPrintings.json.gz", checksum, quiet
                )
            if not options["skip_rules"]:
                rules = self.fetch(
                    settings.RULESITE_CR_URL,
                    folder,
                    "MagicCompRules.txt",
                    settings.RULESITE_CR_SHA256.lower() or None,
                    quiet,
                )
        except DownloadError as exc:
            raise CommandError(str(exc)) from exc
        if options["no_import"]:
            return
        verbosity = options["verbosity"]
        if cards is not None:
            call_command("import_mtgjson", str(cards.path), verbosity=verbosity, quiet=quiet)
        if rules is not None:
            call_command("import_rules", str(rules.path), verbosity=verbosity)

    def fetch(
        self, url: str, folder: Path, default: str, sha256: str | None, quiet: bool
    ) -> Downloaded:
        destination = folder / file_name(url, default)
        bar: tqdm[Any] | None = None

        def progress(done: int, total: int | None) -> None:
            nonlocal bar
            if quiet:
                return
            if bar is None:
                bar = tqdm(total=total, initial=done, desc=destination.name, unit="B",
                           unit_scale=True, unit_divisor=1024, leave=False)  # fmt: skip
            bar.update(done - bar.n)

        try:
            result = download(url, destination, sha256=sha256, progress=progress)
        finally:
            if bar is not None:
                bar.close()
        if not quiet:
            how = (
                "already downloaded"
                if result.reused
                else f"resumed from byte {result.resumed_from}"
                if result.resumed_from
                else "downloaded"
            )
            check = "SHA-256 verified" if sha256 else f"SHA-256 {result.sha256}"
            self.stdout.write(f"{destination}: {how}, {check}")
        return result
