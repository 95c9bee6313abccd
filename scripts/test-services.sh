#!/usr/bin/env bash
# Installs the system packages the test suite needs for its server-backed tests
# (PostgreSQL for the campaign store, Chromium for the browser smoke test) when they are missing.
# The tests themselves start and stop those servers on 127.0.0.1 in temporary directories.
set -euo pipefail
need=()
command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need+=(postgresql)
command -v chromium >/dev/null 2>&1 || need+=(chromium chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing: ${need[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "missing system packages: ${need[*]} (install them with your package manager)" >&2
  fi
fi
