#!/bin/sh
# Chromium on the CPUs CHROMIUM_CPUS names (as `taskset -c` reads them), for the journey whose
# server runs on the other core (playwright.config.ts, project `sob-carga`). Every process Chromium
# starts inherits the set.
exec taskset -c "${CHROMIUM_CPUS:-0}" "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@"
