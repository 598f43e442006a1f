"""The site served for real by ``make serve`` (nginx in front of gunicorn with several
workers, the shared database cache, a SQLite file of its own), for tests that need real
processes: slow clients, limits that must hold across workers, a command-line write seen by
every worker."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Site:
    url: str
    port: int
    env: dict[str, str]
    log: Path

    def manage(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run a management command against the served site's database and cache."""
        return subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )


def site_env(var_dir: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "DATABASE_URL", "CACHE_URL", "RULESITE_", "MAKE"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="rulesite.settings",
        RULESITE_VAR_DIR=str(var_dir),
        WEB_CONCURRENCY="4",
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.update(extra)
    return env


def _wait(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"make serve exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    raise RuntimeError(f"make serve did not become healthy:\n{log.read_text()[-3000:]}")


@contextmanager
def make_serve(var_dir: Path, **extra: str) -> Iterator[Site]:
    """``make serve`` on a free port; stopped (nginx, gunicorn and its workers) afterwards."""
    port = free_port()
    env = site_env(var_dir, **extra)
    log = var_dir / "serve.log"
    var_dir.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["make", "--no-print-directory", "serve", f"PORT={port}"],
            cwd=ROOT,
            env={**env, "PORT": str(port)},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait(url, process, log)
        yield Site(url=url, port=port, env=env, log=log)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
