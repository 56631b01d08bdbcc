#!/usr/bin/env bash
# The start-up floor under `ferry send` (issue #21): small Swift programs built like `make run` builds ferry
# (-O, Swift runtime and Foundation linked statically) that do only what every ferry process pays for - the
# runtime, Foundation, libcurl and one transfer - each timed as a whole process against the curl CLI with
# `farm-bench --vs`, pair by pair. If .build/static/release/ferry exists, `ferry --version` and `ferry send` of
# the same GET join the table (FERRY=PATH names another binary). The server is `python3 -m http.server` on
# 127.0.0.1.
# Usage: [FERRY=PATH] scripts/start-floor.sh [RUNS]   (default 31; needs farm-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-31}
out=.build/floor
mkdir -p "$out/www" "$out/workspace"
echo '{"ok":true}' >"$out/www/small.json"

build() { # NAME [EXTRA SWIFTC FLAGS...]: builds scripts/floor/NAME.swift into $out/NAME
  local name=$1 source=scripts/floor/${1%-nopie}.swift
  shift
  [ "$out/$name" -nt "$source" ] && return
  swiftc -O -static-stdlib -I scripts/floor/ccurl "$source" -o "$out/$name" "$@" 2>&1 | grep -v "mktemp" || true
}
build runtime
build foundation
build curl-easy
build curl-foundation
build curl-foundation-codable
# The same floor linked as a fixed-address executable: no relative relocations to apply at start.
build curl-foundation-nopie -Xclang-linker -no-pie

port=$(scripts/free-port.sh)
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out/www" >/dev/null 2>&1 &
server=$!
trap 'scripts/stop-server.sh $server' EXIT
url=http://127.0.0.1:$port/small.json
for _ in $(seq 1 50); do curl -fs "$url" >/dev/null && break || sleep 0.1; done

pair() { # LABEL COMMAND... : COMMAND against curl, interleaved
  local label=$1
  shift
  echo "== $label"
  farm-bench -n "$runs" --vs "curl -s $url" -- "$@" 2>&1 | grep -E "^(A|B) (cpu|wall|peak)|^A/B (cpu|wall)"
}
pair "Swift runtime only (print)" "$out/runtime"
pair "Foundation linked, one Data written" "$out/foundation"
pair "Swift runtime + libcurl, one easy GET" "$out/curl-easy" "$url"
pair "Foundation + libcurl, one easy GET (the floor)" "$out/curl-foundation" "$url"
pair "the floor, linked -no-pie" "$out/curl-foundation-nopie" "$url"
pair "the floor + URL, Codable decode, ISO 8601 date" "$out/curl-foundation-codable" "$url"

ferry=${FERRY:-.build/static/release/ferry}
if [ -x "$ferry" ]; then
  ferry=$(realpath "$ferry")
  printf '### small\nGET %s\n' "$url" >"$out/workspace/api.http"
  pair "ferry --version ($ferry)" "$ferry" --version
  (cd "$out/workspace" && pair "ferry send small ($ferry)" "$ferry" send small)
fi
