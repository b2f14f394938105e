#!/bin/sh
# Runs the pinned pnpm through npm: corepack cannot download pnpm on every machine, npx can.
export TURBO_TELEMETRY_DISABLED=1
exec npx --yes pnpm@10.34.8 "$@"
