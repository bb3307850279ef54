#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for the tests (Chromium, the npm packages), then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
fi
npm ci --no-audit --no-fund
npm test
