#!/usr/bin/env bash
# Builds a .deb of ferry with dpkg-deb: the files scripts/install.sh installs, under /usr, and a control
# file whose Depends names the package of every library the binary needs (readelf's NEEDED, each found
# where ldd resolves it, the dynamic loader included; its package from dpkg -S, at least the installed
# upstream version).
# Usage: scripts/deb.sh [--binary PATH] [--out DIR] [--allow-unpackaged] [--uncompressed]
# (--allow-unpackaged: warn instead of failing for a library no package owns, as a debug build's Swift
# runtime; the release build links the Swift runtime statically and needs only system packages.)
set -euo pipefail
cd "$(dirname "$0")/.."

binary=.build/static/release/ferry
out=.build/deb
allow_unpackaged=no
compression=()
while [ $# -gt 0 ]; do
  case "$1" in
  --binary) binary=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  --allow-unpackaged) allow_unpackaged=yes; shift ;;
  --uncompressed) compression=(-Znone); shift ;;
  *) echo "deb: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$binary" ] || { echo "deb: no executable at '$binary'" >&2; exit 2; }

version=$("$binary" --version | sed -n 's/^ferry \([0-9][0-9A-Za-z.+~-]*\)$/\1/p')
[ -n "$version" ] || { echo "deb: cannot read the version from '$binary --version'" >&2; exit 2; }
architecture=$(dpkg --print-architecture)
name="ferry_${version}_${architecture}"
mkdir -p "$out"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
scripts/install.sh --binary "$binary" --prefix /usr --destdir "$stage/$name" --no-manifest >/dev/null

# The package owning the library file $1: tried as given, then as its real path (the loader is a symlink,
# /lib64/ld-linux-x86-64.so.2 to /lib/x86_64-linux-gnu/…), each with and without /usr (for merged /usr).
owner() {
  local real path
  real=$(readlink -f "$1" || echo "$1")
  for path in "$1" "/usr$1" "${1#/usr}" "$real" "/usr$real" "${real#/usr}"; do
    dpkg -S "$path" 2>/dev/null | sed -n '1s/^\([^:,]*\).*/\1/p' | grep . && return 0
  done
  return 1
}

# The path ldd resolved the NEEDED library $1 to: "name => /path (0x…)" for a library, but "/path (0x…)" with
# no "=>" for the dynamic loader (Debian 12: "/lib64/ld-linux-x86-64.so.2 (0x…)").
resolved() {
  awk -v name="$1" '
    $1 == name && $2 == "=>" && $3 ~ /^\// { print $3; exit }
    $1 ~ /^\// && $2 ~ /^\(0x/ { count = split($1, parts, "/"); if (parts[count] == name) { print $1; exit } }
  ' <<<"$libraries"
}

depends=()
# Adds the package that owns library $1, found at $2, to Depends; $3 says what to do when no package owns it.
depend_on() {
  local library=$1 path=$2 remedy=$3 package upstream
  if [ -z "$path" ] || ! package=$(owner "$path"); then
    if [ "$allow_unpackaged" = yes ]; then
      echo "deb: warning: no package owns $library (${path:-not found}); left out of Depends" >&2
      return 0
    fi
    echo "deb: no package owns $library (${path:-not found}); $remedy" >&2
    exit 1
  fi
  upstream=$(dpkg-query -W -f='${Version}' "$package")
  upstream=${upstream#*:}
  depends+=("$package (>= ${upstream%-*})")
}
libraries=$(ldd "$binary")
for library in $(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
  depend_on "$library" "$(resolved "$library")" "build with --static-swift-stdlib"
done
# libcurl is opened with dlopen at the first transfer (decision 0098), so it is not among the NEEDED libraries
# above; every send needs it.
depend_on libcurl.so.4 "$(ldconfig -p | awk '$1 == "libcurl.so.4" { print $NF; exit }')" "ferry opens it to send"
depends_line=$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')

mkdir -p "$stage/$name/DEBIAN"
cat >"$stage/$name/DEBIAN/control" <<CONTROL
Package: ferry
Version: $version
Architecture: $architecture
Maintainer: Ferry developers <ferry@localhost>
Installed-Size: $(du -sk "$stage/$name/usr" | cut -f1)
Depends: $depends_line
Section: web
Priority: optional
Description: terminal REST workbench for .http files
 A full-screen workbench and headless commands (send, export, import, json)
 for requests kept in .http files, with environments, history and cookies.
CONTROL
dpkg-deb --root-owner-group "${compression[@]}" --build "$stage/$name" "$out/$name.deb" >/dev/null
echo "$out/$name.deb"
