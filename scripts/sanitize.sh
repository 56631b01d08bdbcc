#!/usr/bin/env bash
# `make sanitize`: builds the tests under ThreadSanitizer and AddressSanitizer and runs the FerryHTTP and
# FerryTestSupport suites with httpbin, nghttpd and Hypercorn, then prints how many tests ran and how many
# sanitizer reports each run produced. Not part of `make test` (two extra full builds: ~10 min each here).
#
# Usage: scripts/sanitize.sh [thread] [address]      (both when none given)
# Environment: FERRY_SANITIZE_DIR (scratch folders go there, outside the repo; default /tmp),
#              FERRY_SANITIZE_FILTER (swift test --filter; default the FerryHTTP and FerryTestSupport suites).
# Exits non-zero when a test fails or a sanitizer reports anything. Logs: $FERRY_SANITIZE_DIR/ferry-*.log
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(thread address)
scratch_root=${FERRY_SANITIZE_DIR:-/tmp}
case "$(cd "$scratch_root" && pwd)/" in
  "$root"/*) echo "sanitize: FERRY_SANITIZE_DIR must be outside the repository" >&2; exit 2 ;;
esac
filter=${FERRY_SANITIZE_FILTER:-FerryHTTPTests|FerryTestSupportTests}

port=$(scripts/free-port.sh)
pid=$(scripts/httpbin.sh "$port")
trap 'scripts/stop-server.sh "$pid"' EXIT
export FERRY_HTTPBIN_URL="http://127.0.0.1:$port"
export FERRY_REQUIRE_SERVERS=1
export SWIFT_BACKTRACE=enable=no
# TSan keeps going after a report (and exits 66 at the end); XCTest's own leaks are not ours.
export TSAN_OPTIONS="halt_on_error=0 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="detect_leaks=0 ${ASAN_OPTIONS:-}"

status=0
summary=()
for kind in "${kinds[@]}"; do
  case "$kind" in
    thread) short=tsan; flags=(-Xswiftc -sanitize=thread); pattern='WARNING: ThreadSanitizer' ;;
    address) short=asan; flags=(-Xswiftc -sanitize=address -Xswiftc -use-ld=lld); pattern='ERROR: AddressSanitizer' ;;
    *) echo "sanitize: unknown sanitizer '$kind' (thread or address)" >&2; exit 2 ;;
  esac
  scratch="$scratch_root/ferry-$short"
  log="$scratch_root/ferry-$short.log"
  echo "sanitize: building with -sanitize=$kind into $scratch"
  if ! swift build --build-tests --scratch-path "$scratch" "${flags[@]}" >"$scratch_root/ferry-$short-build.log" 2>&1; then
    grep -E "error:" "$scratch_root/ferry-$short-build.log" | head -20 >&2 || true
    echo "sanitize: the $kind build failed (log: $scratch_root/ferry-$short-build.log)" >&2
    exit 1
  fi
  echo "sanitize: running '$filter' under $kind (log: $log)"
  set +e
  swift test --skip-build --scratch-path "$scratch" --filter "$filter" >"$log" 2>&1
  code=$?
  set -e
  reports=$(grep -c "$pattern" "$log" || true)
  xctests=$(grep -Eo 'Executed [0-9]+ tests?' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  swifttests=$(grep -Eo 'Test run with [0-9]+ tests?' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  result=$(grep -E '(✔|✘|━) Test run with' "$log" | tail -1 || true)
  summary+=("$kind: $xctests XCTest + $swifttests Swift Testing tests, $reports sanitizer reports, exit $code")
  echo "sanitize: ${summary[-1]}"
  [ -z "$result" ] || echo "sanitize: $result"
  if [ "$code" -ne 0 ] || [ "$reports" -ne 0 ]; then
    status=1
    grep -E "$pattern|SUMMARY: |✘ Test" "$log" | head -40 || true
  fi
done
printf 'sanitize: %s\n' "${summary[@]}"
exit $status
