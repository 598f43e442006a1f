"""``manage.py fetch_data``: the official files from a local HTTP server on 127.0.0.1 (serving
the snapshot in ../shared/data, never the internet), verified, resumed and imported."""

from __future__ import annotations

import hashlib
import http.server
import shutil
import threading
import urllib.parse
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.test import override_settings

from rulesite.cards.models import Card, Rule

SHARED = Path(settings.RULESITE_SHARED_DATA)
SET_FILE = SHARED / "mtgjson-v5.2.0-20220425" / "sets" / "ZNR.json.gz"
CR_FILE = SHARED / "comprehensive-rules" / "MagicCompRules-2026-01-16.txt"

pytestmark = [
    pytest.mark.skipif(
        not (SET_FILE.exists() and CR_FILE.exists()), reason=f"snapshot not in {SHARED}"
    ),
    pytest.mark.django_db,
]


class RangeHandler(http.server.BaseHTTPRequestHandler):
    """Serves the files of ``server.root``, honouring ``Range: bytes=N-`` as mirrors do."""

    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        root: Path = self.server.root  # type: ignore[attr-defined]
        self.server.requests.append((self.path, self.headers.get("Range")))  # type: ignore[attr-defined]
        path = root / urllib.parse.unquote(self.path).lstrip("/")
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        start = 0
        if (wanted := self.headers.get("Range", "")).startswith("bytes="):
            start = int(wanted[6:].split("-")[0])
        self.send_response(206 if start else 200)
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        self.wfile.write(data[start:])

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def mirror(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """A local mirror: AllPrintings (here the ZNR set file, which the importer reads the same
    way), its published .sha256, and the 2026-01-16 rules, on a free port of 127.0.0.1."""
    root = tmp_path / "mirror"
    root.mkdir()
    shutil.copy(SET_FILE, root / "AllPrintings.json.gz")
    shutil.copy(CR_FILE, root / "MagicCompRules 20260116.txt")
    digest = hashlib.sha256((root / "AllPrintings.json.gz").read_bytes()).hexdigest()
    (root / "AllPrintings.json.gz.sha256").write_text(digest + "\n")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RangeHandler)
    server.root = root  # type: ignore[attr-defined]
    server.requests = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with override_settings(
        RULESITE_DATA_DIR=tmp_path / "data",
        RULESITE_MTGJSON_URL=f"{base}/AllPrintings.json.gz",
        RULESITE_MTGJSON_SHA256_URL=f"{base}/AllPrintings.json.gz.sha256",
        RULESITE_CR_URL=f"{base}/MagicCompRules%2020260116.txt",
    ):
        yield {"root": root, "data": tmp_path / "data", "requests": server.requests}
    server.shutdown()
    server.server_close()


def fetch(*args: str) -> str:
    out = StringIO()
    call_command("fetch_data", *args, stdout=out)
    return out.getvalue()


def test_fetch_data_downloads_verifies_and_imports(mirror: dict[str, Any]) -> None:
    output = fetch()

    assert "AllPrintings.json.gz: downloaded, SHA-256 verified" in output
    assert (mirror["data"] / "MagicCompRules 20260116.txt").exists()
    assert Card.objects.filter(name="Gnarlid Colony").exists()
    assert Card.objects.get(name="Gnarlid Colony").printings.filter(set_code="ZNR").exists()
    assert Rule.objects.count() == 3267
    assert "already downloaded" in fetch("--no-import")


def test_corrupt_download_is_refused_and_the_database_left_unchanged(
    mirror: dict[str, Any],
) -> None:
    good = (mirror["root"] / "AllPrintings.json.gz").read_bytes()
    (mirror["root"] / "AllPrintings.json.gz").write_bytes(good[:-100] + b"\0" * 100)

    with pytest.raises(CommandError, match="SHA-256 is .* the published one"):
        fetch()

    assert Card.objects.count() == 0
    assert Rule.objects.count() == 0
    assert not (mirror["data"] / "AllPrintings.json.gz").exists()
    assert not (mirror["data"] / "AllPrintings.json.gz.part").exists()


def test_an_interrupted_download_is_resumed(mirror: dict[str, Any]) -> None:
    source = (mirror["root"] / "AllPrintings.json.gz").read_bytes()
    mirror["data"].mkdir()
    (mirror["data"] / "AllPrintings.json.gz.part").write_bytes(source[: len(source) // 2])

    output = fetch("--no-import", "--skip-rules")

    assert f"resumed from byte {len(source) // 2}" in output
    assert (mirror["data"] / "AllPrintings.json.gz").read_bytes() == source
    assert ("/AllPrintings.json.gz", f"bytes={len(source) // 2}-") in mirror["requests"]


def test_an_unreachable_mirror_is_a_clear_error(mirror: dict[str, Any]) -> None:
    with (
        override_settings(RULESITE_CR_URL="http://127.0.0.1:9/none.txt"),
        pytest.raises(CommandError, match="127.0.0.1:9"),
    ):
        fetch("--skip-cards")
