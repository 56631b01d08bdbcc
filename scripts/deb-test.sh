#!/usr/bin/env bash
# Installs the .deb for real and takes it out again: dpkg -i; `ferry --version` and `ferry themes` run from
# another folder, found on PATH; the man page and the bash, zsh and fish completions where the package put
# them, each what the binary generates; dpkg -r; and nothing the package installed left behind (folders that
# were there before stay). Root only, and only where no ferry package or /usr/bin/ferry is installed: it
# refuses rather than replace one. `make deb-test` builds the release binary and runs it.
# Usage: scripts/deb-test.sh [--binary PATH | --deb PATH]
# (--binary: the package is built from it with scripts/deb.sh; default .build/static/release/ferry.)
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/static/release/ferry
deb=
while [ $# -gt 0 ]; do
  case "$1" in
  --binary) binary=$2; shift 2 ;;
  --deb) deb=$2; shift 2 ;;
  *) echo "deb-test: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" = 0 ] || { echo "deb-test: needs root (it runs dpkg -i and dpkg -r)" >&2; exit 2; }
command -v dpkg >/dev/null || { echo "deb-test: needs dpkg" >&2; exit 2; }
status() { dpkg-query -W -f='${Status}' ferry 2>/dev/null || true; }
if [ "$(status)" = "install ok installed" ] || [ -e /usr/bin/ferry ]; then
  echo "deb-test: ferry is already installed here; remove it first (dpkg -r ferry)" >&2
  exit 2
fi

work=$(mktemp -d)
installed=no
cleanup() {
  if [ "$installed" = yes ]; then dpkg -r ferry >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
if [ -z "$deb" ]; then
  deb=$(scripts/deb.sh --binary "$binary" --out "$work/deb")
fi

failures=0
checks=0
check() { # check DESCRIPTION COMMAND...: runs the command, counts it, prints a line when it fails.
  local description=$1
  shift
  checks=$((checks + 1))
  if "$@"; then
    echo "deb-test: ok: $description"
  else
    echo "deb-test: FAIL: $description"
    failures=$((failures + 1))
  fi
}

version=$(dpkg-deb --field "$deb" Version)
echo "deb-test: $deb"
echo "deb-test: Depends: $(dpkg-deb --field "$deb" Depends)"
# What the package holds (files and folders, as absolute paths), and which were there before it.
mapfile -t paths < <(dpkg-deb --contents "$deb" | awk '{ print $6 }' | sed 's|^\.||; s|/$||' | grep .)
existing=()
for path in "${paths[@]}"; do
  if [ -e "$path" ]; then existing+=("$path"); fi
done

check "dpkg -i" dpkg -i "$deb"
installed=yes
mkdir -p "$work/elsewhere" "$work/home"
# A user somewhere else: an empty folder, a home without configuration, the system's PATH.
in_elsewhere() { (cd "$work/elsewhere" && env -i HOME="$work/home" PATH=/usr/local/bin:/usr/bin:/bin TERM=dumb "$@"); }
check "ferry on PATH is /usr/bin/ferry" test "$(in_elsewhere sh -c 'command -v ferry')" = /usr/bin/ferry
check "ferry --version prints $version" test "$(in_elsewhere ferry --version)" = "ferry $version"
check "ferry themes --folders names /usr/share/ferry/themes" \
  bash -c 'grep -qx /usr/share/ferry/themes <<<"$1"' _ "$(in_elsewhere ferry themes --folders)"
themes=$(in_elsewhere ferry themes)
for theme in Themes/*.json; do
  name=$(basename "$theme" .json)
  check "ferry themes lists $name, installed at /usr/share/ferry/themes/$name.json" \
    bash -c 'grep -qw -- "$1" <<<"$2" && cmp -s "$3" "/usr/share/ferry/themes/$1.json"' _ "$name" "$themes" "$theme"
done
listed=$(dpkg -L ferry)
for pair in man:/usr/share/man/man1/ferry.1 bash:/usr/share/bash-completion/completions/ferry \
  zsh:/usr/share/zsh/site-functions/_ferry fish:/usr/share/fish/vendor_completions.d/ferry.fish; do
  target=${pair%%:*}
  file=${pair#*:}
  check "$file is the package's and holds what ferry generate $target writes" \
    bash -c 'grep -qx -- "$1" <<<"$2" && generated=$(ferry generate "$3") && [ "$generated" = "$(cat "$1")" ]' \
    _ "$file" "$listed" "$target"
done
if command -v man >/dev/null; then
  check "man -w ferry finds the page" test "$(in_elsewhere man -w ferry)" = /usr/share/man/man1/ferry.1
fi
check "bash loads the completion for ferry" \
  in_elsewhere bash -c 'source /usr/share/bash-completion/completions/ferry && complete -p ferry >/dev/null'

check "dpkg -r ferry" dpkg -r ferry
installed=no
check "dpkg no longer lists ferry as installed" test "$(status)" != "install ok installed"
left=()
for path in "${paths[@]}"; do
  if [ -e "$path" ] && ! printf '%s\n' "${existing[@]}" | grep -qxF -- "$path"; then left+=("$path"); fi
done
check "nothing the package installed is left (${#paths[@]} paths, ${#existing[@]} were there before)" \
  test "${#left[@]}" = 0
[ "${#left[@]}" = 0 ] || printf 'deb-test: left behind: %s\n' "${left[@]}"

if [ "$failures" = 0 ]; then
  echo "deb-test: passed ($checks checks)"
else
  echo "deb-test: $failures of $checks checks failed"
  exit 1
fi
