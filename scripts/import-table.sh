#!/usr/bin/env bash
# The import table of docs/ARCHITECTURE.md, read from the sources: for each Swift module under Sources/, the
# modules its files import and in how many of its files (`import`, `@_exported import`, `internal import`,
# `@testable import`). `scripts/import-table.sh` prints it; `--write` puts it between the `<!-- imports:begin -->`
# and `<!-- imports:end -->` lines of docs/ARCHITECTURE.md; `--check` (run by `make lint`) fails while they differ.
set -euo pipefail
cd "$(dirname "$0")/.."

table() {
    echo "| module | Swift files | imports (files that import it) |"
    echo "|---|---|---|"
    for folder in Sources/*/; do
        module=$(basename "$folder")
        files=$(find "$folder" -name '*.swift' | sort)
        [ -n "$files" ] || continue
        count=$(printf '%s\n' "$files" | wc -l)
        imports=$(printf '%s\n' "$files" | while read -r file; do
            sed -nE 's/^[[:space:]]*(@_exported |internal |@testable |public )?import ([A-Z][A-Za-z0-9_]*).*/\2/p' "$file" | sort -u
        done | sort | uniq -c | sort -k1,1nr -k2 | awk '{ printf "%s%s (%d)", (NR > 1 ? ", " : ""), $2, $1 }')
        echo "| \`$module\` | $count | ${imports:-none} |"
    done
}

doc=docs/ARCHITECTURE.md
case "${1:-}" in
--write | --check)
    grep -q '^<!-- imports:begin -->$' "$doc" && grep -q '^<!-- imports:end -->$' "$doc" || {
        echo "import-table: $doc lacks the <!-- imports:begin --> / <!-- imports:end --> lines" >&2
        exit 1
    }
    generated=$(mktemp)
    trap 'rm -f "$generated" "$generated.doc"' EXIT
    table >"$generated"
    awk -v table="$generated" '
        /^<!-- imports:end -->$/ { skipping = 0 }
        !skipping { print }
        /^<!-- imports:begin -->$/ { while ((getline line < table) > 0) print line; skipping = 1 }
    ' "$doc" >"$generated.doc"
    if [ "$1" = --write ]; then
        mv "$generated.doc" "$doc"
    elif ! cmp -s "$generated.doc" "$doc"; then
        echo "import-table: the import table of $doc is not what the sources import; run scripts/import-table.sh --write" >&2
        diff "$doc" "$generated.doc" >&2 || true
        exit 1
    fi
    ;;
*) table ;;
esac
