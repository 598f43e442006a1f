#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL server:
#
#   scripts/with-postgres.sh .venv/bin/python -m pytest
#
# Installs Debian's `postgresql` package when the server binaries are missing (as root), creates
# a fresh data directory under a temporary folder, starts the server on a Unix socket there
# (no TCP port, so nothing clashes with another server), exports DATABASE_URL for the command,
# and always stops the server and deletes the folder afterwards (even on Ctrl-C or failure).
# The command's exit status is returned.
#
# Environment: PG_DURABLE=1 keeps fsync on (benchmarks); the default turns durability off,
# which is safe for a database that is deleted at the end and makes the test suite faster.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARG…]" >&2
  exit 2
fi

find_bindir() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir 2>/dev/null || true)"
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"; return 0
  fi
  return 1
}

if ! PG_BIN="$(find_bindir)"; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing PostgreSQL (apt-get install postgresql)…" >&2
    # No default cluster: this script makes its own, and nothing should listen on 5432.
    mkdir -p /etc/postgresql-common
    if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
      echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
    PG_BIN="$(find_bindir)"
  else
    echo "PostgreSQL server binaries (initdb, pg_ctl) not found. Install them" \
      "(sudo apt-get install postgresql) or run as root to install automatically." >&2
    exit 1
  fi
fi

# PostgreSQL refuses to run as root: run the server as the `postgres` system user (created by
# the Debian package), or as a dedicated user made here.
RUN_AS=()
if [ "$(id -u)" = "0" ]; then
  PG_USER=postgres
  if ! id "$PG_USER" >/dev/null 2>&1; then
    PG_USER=rulesite-pg
    id "$PG_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER"
  fi
  RUN_AS=(runuser -u "$PG_USER" --)
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/rulesite-pg.XXXXXX")"
chmod 755 "$WORK"
if [ "$(id -u)" = "0" ]; then chown "$PG_USER" "$WORK"; fi
DATA="$WORK/data"
PORT="${PG_PORT:-54329}"
STARTED=0

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ "$STARTED" = "1" ]; then
    "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >/dev/null 2>&1 \
      || "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${RUN_AS[@]}" "$PG_BIN/initdb" -D "$DATA" -U rulesite -A trust -E UTF8 --locale=C.UTF-8 \
  --no-sync >"$WORK/initdb.log" 2>&1 || { cat "$WORK/initdb.log" >&2; exit 1; }

OPTS="-c listen_addresses='' -k $WORK -p $PORT -c max_connections=200 -c shared_buffers=128MB"
if [ "${PG_DURABLE:-0}" != "1" ]; then
  OPTS="$OPTS -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi
STARTED=1
"${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" -o "$OPTS" -w -t 60 start \
  >/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
"$PG_BIN/createdb" -h "$WORK" -p "$PORT" -U rulesite rulesite

# dj-database-url: a Unix socket directory is given percent-encoded in the host part.
SOCKET_HOST="$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$WORK")"
export DATABASE_URL="postgres://rulesite@${SOCKET_HOST}:${PORT}/rulesite"
export RULESITE_PG_SOCKET_DIR="$WORK"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') running in $WORK (socket port $PORT)" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
