"""Load benchmark: each target's latency under gunicorn + wrk, as a ratio to a floor view.

    python benchmarks/load/bench.py --label sqlite            # every row of the goals table
    scripts/with-postgres.sh python benchmarks/load/bench.py --label postgres --targets floor,card

Two floors, served in the same run on the same machine: the project's floor, a constant-string
view (``/__bench__/floor``) behind the site's whole middleware stack, and the bare floor, the
same view in a bare Django project with Django's default middleware (``barefloor.py``), served
by a second gunicorn next to the site. Each target: one checked request and a warm-up, then
wrk at ``--connections`` (16) for ``--duration`` seconds (``BENCH_DURATION``, default 10),
shared out over ``--rounds`` rounds (``BENCH_ROUNDS``, default 3) that each measure every
target in turn. A ratio to a floor is the median of the ratios of the rounds, each taken
between two measurements a few seconds apart: the machine's drift during the run (other
work, a disk flushing the import) moves both sides of a ratio alike.

On SQLite with the MTGJSON snapshot in ``../shared/data``, the database is first made by the
full import on a fresh file (timed, peak memory), imported again (timed, must write nothing),
then given the demo data; pages are measured on it. Results: the measurements, then the goals
table (target, figure, ratio, goal, pass or miss); JSON in ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from forms import browser_post
from server import (
    PYTHON,
    ROOT,
    Server,
    base_env,
    describe_database,
    log_statuses,
    manage,
    prepare,
    run_wrk,
)

ALL_TARGETS = (
    "floor",
    "bare_floor",
    "card",
    "search",
    "keyword",
    "workbench",
    "workbench_cold",
    "evaluate",
)
UNCACHED_TARGETS = ("floor", "card", "search", "keyword")
MTGJSON_SETS = ROOT.parent / "shared" / "data" / "mtgjson-v5.2.0-20220425" / "sets"

#: The issue's goals: (row, target, cache phase, floor, goal ratio).
RATIO_GOALS = (
    ("workbench htmx answer, a new set-up in every request", "workbench_cold", "on", "floor", 2.5),
    ("workbench htmx answer, the same set-up repeated", "workbench", "on", "floor", 1.5),
    ("card page, page cache empty", "card", "off", "floor", 4.0),
    ("search page, page cache empty", "search", "off", "floor", 4.0),
    ("keyword page, page cache empty", "keyword", "off", "floor", 4.0),
    ("card page, cached, vs the bare floor", "card", "on", "bare_floor", 1.5),
    ("POST /api/v1/evaluate vs the bare floor", "evaluate", "on", "bare_floor", 1.7),
)
IMPORT_GOALS = {"import_s": 12.0, "import_mb": 250.0, "reimport_s": 4.0}


@dataclass
class Target:
    name: str
    method: str
    path: str
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    vary: str = ""  # a substring of the body that wrk makes different in every request
    bare: bool = False  # served by the bare floor's server


def describe(env: dict[str, str]) -> dict[str, Any]:

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
        elif name == "bare_floor":
            targets.append(Target(name, "GET", "/__bench__/floor", bare=True))
        elif name in {"card", "search", "keyword"}:
            targets.append(Target(name, "GET", info[name]))
        elif name in {"workbench", "workbench_cold"}:
            path, body, headers = browser_post(base, info["workbench"])
            headers.update({"HX-Request": "true", "HX-Current-URL": base + info["workbench"]})
            if name == "workbench_cold":
                body = _varied_row(body)
            vary = VARIED_ROW_ID if name == "workbench_cold" else ""
            targets.append(Target(name, "POST", path, body, headers, vary=vary))
        elif name == "evaluate":
            body = json.dumps(info["scenario"]).encode()
            headers = {"Content-Type": "application/json"}
            targets.append(Target(name, "POST", info["evaluate"], body, headers))
        else:
            raise SystemExit(f"unknown target {name!r}; choose from {', '.join(ALL_TARGETS)}")
    return targets


VARIED_ROW_ID = "benchrow"


def _varied_row(body: bytes) -> bytes:
    """The workbench POST with its first board row renamed ``VARIED_ROW_ID`` (in the row and
    in the form's layout field alike), the name wrk then makes different in every request: a
    renamed permanent makes a new set-up, a new canonical request, with the same answer."""
    fields = urllib.parse.parse_qsl(body.decode(), keep_blank_values=True)
    old = next((v for n, v in fields if n.endswith("-id") and v), None)
    if old is None:
        raise RuntimeError("the workbench form has no board row to vary")
    renamed = []
    for name, value in fields:
        if name.endswith("-id") and value == old:
            value = VARIED_ROW_ID
        elif name == "layout":
            value = value.replace(f":{old}:", f":{VARIED_ROW_ID}:")
        renamed.append((name, value))
    return urllib.parse.urlencode(renamed).encode()


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


def wrk_env(target: Target, workdir: Path) -> dict[str, str]:
    """The environment request.lua reads ``target``'s method, body, headers and varied name
    from (the body and headers written to files in ``workdir``)."""
    env = {"WRK_METHOD": target.method}
    if target.body:
        body_file = workdir / f"{target.name}.body"
        body_file.write_bytes(target.body)
        env["WRK_BODY_FILE"] = str(body_file)
    if target.vary:
        env["WRK_VARY"] = target.vary
    if target.headers:
        headers_file = workdir / f"{target.name}.headers"
        headers_file.write_text("".join(f"{k}: {v}\n" for k, v in target.headers.items()))
        env["WRK_HEADERS_FILE"] = str(headers_file)
    return env


def merged(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """One target's figures over its rounds: the medians of each round's latencies, the
    throughput of all its requests, every non-2xx and socket error, and the rounds
    themselves (ratios are taken round by round, see :func:`ratio_to_floor`)."""
    requests = sum(r["requests"] for r in rounds)
    duration_us = sum(r["duration_us"] for r in rounds)
    row: dict[str, Any] = {
        "requests": requests,
        "duration_us": duration_us,
        "rps": requests / (duration_us / 1e6),
        "max_us": max(r["max_us"] for r in rounds),
    }
    for key in ("p50_us", "p95_us", "p99_us", "mean_us"):
        row[key] = statistics.median(r[key] for r in rounds)
    for key in ("non2xx", "connect_errors", "read_errors", "write_errors", "timeouts"):
        row[key] = sum(r[key] for r in rounds)
    row["rounds"] = [{k: r[k] for k in ("p50_us", "p95_us", "rps", "requests")} for r in rounds]
    return row


def ratio_to_floor(row: dict[str, Any], floor: dict[str, Any], key: str = "p50_us") -> float:
    """``row``'s latency ``key`` over ``floor``'s: the median of the ratios of the rounds the
    two were measured in side by side, so that a machine that slows down or speeds up during
    the run moves both sides of each ratio alike (one ratio of the two medians when the rows
    have no rounds in common)."""
    mine, theirs = row.get("rounds", []), floor.get("rounds", [])
    if mine and len(mine) == len(theirs):
        return float(statistics.median(a[key] / b[key] for a, b in zip(mine, theirs, strict=True)))
    return float(row[key] / floor[key])


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
    bare = None
    if "bare_floor" in names:
        bare_env = {**env, "DJANGO_SETTINGS_MODULE": "barefloor"}
        bare_log = log_path.with_name(f"server-{label}-bare.log")
        bare = Server(
            bare_env, port=0, workers=args.workers, log_path=bare_log, app="barefloor:application"
        )
        bare.start()
    try:
        with Server(env, port=args.port, workers=args.workers, log_path=log_path) as server:
            info = describe(env)
            offset = log_path.stat().st_size
            rows = _measure_all(server, bare, info, names, label, cache, args, workdir)
            statuses = log_statuses(log_path, offset)
    finally:
        if bare is not None:
            bare.stop()
    failures = {s: n for s, n in statuses.items() if s >= 300}
    for row in rows:
        row["server_non2xx_in_phase"] = sum(failures.values())
    if failures:
        print(f"  server log, {label}/{cache}: responses outside 2xx by status: {failures}")
    if "card" in names:
        print(f"  (card page: {info['card']} with {info['card_rulings']} clarifications)")
    return rows


def _measure_all(
    server: Server,
    bare: Server | None,
    info: dict[str, Any],
    names: list[str],
    label: str,
    cache: str,
    args: argparse.Namespace,
    workdir: Path,
) -> list[dict[str, Any]]:
    """Every target, in ``args.rounds`` rounds that each measure every target in turn for
    ``args.duration / args.rounds`` seconds (after one warm-up of each before the first)."""
    rows: list[dict[str, Any]] = []
    runs: list[tuple[str, dict[str, str], list[dict[str, Any]]]] = []  # (url, wrk env, rounds)
    for target in build_targets(server.base, info, names):
        serving = bare if target.bare and bare is not None else server
        row: dict[str, Any] = {"db": label, "cache": cache, "target": target.name}
        rows.append(row)
        problem = check(serving.base, target)
        if problem:
            row["error"] = problem
            print(f"  {label}/{cache}/{target.name}: not measured — {problem}", flush=True)
            runs.append(("", {}, []))
            continue
        url, env = serving.base + target.path, wrk_env(target, workdir)
        run_wrk(url, duration=min(3.0, args.duration), connections=args.connections, env=env)
        runs.append((url, env, []))
    seconds = args.duration / args.rounds
    for number in range(1, args.rounds + 1):
        print(
            f"  {label}/{cache}: round {number} of {args.rounds}, {seconds:.0f} s per target…",
            flush=True,
        )
        for url, env, rounds in runs:
            if url:
                rounds.append(run_wrk(url, duration=seconds, connections=args.connections, env=env))
    for row, (_url, _env, rounds) in zip(rows, runs, strict=True):
        if rounds:
            row.update(merged(rounds))
    return rows


def _errors(row: dict[str, Any]) -> int:
    return int(row["connect_errors"] + row["read_errors"] + row["write_errors"] + row["timeouts"])


def table(rows: list[dict[str, Any]]) -> str:
    floors = {(r["db"], r["cache"]): r for r in rows if r["target"] == "floor" and "p50_us" in r}
    lines = [
        f"{'db':<9}{'cache':<9}{'target':<16}{'req/s':>8}{'median ms':>11}{'p95 ms':>9}"
        f"{'×floor med':>12}{'×floor p95':>12}{'non-2xx':>9}{'errors':>8}",
    ]
    for r in rows:
        if r.get("kind") == "import":
            continue
        head = f"{r['db']:<9}{r['cache']:<9}{r['target']:<16}"
        if "p50_us" not in r:
            lines.append(head + f"  not measured: {r.get('error', '?')}")
            continue
        floor = floors.get((r["db"], r["cache"]))
        ratio_med = ratio_to_floor(r, floor) if floor else float("nan")
        ratio_p95 = ratio_to_floor(r, floor, "p95_us") if floor else float("nan")
        lines.append(
            head
            + f"{r['rps']:>8.0f}{r['p50_us'] / 1000:>11.1f}{r['p95_us'] / 1000:>9.1f}"
            + f"{ratio_med:>12.2f}{ratio_p95:>12.2f}{r['non2xx']:>9}{_errors(r):>8}"
        )
    return "\n".join(lines)


def import_rows(env: dict[str, str], sets: Path, var_dir: Path) -> list[dict[str, Any]]:
    """The full MTGJSON import on a fresh SQLite file, then the same import again (the same
    files: nothing compared), then again comparing every card (``--compare-all``)."""
    rows: list[dict[str, Any]] = []
    for target, extra in (("import", ()), ("reimport", ()), ("reimport_all", ("--compare-all",))):
        report = var_dir / f"{target}.json"
        print(f"  sqlite/{target}: import_mtgjson {' '.join(extra)} of {sets}…", flush=True)
        manage(env, "import_mtgjson", str(sets), *extra, "--quiet", "--report-json", str(report))
        data = json.loads(report.read_text())
        rows.append(
            {
                "db": "sqlite",
                "cache": "-",
                "target": target,
                "kind": "import",
                "seconds": data["seconds"],
                "cpu_seconds": data["cpu_seconds"],
                "peak_rss_mb": data["peak_rss_mb"],
                "wrote_nothing": data["wrote_nothing"],
                "same_input": data.get("same_input", False),
                "cards": data["cards"],
            }
        )
    return rows


def _ratio(rows: list[dict[str, Any]], target: str, cache: str, floor: str) -> dict[str, Any]:
    def find(name: str) -> dict[str, Any] | None:
        return next(
            (r for r in rows if r["target"] == name and r["cache"] == cache and "p50_us" in r),
            None,
        )

    row, base = find(target), find(floor)
    if row is None or base is None:
        missing = target if row is None else floor
        return {"figure": f"not measured ({missing})", "ratio": None, "clean": False}
    clean = row["non2xx"] == 0 and _errors(row) == 0
    figure = f"{row['rps']:.0f} req/s, {row['p50_us'] / 1000:.1f} ms median"
    if not clean:
        figure += f"; {row['non2xx']} non-2xx, {_errors(row)} socket errors"
    return {"figure": figure, "ratio": ratio_to_floor(row, base), "clean": clean}


def goals_table(rows: list[dict[str, Any]]) -> str:
    """One line per goal: the target, its figure, its ratio to its floor, the goal, pass/miss."""
    lines = [f"{'target':<52}{'figure':<34}{'ratio':>8}{'goal':>9}  result"]
    for title, target, cache, floor, goal in RATIO_GOALS:
        got = _ratio(rows, target, cache, floor)
        ratio = got["ratio"]
        ok = ratio is not None and got["clean"] and ratio <= goal
        shown = f"{ratio:.2f}×" if ratio is not None else "–"
        floor_name = "bare floor" if floor == "bare_floor" else "floor"
        lines.append(
            f"{title:<52}{got['figure']:<34}{shown:>8}{f'≤ {goal:g}×':>9}  "
            + ("PASS" if ok else "MISS")
            + f"  (vs the {floor_name}, cache {cache})"
        )
    imports = {r["target"]: r for r in rows if r.get("kind") == "import"}
    first = imports.get("import")
    if first is None:
        lines.append(f"{'full import (578 set files, fresh SQLite)':<52}not measured (no data)")
    else:
        ok = (
            first["seconds"] <= IMPORT_GOALS["import_s"]
            and first["peak_rss_mb"] <= IMPORT_GOALS["import_mb"]
        )
        figure = f"{first['seconds']:.1f} s, {first['peak_rss_mb']:.0f} MB"
        wanted = f"≤ {IMPORT_GOALS['import_s']:g} s, ≤ {IMPORT_GOALS['import_mb']:g} MB"
        lines.append(
            f"{'full import (578 set files, fresh SQLite)':<52}{figure:<34}{'':>8}"
            f"  {wanted}  {'PASS' if ok else 'MISS'}"
        )
    titles = {
        "reimport": "re-import writing nothing (same files)",
        "reimport_all": "re-import writing nothing, every card compared",
    }
    for target, title in titles.items():
        again = imports.get(target)
        if again is None:
            continue
        ok = again["seconds"] <= IMPORT_GOALS["reimport_s"] and again["wrote_nothing"]
        figure = f"{again['seconds']:.1f} s, {again['peak_rss_mb']:.0f} MB" + (
            ", wrote nothing" if again["wrote_nothing"] else ", WROTE CHANGES"
        )
        lines.append(
            f"{title:<52}{figure:<34}{'':>8}"
            f"  ≤ {IMPORT_GOALS['reimport_s']:g} s  {'PASS' if ok else 'MISS'}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--label", default=None, help="database label for the table")
    parser.add_argument("--targets", default=",".join(ALL_TARGETS))
    parser.add_argument("--no-uncached", action="store_true", help="skip the uncached phase")
    parser.add_argument(
        "--no-import",
        action="store_true",
        help="measure pages on the demo data only (no full MTGJSON import)",
    )
    parser.add_argument("--sets", type=Path, default=MTGJSON_SETS, help="MTGJSON set files")
    parser.add_argument(
        "--duration", type=float, default=float(os.environ.get("BENCH_DURATION", "10"))
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=int(os.environ.get("BENCH_ROUNDS", "3")),
        help="rounds that each measure every target in turn (the duration is shared out)",
    )
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=int(os.environ.get("BENCH_PORT", "0")))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    var_dir = ROOT / "var" / "bench"
    env = base_env(var_dir, REQUEST_LOG_LEVEL="INFO")
    label = args.label or ("postgres" if "postgres" in env.get("DATABASE_URL", "") else "sqlite")
    names = [n.strip() for n in args.targets.split(",") if n.strip()]
    started = time.monotonic()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Machine: {os.cpu_count()} cores, load average {load} before the run", flush=True)
    rows: list[dict[str, Any]] = []
    full = label == "sqlite" and not args.no_import and args.sets.is_dir()
    if full:
        database = var_dir / "full-import.sqlite3"
        var_dir.mkdir(parents=True, exist_ok=True)
        for stale in var_dir.glob("full-import.sqlite3*"):
            stale.unlink()
        env["DATABASE_URL"] = f"sqlite:///{database}"
        print("Fresh SQLite database for the full MTGJSON import…", flush=True)
        manage(env, "migrate", "--noinput", "--verbosity", "0")
        rows += import_rows(env, args.sets, var_dir)
    elif label == "sqlite":
        print(f"No full import ({args.sets} absent or --no-import): pages on the demo data only")
    print(f"Preparing the {label} database and static files…", flush=True)
    prepare(env)
    print(
        f"Database: {describe_database(env)}; gunicorn with {args.workers} workers; "
        f"wrk -c{args.connections}, {args.duration:.0f} s per target in {args.rounds} rounds",
        flush=True,
    )
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
    print(f"\n== Goals ({label}; medians of round-by-round ratios against a floor of this run) ==")
    print(goals_table(rows))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"\n({time.monotonic() - started:.0f} s; {os.cpu_count()} cores shared by gunicorn, wrk "
        f"and whatever else runs on the machine: load average {load} at the end)"
    )
    out = args.out or var_dir / f"results-{label}.json"
    out.write_text(json.dumps(rows, indent=2))
    print(f"JSON: {out}")


if __name__ == "__main__":
    main()
