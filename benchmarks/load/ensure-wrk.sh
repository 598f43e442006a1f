#!/usr/bin/env bash
# The load generator: Debian's wrk, installed with apt-get when missing (as root).
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing wrk (apt-get install wrk)…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq wrk >/dev/null
  exit 0
fi
echo "wrk is missing: sudo apt-get install wrk" >&2
exit 1
