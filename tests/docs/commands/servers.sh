#!/usr/bin/env bash
# scripts/servers as docs/servers.md shows it, over a third of the 6-byte-header splits, and with
# --clients over an eighth of the whole messages (and, for the compressed servers and clients, of
# the compressed messages up to 8 bytes): every server and every client of the suites in their
# tables, each meeting its expectation.
# Usage: servers.sh CHECKOUT
set -euo pipefail
cd "$1"
# every_row SIDE OPTIONS...: the run passes, and its table has a row for each peer the build
# registered on the side (not only those with an expectation).
every_row() {
  local side=$1 out table
  shift
  out=$(bash scripts/servers "$@" 2>&1) || { echo "$out" | tail -30; exit 1; }
  table=$(grep '^| ' <<<"$out")
  echo "$table"
  [[ -s build/release/$side/registered.txt ]] || { echo "FAIL: no $side/registered.txt"; exit 1; }
  while read -r name; do
    grep -q "^| $name |" <<<"$table" || { echo "FAIL: $name missing from the $side table"; exit 1; }
  done <"build/release/$side/registered.txt"
}
every_row servers --header 6 --no-streams --longest-stream 8 --shard 1/3
every_row clients --clients --no-splits --no-fresh-keys --longest-stream 8 --shard 1/8
