#!/usr/bin/env bash
# `make test`: starts httpbin on a free loopback port, runs every test, stops httpbin whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$(scripts/free-port.sh)
pid=$(scripts/httpbin.sh "$port")
trap 'scripts/stop-server.sh "$pid"' EXIT
export FERRY_HTTPBIN_URL="http://127.0.0.1:$port"
export FERRY_REQUIRE_SERVERS=1
export FERRY_CORPUS="${FERRY_CORPUS:-$(cd .. && pwd)/shared/corpus}"
export SWIFT_BACKTRACE=enable=no
echo "test: httpbin at $FERRY_HTTPBIN_URL (pid $pid), corpus at $FERRY_CORPUS"
swift build --build-tests
if [ $# -gt 0 ]; then
  swift test --skip-build "$@"
  exit
fi
# Two processes. Swift's cooperative pool has one thread per core (two here), and the app, terminal and
# CLI tests block theirs while they wait for a screen or a child process; in one process they could hold
# both threads for many seconds while FerryHTTP's async network tests, waiting behind them, timed out
# (seen as cancel tests whose transfer "never started" in 20 s, only in whole-suite runs).
network='^(FerryHTTPTests|FerryTestSupportTests)\.'
swift test --skip-build --filter "$network"
swift test --skip-build --skip "$network"
