"""Run the site under gunicorn for load tests: production settings, its own data directory,
a throwaway SQLite file (or the PostgreSQL of ``DATABASE_URL``), traffic on 127.0.0.1 only."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv").exists() else sys.executable
GUNICORN = str(Path(PYTHON).parent / "gunicorn")


def base_env(var_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "rulesite.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_HTTPS": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "RULESITE_BENCHMARK_FLOOR": "1",
            "RULESITE_VAR_DIR": str(var_dir),
            "STATIC_ROOT": str(var_dir / "static"),
            "GUNICORN_MAX_REQUESTS": "0",
            # As `make serve` runs: each worker keeps its database connection (opening and
            # closing a SQLite connection per request also checkpoints the WAL).
            "CONN_MAX_AGE": "60",
        }
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def prepare(env: dict[str, str]) -> None:
    """Static files, schema and demo data, as ``make serve`` does."""
    Path(env["RULESITE_VAR_DIR"]).mkdir(parents=True, exist_ok=True)
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    manage(env, "load_demo", "--verbosity", "0")


def describe_database(env: dict[str, str]) -> str:
    code = "from django.db import connection as c; print(c.vendor, c.Database.__name__)"
    return manage(env, "shell", "--no-imports", "-c", code).strip()


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """gunicorn in the background; ``stop()`` ends it and its workers.

    ``port=0`` picks a free port. The server is only taken as up once it answers the
    benchmark floor, which no other server on the machine has.
    """

    def __init__(
        self,
        env: dict[str, str],
        *,
        port: int,
        workers: int,
        log_path: Path,
        app: str | None = None,
    ) -> None:
        port = port or free_port()
        self.app = app  # another WSGI application than the site's, e.g. "barefloor:application"
        self.env = {**env, "PORT": str(port), "WEB_CONCURRENCY": str(workers)}
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("ab")
        command = [GUNICORN, "--config", "gunicorn.conf.py"]
        if self.app:
            command += ["--pythonpath", str(Path(__file__).parent), self.app]
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited; see {self.log_path}")
            try:
                with urllib.request.urlopen(f"{self.base}/__bench__/floor", timeout=2) as response:
                    answered = response.status == 200 and response.read() == b"ok"
                if answered and self.process.poll() is None:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer within 60 s; see {self.log_path}")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def worker_pids(self) -> list[int]:
        assert self.process is not None
        master = self.process.pid
        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                pids.append(int(entry.name))
        return sorted(pids)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run_wrk(
    url: str,
    *,
    duration: float,
    connections: int,
    threads: int = 2,
    script: str = "request.lua",
    env: dict[str, str] | None = None,
) -> dict[str, Any]:
    """wrk against ``url``; the script's JSON summary (latencies in microseconds)."""
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{max(1, round(duration))}s",
        "--timeout",
        "10s",
        "-s",
        str(Path(__file__).with_name(script)),
        url,
    ]
    result = subprocess.run(
        command, env={**os.environ, **(env or {})}, capture_output=True, text=True, check=False
    )
    for line in result.stdout.splitlines():
        if line.startswith("WRK_JSON "):
            summary: dict[str, Any] = json.loads(line[len("WRK_JSON ") :])
            summary["rps"] = summary["requests"] / (summary["duration_us"] / 1e6)
            return summary
    raise RuntimeError(f"wrk gave no summary:\n{result.stdout}\n{result.stderr}")


def log_statuses(log_path: Path, since: int = 0) -> dict[int, int]:
    """Count response statuses in the server's JSON request log from byte offset ``since``."""
    counts: dict[int, int] = {}
    with log_path.open("rb") as log:
        log.seek(since)
        for raw in log:
            if not raw.startswith(b"{"):
                continue
            try:
                entry = json.loads(raw)
            except ValueError:
                continue
            if entry.get("logger") == "rulesite.requests":
                counts[entry["status"]] = counts.get(entry["status"], 0) + 1
    return counts
