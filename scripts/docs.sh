#!/usr/bin/env bash
# `make docs`: the documentation of every documented module, offline, with every link checked. For each module
# (its dependencies first): the debug build's module, its symbol graph from `swift symbolgraph-extract` (internal
# symbols too, so the links in their doc comments are checked), then the toolchain's own `docc convert` (with the
# module's catalog where it has one, FerryHTTP's) into .build/docs/MODULE.doccarchive. The swift-docc-plugin
# (`swift package generate-documentation`) is a package dependency to fetch, so it is not used.
#
# DocC checks every ``Symbol`` link inside a module; a link to another Ferry module's symbol (``HTTPClient`` in
# FerryWorkbench) it cannot resolve from one module's graph, so scripts/docs-links.py accepts exactly those: the
# first part of the link names a top-level symbol of another module listed here. Any other unresolved or ambiguous
# link, or another DocC warning, fails the script (and `make docs`).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/docs
modules=(FerrySystem FerryJSON FerryProtobuf FerryHTTP FerryGRPC FerryURLSession FerryYAML FerryDynamic FerryWorkbench
    FerryImport FerryTerminal FerryNcurses FerryScript FerryApp)
swift build
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
rm -rf "$out/symbol-graphs" "$out/warnings"
mkdir -p "$out/symbol-graphs" "$out/warnings"
for module in "${modules[@]}"; do
    graphs="$out/symbol-graphs/$module"
    mkdir -p "$graphs"
    swift symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
        -I Sources/CZlib -I Sources/CNcurses -Xcc -fmodule-map-file="$bin/CCurl.build/module.modulemap" \
        -Xcc -fmodule-map-file="$bin/CJavaScriptCore.build/module.modulemap" -Xcc -I/usr/include/webkitgtk-4.1 \
        -I Sources/CCurl/include -I Sources/CJavaScriptCore/include -minimum-access-level internal -output-dir "$graphs"
    catalog=()
    [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
    rm -rf "$out/$module.doccarchive"
    docc convert ${catalog[@]+"${catalog[@]}"} --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "ferry.$module" \
        --transform-for-static-hosting --diagnostic-filter warning --output-path "$out/$module.doccarchive" \
        >"$out/warnings/$module.txt" 2>&1 || {
        cat "$out/warnings/$module.txt" >&2
        echo "docs: docc could not convert $module" >&2
        exit 1
    }
done
python3 scripts/docs-links.py "$out" "${modules[@]}"
echo "docs: ${#modules[@]} archives in $out (open with any static file server; index at documentation/<module>)"
