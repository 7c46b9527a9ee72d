#!/usr/bin/env bash
# The ws echo server and client stand for bufferutil's native code: where only bufferutil's
# JavaScript fallback loads (its prebuilt addons taken away), each ends at once saying so; with
# the addon, neither does.
# Usage: native_bufferutil_test.sh NODE NODE_MODULES SERVER_JS CLIENT_JS
set -u
node=$1 modules=$2 server=$3 client=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$modules" "$work/node_modules"
rm -rf "$work/node_modules/bufferutil/prebuilds"
failed=0
words='bufferutil loaded its JavaScript fallback'

# refuses NAME NODE_PATH SCRIPT: the script exits 1 naming the fallback.
refuses() {
  local out code
  out=$(MASKCHECK_URL=ws://127.0.0.1:1/ NODE_PATH=$2 timeout 20 "$node" "$3" 2>&1); code=$?
  if [[ $code -ne 1 ]] || ! grep -q "$words" <<<"$out"; then
    echo "FAIL: the $1 on bufferutil's fallback should exit 1 saying so (exit $code): $out"; failed=1
  else
    echo "ok: the $1 refuses the fallback: $out"
  fi
}
refuses server "$work/node_modules" "$server"
refuses client "$work/node_modules" "$client"

# With the addon the server listens, and the client gets as far as connecting.
line=$(NODE_PATH=$modules timeout 5 "$node" "$server" 2>&1 | head -1)
[[ $line == listening* ]] || { echo "FAIL: the server with the addon: $line"; failed=1; }
out=$(MASKCHECK_URL=ws://127.0.0.1:1/ NODE_PATH=$modules timeout 20 "$node" "$client" 2>&1)
if grep -q "$words" <<<"$out" || ! grep -q 'echo client:' <<<"$out"; then
  echo "FAIL: the client with the addon should try to connect: $out"; failed=1
fi
exit "$failed"
