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
# DocC link validation for every documented module (scripts/docs.sh: a stale ``Symbol`` link in a doc comment fails
# the run before any test starts; about a minute).
scripts/docs.sh
# Two test processes at once, each with its own cooperative pool (one thread per core): the library's tests
# and the front end's. A test that computes or blocks holds a pool thread, and on a 2-core machine one process
# running every test at once left async tests waiting tens of seconds for a thread (see
# docs/decisions/0071-two-test-processes.md). Both bundles are the same binary, run directly, since two
# `swift test` would wait for each other's lock on .build; arguments go to both.
bundle="$(swift build --show-bin-path)/FerryPackageTests.xctest"
library='^(FerrySystemTests|FerryHTTPTests|FerryJSONTests|FerryTestSupportTests|FerryScriptTests|FerryDynamicTests|FerryYAMLTests|FerryProtobufTests|FerryGRPCTests)\.'
# FerryImportTests (split from FerryWorkbenchTests) runs with the app side, as FerryWorkbenchTests does.
export NO_COLOR=1
# Each part's lines also go to a log, so that the end of the run can repeat what failed: CI shows only the last
# lines of a run, and a failure printed minutes earlier among 1,600 passes was out of its sight.
logs=$(mktemp -d)
trap 'scripts/stop-server.sh "$pid"; rm -rf "$logs"' EXIT
run_part() {  # NAME, then the bundle's arguments
    local name=$1
    shift
    set -o pipefail
    "$bundle" --testing-library swift-testing "$@" 2>&1 | sed -u "s/^/[$name] /" | tee "$logs/$name.log"
}
summarize() {  # NAME: the failures of a part, or its last lines when it ended without a verdict (a crash)
    local log="$logs/$1.log"
    if grep -q '✘' "$log"; then
        echo "test: what failed in the $1 part:"
        grep -E '✘|Expectation failed|Issue recorded|error:' "$log" | head -60
    elif ! grep -q 'Test run with .* passed' "$log"; then
        echo "test: the $1 part ended without a verdict; its last lines:"
        tail -40 "$log"
    fi
}
run_part library --filter "$library" "$@" &
library_pid=$!
run_part app --skip "$library" "$@" &
app_pid=$!
status=0
wait "$library_pid" || status=1
wait "$app_pid" || status=1
if [ "$status" -eq 0 ]; then
    echo "test: both parts passed"
else
    summarize library
    summarize app
    echo "test: a part failed (what failed is repeated above)"
fi
exit "$status"
