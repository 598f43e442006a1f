"""Downloads of the official data files: resumable, checked against a published SHA-256.

A file is fetched into ``<name>.part`` next to its destination; an interrupted download is
resumed from where it stopped (an HTTP ``Range`` request; a server that ignores it sends the
whole file again). Only when the whole file is there, and its SHA-256 equals the published one
(when there is one), is it renamed to its final name: a corrupt or truncated download never
takes the place of a good file, and nothing is imported from it.
"""

from __future__ import annotations

import hashlib
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHUNK = 1 << 16
TIMEOUT_SECONDS = 60
SHA256_RE = re.compile(r"\b([0-9a-fA-F]{64})\b")
USER_AGENT = "rulesite-fetch-data"

Progress = Callable[[int, int | None], None]  # (bytes so far, total or None)


class DownloadError(RuntimeError):
    """A file could not be downloaded, or is not the published file (the message says which)."""


@dataclass(frozen=True)
class Downloaded:
    path: Path
    sha256: str
    resumed_from: int
    reused: bool


def _open(url: str, *, start: int = 0) -> Any:
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    if start:
        request.add_header("Range", f"bytes={start}-")
    try:
        return urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS)  # noqa: S310 - settings
    except urllib.error.HTTPError as exc:
        raise DownloadError(f"{url}: HTTP {exc.code} {exc.reason}") from exc
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise DownloadError(f"{url}: {reason}") from exc


def published_sha256(url: str) -> str:
    """The digest in a published ``.sha256`` file (its first 64 hexadecimal characters)."""
    with _open(url) as response:
        text = response.read(4096).decode("ascii", "replace")
    match = SHA256_RE.search(text)
    if match is None:
        raise DownloadError(f"{url}: no SHA-256 digest in the file")
    return match.group(1).lower()


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def download(
    url: str, destination: Path, *, sha256: str | None = None, progress: Progress | None = None
) -> Downloaded:
    """Fetch ``url`` to ``destination`` (resuming a ``.part`` file), checked against
    ``sha256`` when given. A destination already holding that file is kept as it is.

    :raises DownloadError: network or HTTP failure, or a checksum that does not match (the
        partial file is then removed, so the next run starts afresh).
    """
    destination.parent.mkdir(parents=True, exist_ok=True)
    if sha256 and destination.exists() and file_sha256(destination) == sha256:
        return Downloaded(destination, sha256, 0, reused=True)
    part = destination.with_name(destination.name + ".part")
    start = part.stat().st_size if part.exists() else 0
    with _open(url, start=start) as response:
        status = getattr(response, "status", 200)
        if start and status != 206:
            start = 0  # the server sent the whole file
        length = response.headers.get("Content-Length")
        total = int(length) + start if length and length.isdigit() else None
        done = start
        with part.open("ab" if start else "wb") as out:
            while block := response.read(CHUNK):
                out.write(block)
                done += len(block)
                if progress is not None:
                    progress(done, total)
    if total is not None and done < total:
        raise DownloadError(f"{url}: the connection closed after {done} of {total} bytes")
    actual = file_sha256(part)
    if sha256 and actual != sha256:
        part.unlink()
        raise DownloadError(
            f"{url}: the download's SHA-256 is {actual}, the published one {sha256}: "
            "the file is corrupt or not the published one; nothing was imported"
        )
    part.replace(destination)
    return Downloaded(destination, actual, start, reused=False)
