#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for the tests (Chromium, the npm packages), then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
# Chromium for the browser tests; curl, a real client, for the upload tests of the API.
missing=""
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing="$missing chromium"
command -v curl >/dev/null 2>&1 || missing="$missing curl"
if [ -n "$missing" ]; then
  echo "Installing Debian's$missing for the tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing
fi
npm ci --no-audit --no-fund
npm test
