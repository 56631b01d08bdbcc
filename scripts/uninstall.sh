#!/usr/bin/env bash
# Removes what scripts/install.sh installed, from its manifest: exactly those files, then the folders
# that install made, if they are empty.
# Usage: scripts/uninstall.sh [--prefix PREFIX] [--destdir DIR]   (or PREFIX / DESTDIR in the environment)
set -euo pipefail

prefix=${PREFIX:-/usr/local}
destdir=${DESTDIR:-}
while [ $# -gt 0 ]; do
  case "$1" in
  --prefix) prefix=$2; shift 2 ;;
  --destdir) destdir=$2; shift 2 ;;
  *) echo "uninstall: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
manifest="$destdir$prefix/share/ferry/install-manifest"
[ -f "$manifest" ] || { echo "uninstall: no manifest at $manifest (nothing installed there?)" >&2; exit 2; }

files=()
folders=()
while IFS=' ' read -r kind path; do
  case "$kind" in
  file) files+=("$path") ;;
  folder) folders=("$path" "${folders[@]}") ;; # innermost first
  esac
done <"$manifest"
for path in "${files[@]}"; do rm -f -- "$destdir$path"; done
for path in "${folders[@]}"; do rmdir -- "$destdir$path" 2>/dev/null || true; done
echo "uninstall: removed ${#files[@]} files from $destdir$prefix"
