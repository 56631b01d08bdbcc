#!/usr/bin/env bash
# `make fuzz`: builds and runs the libFuzzer targets under Fuzz/ (FUZZ_SECONDS each, default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f Fuzz/Package.swift ]; then echo "fuzz: no fuzz targets yet"; exit 0; fi
export SWIFT_BACKTRACE=enable=no
cd Fuzz && ./run.sh "${FUZZ_SECONDS:-60}"
