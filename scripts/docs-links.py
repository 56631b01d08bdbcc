#!/usr/bin/env python3
"""Checks the DocC warnings scripts/docs.sh collected: a link DocC could not resolve inside its module passes only
when its first path component is a top-level symbol of another of the listed modules (DocC resolves links one module
at a time, and names only the first part it could not find, so the rest of such a link is not checked; a link
qualified by its module, ``FerryWorkbench/Secrets``, is reported as the module's name and fails: write it without).
Every other warning is printed and fails the check.

Usage: docs-links.py OUT MODULE... (OUT holds symbol-graphs/MODULE/*.symbols.json and warnings/MODULE.txt)."""
import glob
import json
import os
import re
import sys

out, modules = sys.argv[1], sys.argv[2:]
top_level = {}
for module in modules:
    names = set()
    for path in glob.glob(os.path.join(out, "symbol-graphs", module, "*.symbols.json")):
        with open(path) as graph:
            for symbol in json.load(graph).get("symbols", []):
                components = symbol.get("pathComponents", [])
                if len(components) == 1:
                    names.add(components[0])
    if not names:
        sys.exit(f"docs: no symbol graph for {module}")
    top_level[module] = names

missing = re.compile(r"warning: '(?P<link>[^']*)' doesn't exist at '/(?P<module>[^/']+)[^']*'")
failures = []
for module in modules:
    with open(os.path.join(out, "warnings", module + ".txt")) as warnings:
        for line in warnings:
            line = line.rstrip("\n")
            if "warning:" not in line:
                continue
            found = missing.search(line)
            if found:
                parts = [part.split("(")[0] for part in found.group("link").split("/")]
                if any(parts[0] in top_level[other] for other in modules if other != module):
                    continue
            failures.append(f"{module}: {line.strip()}")
for failure in failures:
    print(failure, file=sys.stderr)
if failures:
    print(f"docs: {len(failures)} DocC warnings (unresolved links above); fix the doc comments", file=sys.stderr)
    sys.exit(1)
print(f"docs: every link resolves in {', '.join(modules)}")
