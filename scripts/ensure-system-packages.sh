#!/bin/sh
# Debian packages the tests need, installed when missing: chromium for the browser tests, and
# bubblewrap, the sandbox the server rebuilds edited sections in (its tests prove the sandbox).
set -e
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v bwrap >/dev/null 2>&1 || missing="$missing bubblewrap"
[ -n "$missing" ] || exit 0
echo "Installing Debian's$missing for the tests..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
