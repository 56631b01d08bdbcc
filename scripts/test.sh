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
swift test --skip-build "$@"
