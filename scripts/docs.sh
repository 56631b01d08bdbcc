#!/usr/bin/env bash
# `make docs`: FerryHTTP's DocC catalog (Sources/FerryHTTP/FerryHTTP.docc) as a static-hosting archive in
# .build/docs/FerryHTTP.doccarchive, offline. The swift-docc-plugin (`swift package generate-documentation`)
# is a package dependency to fetch, so instead: the debug build's module, its symbol graph from
# `swift symbolgraph-extract`, then the toolchain's own `docc convert`.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/docs
swift build --target FerryHTTP
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
rm -rf "$out/symbol-graphs" "$out/FerryHTTP.doccarchive"
mkdir -p "$out/symbol-graphs"
swift symbolgraph-extract -module-name FerryHTTP -target "$triple" -I .build/debug/Modules -I Sources/CCurl -I Sources/CZlib \
    -minimum-access-level public -output-dir "$out/symbol-graphs"
docc convert Sources/FerryHTTP/FerryHTTP.docc --additional-symbol-graph-dir "$out/symbol-graphs" \
    --fallback-display-name FerryHTTP --fallback-bundle-identifier ferry.FerryHTTP \
    --transform-for-static-hosting --output-path "$out/FerryHTTP.doccarchive"
echo "docs: $out/FerryHTTP.doccarchive (open with any static file server; index at documentation/ferryhttp)"
