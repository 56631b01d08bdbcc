#!/bin/sh
# Rewrites the README's key table, the lines between <!-- keys:begin --> and <!-- keys:end -->, with
# `ferry keys --markdown` (the workbench's default key map). KeysCommandTests fails while they differ.
set -eu
cd "$(dirname "$0")/.."
swift build --product ferry
table=$(mktemp)
trap 'rm -f "$table" README.md.keys' EXIT
.build/debug/ferry keys --markdown >"$table"
grep -q '^<!-- keys:begin -->$' README.md && grep -q '^<!-- keys:end -->$' README.md || {
    echo "update-key-table: README.md lacks the <!-- keys:begin --> / <!-- keys:end --> lines" >&2
    exit 1
}
awk -v table="$table" '
    /^<!-- keys:end -->$/ { skipping = 0 }
    !skipping { print }
    /^<!-- keys:begin -->$/ { while ((getline line < table) > 0) print line; skipping = 1 }
' README.md >README.md.keys
mv README.md.keys README.md
