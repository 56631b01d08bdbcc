#!/usr/bin/env bash
# Starts httpbin (gunicorn, keep-alive capable) on 127.0.0.1:PORT in the background, waits until
# it answers, and prints its PID. Usage: scripts/httpbin.sh PORT
set -euo pipefail
cd "$(dirname "$0")/.."
port=$1
log=.build/httpbin-$port.log
.build/venv/bin/gunicorn -b "127.0.0.1:$port" -w 2 -k gthread --threads 8 httpbin:app >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$port/get" 2>/dev/null; then
    echo "$pid"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
echo "httpbin did not start on port $port; see $log" >&2
kill "$pid" 2>/dev/null || true
exit 1
