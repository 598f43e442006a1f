"""scripts/with-postgres.sh: a throwaway PostgreSQL for one command, gone afterwards."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "scripts" / "with-postgres.sh"

have_server = bool(glob.glob("/usr/lib/postgresql/*/bin/initdb")) or shutil.which("initdb")
pytestmark = pytest.mark.skipif(
    not have_server and os.geteuid() != 0,
    reason="no PostgreSQL server binaries, and not root to install them",
)

PROBE = (
    "import os, django; os.environ['DJANGO_SETTINGS_MODULE'] = 'rulesite.settings'; "
    "django.setup(); from django.db import connection as c; c.ensure_connection(); "
    "print(c.vendor, os.environ['RULESITE_PG_SOCKET_DIR'])"
)


def run(*command: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    return subprocess.run(
        ["bash", str(SCRIPT), *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def server_processes(data_dir: str) -> list[str]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if data_dir in args and "postgres" in args:
            found.append(args)
    return found


def test_the_command_runs_on_postgresql_and_nothing_is_left_behind() -> None:
    result = run(sys.executable, "-c", PROBE)

    assert result.returncode == 0, result.stderr
    vendor, socket_dir = result.stdout.split()
    assert vendor == "postgresql"
    assert not Path(socket_dir).exists()
    assert server_processes(socket_dir) == []


def test_the_command_exit_status_is_passed_on() -> None:
    result = run(sys.executable, "-c", "raise SystemExit(7)")

    assert result.returncode == 7
