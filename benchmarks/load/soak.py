"""Soak: minutes of mixed traffic against gunicorn, then checks.

Reads (card, search, keyword, scenario list, home), evaluations (the JSON API and the
workbench's htmx POST) from wrk, and scenario submissions through the JSON API paced under
the per-client rate limit. Passes when: no response outside 2xx (the server's own request log
is counted), no socket error, every submission answered 201 and is in the database with its
title, and the workers' memory is flat (last minute vs the minute after warm-up, < 10 % growth).

    python benchmarks/load/soak.py                 # 600 s (SOAK_SECONDS)
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from bench import Target, build_targets, check, describe
from server import PYTHON, ROOT, Server, base_env, log_statuses, prepare, rss_mib, run_wrk

READS = ("card", "search", "keyword")
SUBMIT_RATE_PER_MINUTE = 30


def mix_file(server: Server, info: dict[str, Any], workdir: Path) -> Path:
    targets = build_targets(server.base, info, [*READS, "workbench", "evaluate"])
    targets += [
        Target("home", "GET", "/en/"),
        Target("scenarios", "GET", "/en/scenarios/"),
        Target("card-fr", "GET", info["card"].replace("/en/", "/fr/", 1)),
    ]
    lines = []
    for target in targets:
        problem = check(server.base, target)
        if problem:
            raise SystemExit(f"{target.name} does not answer 2xx before the soak: {problem}")
        headers = body = "-"
        if target.headers:
            headers_path = workdir / f"{target.name}.headers"
            headers_path.write_text("".join(f"{k}: {v}\n" for k, v in target.headers.items()))
            headers = str(headers_path)
        if target.body:
            body_path = workdir / f"{target.name}.body"
            body_path.write_bytes(target.body)
            body = str(body_path)
        # Reads weigh three times as much as evaluations.
        weight = 3 if target.method == "GET" else 1
        lines += [f"{target.method}\t{target.path}\t{headers}\t{body}\n"] * weight
    path = workdir / "mix.tsv"
    path.write_text("".join(lines))
    return path


class Submitter(threading.Thread):
    """Submits one scenario every ``interval`` seconds until stopped; keeps every answer."""

    def __init__(self, base: str, scenario: dict[str, Any], interval: float) -> None:
        super().__init__(daemon=True)
        self.base = base
        self.scenario = scenario
        self.interval = interval
        self.stop_event = threading.Event()
        self.accepted: dict[int, str] = {}
        self.failures: list[str] = []

    def run(self) -> None:
        n = 0
        while not self.stop_event.wait(self.interval if n else 1):
            n += 1
            title = f"Soak scenario {n} at {time.time():.0f}"
            body = {
                "title": title,
                "question": f"Does kicked Burst Lightning deal 4? (soak {n})",
                "language": "en",
                "author": "soak",
                "scenario": self.scenario,
            }
            request = urllib.request.Request(
                f"{self.base}/api/v1/scenarios",
                data=json.dumps(body).encode(),
                headers={"Content-Type": "application/json"},
                method="POST",
            )
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    answer = json.loads(response.read())
                    if response.status == 201 and answer.get("status") == "pending":
                        self.accepted[int(answer["id"])] = title
                    else:
                        self.failures.append(f"{n}: HTTP {response.status} {answer}")
            except urllib.error.HTTPError as exc:
                self.failures.append(f"{n}: HTTP {exc.code} {exc.read()[:200]!r}")
            except OSError as exc:
                self.failures.append(f"{n}: {exc}")


class MemorySampler(threading.Thread):
    def __init__(self, server: Server, every: float = 5.0) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.every = every
        self.stop_event = threading.Event()
        self.samples: list[tuple[float, float]] = []  # (seconds since start, total worker MiB)

    def run(self) -> None:
        started = time.monotonic()
        while not self.stop_event.wait(self.every):
            total = 0.0
            for pid in self.server.worker_pids():
                with contextlib.suppress(OSError):
                    total += rss_mib(pid)
            self.samples.append((time.monotonic() - started, total))


def stored_scenarios(env: dict[str, str], ids: list[int]) -> dict[str, list[str]]:
    result = subprocess.run(
        [PYTHON, str(Path(__file__).with_name("check_scenarios.py"))],
        cwd=ROOT,
        env=env,
        input=json.dumps(ids),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def window_mean(samples: list[tuple[float, float]], start: float, end: float) -> float:
    values = [mib for t, mib in samples if start <= t < end]
    return sum(values) / len(values) if values else float("nan")


def main() -> int:
    seconds = float(os.environ.get("SOAK_SECONDS", "600"))
    connections = int(os.environ.get("SOAK_CONNECTIONS", "8"))
    port = int(os.environ.get("SOAK_PORT", "0"))  # 0: any free port
    var_dir = ROOT / "var" / "soak"
    # Every submission changes content, so the page cache refills all the time: bound it small
    # (SOAK_CACHE_ENTRIES) so it is full within the warm-up and any later growth is a leak.
    env = base_env(
        var_dir,
        RULESITE_SCENARIO_RATE=f"{SUBMIT_RATE_PER_MINUTE}/m",
        REQUEST_LOG_LEVEL="INFO",
        CACHE_MAX_ENTRIES=os.environ.get("SOAK_CACHE_ENTRIES", "100"),
    )
    print("Preparing the database and static files…", flush=True)
    prepare(env)
    log_path = var_dir / "server.log"
    interval = 60 / (SUBMIT_RATE_PER_MINUTE / 2)  # half the allowed rate
    with (
        tempfile.TemporaryDirectory() as tmp,
        Server(env, port=port, workers=2, log_path=log_path) as server,
    ):
        info = describe(env)
        mix = mix_file(server, info, Path(tmp))
        offset = log_path.stat().st_size
        sampler = MemorySampler(server)
        submitter = Submitter(server.base, info["scenario"], interval)
        sampler.start()
        submitter.start()
        print(
            f"Soak: {seconds:.0f} s of mixed traffic, wrk -c{connections}, one scenario every "
            f"{interval:.0f} s (limit {SUBMIT_RATE_PER_MINUTE}/min)…",
            flush=True,
        )
        summary = run_wrk(
            server.base + "/",
            duration=seconds,
            connections=connections,
            script="mixed.lua",
            env={"WRK_MIX_FILE": str(mix)},
        )
        submitter.stop_event.set()
        submitter.join(timeout=60)
        sampler.stop_event.set()
        sampler.join(timeout=30)
        statuses = log_statuses(log_path, offset)
    stored = stored_scenarios(env, list(submitter.accepted))
    lost = [pk for pk, title in submitter.accepted.items() if stored.get(str(pk), [""])[0] != title]

    warm = min(60.0, seconds / 5)
    early = window_mean(sampler.samples, warm, warm + max(60.0, seconds / 5))
    late = window_mean(sampler.samples, seconds - max(60.0, seconds / 5), seconds + 1)
    growth = (late - early) / early * 100 if early else float("nan")
    socket_errors = sum(
        summary[k] for k in ("connect_errors", "read_errors", "write_errors", "timeouts")
    )
    bad_statuses = {s: n for s, n in statuses.items() if not 200 <= s < 300}
    print()
    print(f"requests            {summary['requests']} ({summary['rps']:.0f}/s)")
    print(
        f"latency             median {summary['p50_us'] / 1000:.1f} ms, "
        f"p95 {summary['p95_us'] / 1000:.1f} ms, p99 {summary['p99_us'] / 1000:.1f} ms"
    )
    print(f"non-2xx (wrk)       {summary['non2xx']}; socket errors {socket_errors}")
    print(f"server log statuses {dict(sorted(statuses.items()))}")
    print(
        f"submissions         {len(submitter.accepted)} accepted, "
        f"{len(submitter.failures)} failed, {len(lost)} lost"
    )
    for failure in submitter.failures[:10]:
        print(f"  failed: {failure}")
    print(
        f"worker memory       {early:.1f} MiB after warm-up → {late:.1f} MiB at the end "
        f"({growth:+.1f} %)"
    )
    ok = (
        summary["non2xx"] == 0
        and socket_errors == 0
        and not bad_statuses
        and not submitter.failures
        and not lost
        and submitter.accepted
        and growth < 10
    )
    print("SOAK PASSED" if ok else "SOAK FAILED")
    (var_dir / "soak-result.json").write_text(
        json.dumps(
            {
                "seconds": seconds,
                "wrk": summary,
                "statuses": statuses,
                "accepted": len(submitter.accepted),
                "failures": submitter.failures,
                "lost": lost,
                "memory_mib": sampler.samples,
                "growth_percent": growth,
                "passed": bool(ok),
            },
            indent=2,
        )
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
