#!/usr/bin/env bash
# Installs what Ferry needs and is missing: Debian packages (only when absent; with `--bench` also nginx, the
# loopback server `make bench runpace` times `ferry run` and curl against — never for `make run` or
# `make test`, since installing it may start a system web server) and a Python
# virtual environment under .build/venv with httpbin, gunicorn and hypercorn (the HTTP/2 test peer) pinned
# from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libcurl4-openssl-dev zlib1g-dev libncursesw5-dev libjavascriptcoregtk-4.1-dev pkg-config tmux jq curl nghttp2-server openssl libxml2-utils man-db zsh fish nodejs)
[ "${1:-}" = "--bench" ] && packages+=(nginx)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then missing+=(python3-venv); fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

venv=.build/venv
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/gunicorn" ] || ! cmp -s scripts/requirements-httpbin.txt "$stamp"; then
  echo "install-deps: creating $venv with httpbin and gunicorn"
  mkdir -p .build
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-httpbin.txt
  cp scripts/requirements-httpbin.txt "$stamp"
fi

stamp="$venv/.requirements-hypercorn"
if [ ! -x "$venv/bin/hypercorn" ] || ! cmp -s scripts/requirements-hypercorn.txt "$stamp"; then
  echo "install-deps: adding hypercorn to $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-hypercorn.txt
  cp scripts/requirements-hypercorn.txt "$stamp"
fi

stamp="$venv/.requirements-graphql"
if ! cmp -s scripts/requirements-graphql.txt "$stamp"; then
  echo "install-deps: adding ariadne (the GraphQL test peer) to $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-graphql.txt
  cp scripts/requirements-graphql.txt "$stamp"
fi

# sse-starlette: the server-sent events peer (Tests/Peers/sse_peer.py) on that Hypercorn.
stamp="$venv/.requirements-sse"
if ! cmp -s scripts/requirements-sse.txt "$stamp"; then
  echo "install-deps: adding sse-starlette to $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-sse.txt
  cp scripts/requirements-sse.txt "$stamp"
fi

# websockets: the WebSocket echo peer (FerryTestSupport/Servers/WebSocketEchoServer.swift).
stamp="$venv/.requirements-websockets"
if ! "$venv/bin/python" -c 'import websockets' 2>/dev/null || ! cmp -s scripts/requirements-websockets.txt "$stamp"; then
  echo "install-deps: adding websockets to $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-websockets.txt
  cp scripts/requirements-websockets.txt "$stamp"
fi

# grpcio, grpcio-reflection and grpcio-tools: the gRPC peer (Tests/Peers/grpc_peer.py compiles its .proto at start-up).
stamp="$venv/.requirements-grpc"
if ! "$venv/bin/python" -c 'import grpc, grpc_reflection, grpc_tools' 2>/dev/null || ! cmp -s scripts/requirements-grpc.txt "$stamp"; then
  echo "install-deps: adding grpcio (the gRPC test peer) to $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-grpc.txt
  cp scripts/requirements-grpc.txt "$stamp"
fi

# Authlib: the OAuth 2.0 authorization server the sign-in tests talk to (Tests/Peers/oauth_peer.py, on the venv's Flask).
stamp="$venv/.requirements-oauth"
if ! "$venv/bin/python" -c 'import authlib' 2>/dev/null || ! cmp -s scripts/requirements-oauth.txt "$stamp"; then
  echo "install-deps: adding Authlib to $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-oauth.txt
  cp scripts/requirements-oauth.txt "$stamp"
fi

# requests and HTTPie: the code `ferry export --format python|httpie` writes runs on them in the tests (node runs the
# JavaScript, from apt above).
stamp="$venv/.requirements-clients"
if ! "$venv/bin/python" -c 'import requests, httpie' 2>/dev/null || ! cmp -s scripts/requirements-clients.txt "$stamp"; then
  echo "install-deps: adding requests and HTTPie to $venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/requirements-clients.txt
  cp scripts/requirements-clients.txt "$stamp"
fi
