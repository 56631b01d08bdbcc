#!/usr/bin/env bash
# Stops a background server by PID and waits until it is gone: SIGTERM, up to 10 s of grace, then SIGKILL.
# Usage: scripts/stop-server.sh PID
pid=${1:-}
[ -n "$pid" ] || exit 0
kill "$pid" 2>/dev/null || exit 0
for _ in $(seq 1 100); do
  kill -0 "$pid" 2>/dev/null || exit 0
  sleep 0.1
done
kill -9 "$pid" 2>/dev/null || true
