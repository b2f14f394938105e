#!/bin/sh
# Debian packages the tests need, installed when missing: chromium for the browser tests, and
# bubblewrap, the sandbox the server rebuilds edited sections in (its tests prove the sandbox).
# chromium-headless-shell runs the browser tests on less CPU (decision 045); without it they run on
# chromium itself, so it is installed without asking for a password (sudo -n), and a failed
# install of it alone is a warning, not a failure.
set -e
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v bwrap >/dev/null 2>&1 || missing="$missing bubblewrap"
shell=""
[ -x /usr/lib/chromium/chromium-headless-shell ] || shell="chromium-headless-shell"
[ -n "$missing$shell" ] || exit 0
echo "Installing Debian's$missing $shell for the tests..."
SUDO=""
QUIET_SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo" QUIET_SUDO="sudo -n"; fi
if [ -n "$missing" ]; then
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi
if [ -n "$shell" ]; then
  { [ -n "$missing" ] || $QUIET_SUDO apt-get update -qq; } &&
    DEBIAN_FRONTEND=noninteractive $QUIET_SUDO apt-get install -y -qq "$shell" >/dev/null ||
    echo "Could not install $shell: the browser tests run on chromium itself (with more CPU)."
fi
