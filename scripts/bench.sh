#!/usr/bin/env bash
# `make bench`: runs the release benchmark binary (it starts its own local servers) and prints one table.
set -euo pipefail
cd "$(dirname "$0")/.."
# The corpus is third-party data kept outside the repository: see docs/ARCHITECTURE.md, "Corpus".
export FERRY_CORPUS="${FERRY_CORPUS:-$(cd .. && pwd)/shared/corpus}"
export SWIFT_BACKTRACE=enable=no
.build/release/FerryBench "$@"
