#!/usr/bin/env bash
# Make sure nginx exists for `make serve` and its tests (Debian's package when missing).
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing nginx for make serve (apt-get install nginx)…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nginx >/dev/null
  exit 0
fi
echo "nginx is missing. Install it (sudo apt-get install nginx) or run as root to install it automatically." >&2
exit 1
