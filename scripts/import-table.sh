#!/usr/bin/env bash
# The two generated tables of docs/ARCHITECTURE.md, read from the sources.
# - The import table: for each Swift module under Sources/, the modules its files import and in how many of its files
#   (`import`, `@_exported import`, `internal import`, `@testable import`); between `<!-- imports:begin -->` and
#   `<!-- imports:end -->`.
# - The folder table: for each Swift module, its lines of Swift, its files at the top and each folder with the Swift
#   files under it (subfolders in braces, likewise); between `<!-- folders:begin -->` and `<!-- folders:end -->`.
# `scripts/import-table.sh` prints both; `--write` puts them into docs/ARCHITECTURE.md; `--check` (run by
# `make lint`) fails while either differs.
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

# Swift files under a folder, recursively.
swift_count() { find "$1" -name '*.swift' | wc -l | tr -d ' '; }

# `Name` (N) for each folder under $1 holding Swift files, with its own subfolders in braces, comma-separated.
folder_list() {
    local first=1 sub name inner
    for sub in "$1"/*/; do
        sub=${sub%/}
        [ -d "$sub" ] && [ "$(swift_count "$sub")" -gt 0 ] || continue
        name=$(basename "$sub")
        inner=$(folder_list "$sub")
        [ $first -eq 1 ] || printf ', '
        first=0
        printf '`%s` (%s%s)' "$name" "$(swift_count "$sub")" "${inner:+: $inner}"
    done
}

folders() {
    echo "| module | lines | files at the top | folders (Swift files under each) |"
    echo "|---|---|---|---|"
    for folder in Sources/*/; do
        folder=${folder%/}
        module=$(basename "$folder")
        [ "$(swift_count "$folder")" -gt 0 ] || continue
        lines=$(find "$folder" -name '*.swift' -print0 | xargs -0 cat | wc -l | tr -d ' ')
        top=$(find "$folder" -maxdepth 1 -name '*.swift' | wc -l | tr -d ' ')
        list=$(folder_list "$folder")
        echo "| \`$module\` | $lines | $top | ${list:-none} |"
    done
}

# Replaces the lines between <!-- NAME:begin --> and <!-- NAME:end --> of the file $2 by the output of $3, in place.
splice() {
    local name=$1 file=$2 generator=$3 generated
    grep -q "^<!-- $name:begin -->$" "$file" && grep -q "^<!-- $name:end -->$" "$file" || {
        echo "import-table: $doc lacks the <!-- $name:begin --> / <!-- $name:end --> lines" >&2
        exit 1
    }
    generated=$(mktemp)
    "$generator" >"$generated"
    awk -v table="$generated" -v begin="<!-- $name:begin -->" -v end="<!-- $name:end -->" '
        $0 == end { skipping = 0 }
        !skipping { print }
        $0 == begin { while ((getline line < table) > 0) print line; skipping = 1 }
    ' "$file" >"$file.next"
    mv "$file.next" "$file"
    rm -f "$generated"
}

doc=docs/ARCHITECTURE.md
case "${1:-}" in
--write | --check)
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    cp "$doc" "$work/doc.md"
    splice imports "$work/doc.md" table
    splice folders "$work/doc.md" folders
    if [ "$1" = --write ]; then
        cp "$work/doc.md" "$doc"
    elif ! cmp -s "$work/doc.md" "$doc"; then
        echo "import-table: the import or folder table of $doc is not what the sources hold; run scripts/import-table.sh --write" >&2
        diff "$doc" "$work/doc.md" >&2 || true
        exit 1
    fi
    ;;
*)
    table
    echo
    folders
    ;;
esac
