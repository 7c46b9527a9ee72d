#!/usr/bin/env bash
# docs/servers.md's commands: scripts/servers over a third of the 6-byte-header splits, and with
# --clients over an eighth of the whole messages (and, for the compressed servers and clients, of
# the compressed messages up to 8 bytes): every server and every client of the suites in their
# tables, each meeting its expectation. Then its maskcheck wire and throughput lines, each over a
# few cases or one short round (wire's and throughput's own options appended): each passes.
# Usage: servers.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
# every_row SIDE: the run on stdin passed, and its table has a row for each peer the build
# registered on the side (not only those with an expectation).
every_row() {
  local side=$1 table
  table=$(grep '^| ')
  echo "$table"
  [[ -s build/release/$side/registered.txt ]] || { echo "FAIL: no $side/registered.txt"; exit 1; }
  while read -r name; do
    grep -q "^| $name |" <<<"$table" || { echo "FAIL: $name missing from the $side table"; exit 1; }
  done <"build/release/$side/registered.txt"
}
# every_column SIDE: the matrix --html wrote has a column, and a page, for each registered peer.
every_column() {
  local side=$1 matrix=build/$1-html/index.html
  while read -r name; do
    grep -q "<a href=\"$name/index.html\">" "$matrix" && [[ -s build/$side-html/$name/index.html ]] ||
      { echo "FAIL: $name has no column or page in $matrix"; exit 1; }
  done <"build/release/$side/registered.txt"
}
rm -rf build/servers-html build/clients-html
out=$(documented 'scripts/servers --html build/servers-html' --header 6 --no-streams \
  --longest-stream 8 --shard 1/3 2>&1) || { echo "$out" | tail -30; exit 1; }
every_row servers <<<"$out"
every_column servers
out=$(documented 'scripts/servers --clients --html build/clients-html' --no-splits --no-fresh-keys \
  --longest-stream 8 --shard 1/8 2>&1) || { echo "$out" | tail -30; exit 1; }
every_row clients <<<"$out"
every_column clients

few=(--no-splits --longest-stream 1024 --quiet)
documented 'build/release/bin/maskcheck wire --server build/release/servers/maskcheck/maskcheck_echo_server --policy interop/servers/maskcheck/maskcheck.json' \
  "${few[@]}" | tee /dev/stderr | grep -q '^PASS'
documented 'build/release/bin/maskcheck wire --server "env MASKCHECK_DEFLATE=1 /usr/bin/python3 interop/servers/python/echo.py" --policy interop/servers/python/python-websockets.json --deflate' \
  "${few[@]}" | tee /dev/stderr | grep -q '^PASS'
documented 'build/release/bin/maskcheck wire --client build/release/clients/maskcheck/maskcheck_echo_client' \
  "${few[@]}" --no-fresh-keys --sequences 8 | tee /dev/stderr | grep -q '^PASS'
# Whole before it is searched: grep -q stopping early would break the pipe under pipefail.
out=$(documented 'build/release/bin/maskcheck wire --list')
grep -q '^RFC 6455 5.5.1 ' <<<"$out" || { echo "$out"; echo "FAIL: wire --list has no 5.5.1"; exit 1; }
out=$(documented 'build/release/bin/maskcheck wire --server build/release/servers/maskcheck/maskcheck_echo_server --policy interop/servers/maskcheck/maskcheck.json --section 5.5' \
  --quiet) || { echo "$out"; exit 1; }
grep -q '^PASS: 16 cases' <<<"$out" || { echo "$out"; echo "FAIL: --section 5.5 ran other than its 16 cases"; exit 1; }
documented 'S=build/release/servers/maskcheck/maskcheck_echo_server'
out=$(documented 'build/release/bin/maskcheck throughput --server "reference=$S --kernel reference" --server "block=$S --kernel block"' \
  --payloads 1024 --rounds 1 --megabytes 1 2>&1) || { echo "$out"; exit 1; }
grep -q 'block/reference' <<<"$out" || { echo "$out"; echo "FAIL: no block/reference ratio"; exit 1; }
echo "docs/servers.md's commands ran: every server and client in its table, each wire line passed"
