#!/usr/bin/env bash
# `make bench`: runs the release benchmark binary (it starts its own local servers) and prints one table.
set -euo pipefail
cd "$(dirname "$0")/.."
export FERRY_CORPUS="${FERRY_CORPUS:-$(cd .. && pwd)/shared/corpus}"
export SWIFT_BACKTRACE=enable=no
.build/release/FerryBench "$@"
