#!/usr/bin/env bash
# `make lint`: `import Glibc` only where the system is the point. System calls go through FerrySystem (atomic
# writes, descriptors, file locks, the one EINTR retry policy; see docs/ARCHITECTURE.md); a file elsewhere that
# imports Glibc is printed and the lint fails. (On Linux Foundation re-exports Glibc, so this checks what a
# file declares it needs, not every symbol it can reach.)
set -euo pipefail
cd "$(dirname "$0")/.."

# Folders where Glibc belongs.
allowed_folders=(
    Sources/FerrySystem/      # the system layer itself
    Sources/FerryNcurses/     # the terminal backend: termios, signals, the pty (beside CNcurses)
    Sources/FerryTestSupport/ # test-only: sockets, child processes, tmux, ptys
    Sources/FerryBench/       # the measurement harness (never linked into ferry): child processes, timing
    Tests/
)

# Single files that need a system interface FerrySystem does not wrap, each with its reason (none today: the
# pthread mutex, the wake-up pipes and poll(2), inotify, readdir, posix_spawn and SIGINT moved into FerrySystem).
allowed_files=()

# The C shims' Swift wrappers: a file that imports one of the C modules may import Glibc beside it.
c_modules='CCurl|CZlib|CNcurses|CJavaScriptCore'

status=0
while IFS= read -r file; do
    for folder in "${allowed_folders[@]}"; do
        [[ $file == "$folder"* ]] && continue 2
    done
    for allowed in ${allowed_files[@]+"${allowed_files[@]}"}; do
        [[ $file == "$allowed" ]] && continue 2
    done
    if grep -Eq "^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)?([a-z]+[[:space:]]+)?import[[:space:]]+($c_modules)\b" "$file"; then
        continue
    fi
    echo "$file: imports Glibc; use FerrySystem (or list the file in scripts/lint-imports.sh with the reason)"
    status=1
done < <(grep -rlE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)?([a-z]+[[:space:]]+)?import[[:space:]]+([a-z]+[[:space:]]+)?Glibc\b' \
    --include='*.swift' Sources Tests | sort)
exit "$status"
