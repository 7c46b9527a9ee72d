#!/usr/bin/env bash
# maskcheck wire on a server it did not start, by its URL, on 8 connections (as docs/servers.md
# shows): the server started here, its port read from its first line, and stopped at the end.
# Usage: url_test.sh MASKCHECK ECHO_SERVER POLICY
set -euo pipefail
maskcheck=$1 server=$2 policy=$3
work=$(mktemp -d)
"$server" >"$work/port" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q '^listening' "$work/port" && break; sleep 0.1; done
port=$(sed -n 's/^listening //p' "$work/port")
"$maskcheck" wire "ws://127.0.0.1:$port/" --policy "$policy" --connections 8 --header 6 \
  --longest-stream 4096 --quiet | tee "$work/out"
grep -q '^PASS: ' "$work/out"
