#!/usr/bin/env bash
# `make bench`: runs the release benchmark binary (it starts its own local servers) and prints one table.
set -euo pipefail
cd "$(dirname "$0")/.."
# The corpus is third-party data kept outside the repository: see docs/ARCHITECTURE.md, "Corpus".
export FERRY_CORPUS="${FERRY_CORPUS:-$(cd .. && pwd)/shared/corpus}"
export SWIFT_BACKTRACE=enable=no
# The peers suite's Python tools (HTTPie, requests, httpx, Posting) live in a venv of their own, pinned.
peers=.build/bench-venv
if [ ! -x "$peers/bin/posting" ] || ! cmp -s scripts/requirements-bench.txt "$peers/.requirements"; then
  echo "bench: installing the peers into $peers"
  python3 -m venv "$peers"
  "$peers/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-bench.txt
  cp scripts/requirements-bench.txt "$peers/.requirements"
fi
export FERRY_BENCH_PEERS="$PWD/$peers"
mkdir -p .build/bench
.build/release/FerryBench "$@"
