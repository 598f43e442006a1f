"""Load benchmark: each page's latency under gunicorn + wrk, as a ratio to a floor view.

    python benchmarks/load/bench.py --label sqlite            # all targets, cached and not
    scripts/with-postgres.sh python benchmarks/load/bench.py --label postgres --targets floor,card

The floor is a constant-string Django view (``/__bench__/floor``) served by the same server, in
the same run, through the same middleware. Each target: one checked request, a warm-up, then
wrk at ``--connections`` (16) for ``--duration`` seconds (``BENCH_DURATION``, default 30).
Results are printed as a table and written as JSON (``--out``).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from forms import browser_post
from server import PYTHON, ROOT, Server, base_env, describe_database, log_statuses, prepare, run_wrk

ALL_TARGETS = ("floor", "card", "search", "keyword", "workbench", "evaluate")
UNCACHED_TARGETS = ("floor", "card", "search", "keyword")


@dataclass
class Target:
    name: str
    method: str
    path: str
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)


def describe(env: dict[str, str]) -> dict[str, Any]:
    import subprocess

    out = subprocess.run(
        [PYTHON, str(Path(__file__).with_name("describe_targets.py"))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def build_targets(base: str, info: dict[str, Any], names: list[str]) -> list[Target]:
    targets = []
    for name in names:
        if name == "floor":
            targets.append(Target(name, "GET", "/__bench__/floor"))
        elif name in {"card", "search", "keyword"}:
            targets.append(Target(name, "GET", info[name]))
        elif name == "workbench":
            path, body, headers = browser_post(base, info["workbench"])
            headers.update({"HX-Request": "true", "HX-Current-URL": base + info["workbench"]})
            targets.append(Target(name, "POST", path, body, headers))
        elif name == "evaluate":
            body = json.dumps(info["scenario"]).encode()
            headers = {"Content-Type": "application/json"}
            targets.append(Target(name, "POST", info["evaluate"], body, headers))
        else:
            raise SystemExit(f"unknown target {name!r}; choose from {', '.join(ALL_TARGETS)}")
    return targets


def check(base: str, target: Target) -> str | None:
    """None when one request answers 2xx, else the reason."""
    request = urllib.request.Request(
        base + target.path,
        data=target.body or None,
        headers=target.headers,
        method=target.method,
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            if 200 <= response.status < 300:
                return None
            return f"HTTP {response.status}"
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}: {exc.read()[:200]!r}"
    except OSError as exc:
        return str(exc)


def measure(
    server: Server, target: Target, *, duration: float, connections: int, workdir: Path
) -> dict[str, Any]:
    env = {"WRK_METHOD": target.method}
    if target.body:
        body_file = workdir / f"{target.name}.body"
        body_file.write_bytes(target.body)
        env["WRK_BODY_FILE"] = str(body_file)
    if target.headers:
        headers_file = workdir / f"{target.name}.headers"
        headers_file.write_text("".join(f"{k}: {v}\n" for k, v in target.headers.items()))
        env["WRK_HEADERS_FILE"] = str(headers_file)
    url = server.base + target.path
    run_wrk(url, duration=min(3.0, duration), connections=connections, env=env)  # warm-up
    return run_wrk(url, duration=duration, connections=connections, env=env)


def run_phase(
    *,
    label: str,
    cache: str,
    names: list[str],
    env: dict[str, str],
    args: argparse.Namespace,
    workdir: Path,
) -> list[dict[str, Any]]:
    log_path = Path(env["RULESITE_VAR_DIR"]) / f"server-{label}-{cache}.log"
    rows: list[dict[str, Any]] = []
    with Server(env, port=args.port, workers=args.workers, log_path=log_path) as server:
        info = describe(env)
        offset = log_path.stat().st_size
        for target in build_targets(server.base, info, names):
            row: dict[str, Any] = {"db": label, "cache": cache, "target": target.name}
            problem = check(server.base, target)
            if problem:
                row["error"] = problem
                print(f"  {label}/{cache}/{target.name}: not measured — {problem}", flush=True)
            else:
                print(f"  {label}/{cache}/{target.name}: {args.duration:.0f} s…", flush=True)
                row.update(
                    measure(
                        server,
                        target,
                        duration=args.duration,
                        connections=args.connections,
                        workdir=workdir,
                    )
                )
            rows.append(row)
        statuses = log_statuses(log_path, offset)
    failures = {s: n for s, n in statuses.items() if s >= 300}
    for row in rows:
        row["server_non2xx_in_phase"] = sum(failures.values())
    if failures:
        print(f"  server log, {label}/{cache}: responses outside 2xx by status: {failures}")
    if "card" in names:
        print(f"  (card page: {info['card']} with {info['card_rulings']} clarifications)")
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    floors = {(r["db"], r["cache"]): r for r in rows if r["target"] == "floor" and "p50_us" in r}
    lines = [
        f"{'db':<9}{'cache':<9}{'target':<11}{'req/s':>8}{'median ms':>11}{'p95 ms':>9}"
        f"{'×floor med':>12}{'×floor p95':>12}{'non-2xx':>9}{'errors':>8}  goal ≤2×",
    ]
    for r in rows:
        head = f"{r['db']:<9}{r['cache']:<9}{r['target']:<11}"
        if "p50_us" not in r:
            lines.append(head + f"  not measured: {r.get('error', '?')}")
            continue
        floor = floors.get((r["db"], r["cache"]))
        ratio_med = r["p50_us"] / floor["p50_us"] if floor else float("nan")
        ratio_p95 = r["p95_us"] / floor["p95_us"] if floor else float("nan")
        errors = r["connect_errors"] + r["read_errors"] + r["write_errors"] + r["timeouts"]
        ok = ratio_med <= 2 and ratio_p95 <= 2 and r["non2xx"] == 0 and errors == 0
        lines.append(
            head
            + f"{r['rps']:>8.0f}{r['p50_us'] / 1000:>11.1f}{r['p95_us'] / 1000:>9.1f}"
            + f"{ratio_med:>12.2f}{ratio_p95:>12.2f}{r['non2xx']:>9}{errors:>8}"
            + ("  ok" if ok else "  over")
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--label", default=None, help="database label for the table")
    parser.add_argument("--targets", default=",".join(ALL_TARGETS))
    parser.add_argument("--no-uncached", action="store_true", help="skip the uncached phase")
    parser.add_argument(
        "--duration", type=float, default=float(os.environ.get("BENCH_DURATION", "30"))
    )
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT", "0")))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    var_dir = ROOT / "var" / "bench"
    env = base_env(var_dir, REQUEST_LOG_LEVEL="INFO")
    label = args.label or ("postgres" if "postgres" in env.get("DATABASE_URL", "") else "sqlite")
    names = [n.strip() for n in args.targets.split(",") if n.strip()]
    started = time.monotonic()
    print(f"Preparing the {label} database and static files…", flush=True)
    prepare(env)
    print(
        f"Database: {describe_database(env)}; gunicorn with {args.workers} workers; "
        f"wrk -c{args.connections}, {args.duration:.0f} s per target",
        flush=True,
    )
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        rows += run_phase(
            label=label, cache="on", names=names, env=env, args=args, workdir=Path(tmp)
        )
        uncached = [n for n in names if n in UNCACHED_TARGETS]
        if not args.no_uncached and len(uncached) > 1:
            off_env = {**env, "RULESITE_PAGE_CACHE_SECONDS": "0"}
            rows += run_phase(
                label=label, cache="off", names=uncached, env=off_env, args=args, workdir=Path(tmp)
            )
    print()
    print(table(rows))
    print(f"\n({time.monotonic() - started:.0f} s; 2 cores shared by gunicorn and wrk)")
    out = args.out or var_dir / f"results-{label}.json"
    out.write_text(json.dumps(rows, indent=2))
    print(f"JSON: {out}")


if __name__ == "__main__":
    main()
