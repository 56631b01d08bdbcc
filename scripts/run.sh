#!/usr/bin/env bash
# `make run`: starts httpbin on 127.0.0.1:18080 (the `local` environment of Collections/), opens
# the workbench on Collections/, and stops httpbin when ferry exits.
set -euo pipefail
cd "$(dirname "$0")/.."
port=18080
pid=""
if ! curl -fsS -o /dev/null "http://127.0.0.1:$port/get" 2>/dev/null; then
  pid=$(scripts/httpbin.sh "$port")
fi
stop_httpbin() {
  scripts/stop-server.sh "$pid"
  pid=""
}
trap stop_httpbin EXIT
trap 'stop_httpbin; exit 130' INT
trap 'stop_httpbin; exit 143' TERM
trap 'stop_httpbin; exit 129' HUP
status=0
SWIFT_BACKTRACE=interactive=no .build/static/release/ferry Collections/ || status=$?
stop_httpbin
exit "$status"
