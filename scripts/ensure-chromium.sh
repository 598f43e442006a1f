#!/usr/bin/env bash
# Make sure a system Chromium exists for the Playwright browser tests (browser downloads are
# not possible: Playwright drives /usr/bin/chromium).
set -euo pipefail
CHROMIUM="${RULESITE_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "Chromium is missing at $CHROMIUM. Install it (sudo apt-get install chromium) or set RULESITE_CHROMIUM." >&2
exit 1
