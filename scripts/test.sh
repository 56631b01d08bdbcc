#!/usr/bin/env bash
# `make test`: starts httpbin on a free loopback port, runs every test, stops httpbin whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$(scripts/free-port.sh)
pid=$(scripts/httpbin.sh "$port")
trap 'scripts/stop-server.sh "$pid"' EXIT
export FERRY_HTTPBIN_URL="http://127.0.0.1:$port"
export FERRY_REQUIRE_SERVERS=1
# The corpus is third-party data kept outside the repository: see docs/ARCHITECTURE.md, "Corpus".
export FERRY_CORPUS="${FERRY_CORPUS:-$(cd .. && pwd)/shared/corpus}"
# A crash prints every thread's stack to stderr and ends (never the interactive backtracer, which would wait on a
# terminal): one signal 11 was seen once in a full run and could not be placed without it.
export SWIFT_BACKTRACE=enable=yes,interactive=no,output-to=stderr,threads=all,symbolicate=fast,registers=none
echo "test: httpbin at $FERRY_HTTPBIN_URL (pid $pid), corpus at $FERRY_CORPUS"
swift build --build-tests
# One process. Tests wait without holding a cooperative thread (one per core, two here): polls sleep with
# `Task.sleep` or run on a watcher thread of their own, child processes and tmux are awaited, so the app,
# terminal and CLI tests no longer starve FerryHTTP's async network tests (which, when they blocked, made
# cancel tests time out with a transfer that "never started" and split this run in two processes).
swift test --skip-build "$@"
