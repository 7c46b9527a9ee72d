#!/usr/bin/env bash
# scripts/servers as docs/servers.md shows it, over the 6-byte-header splits only: every server of
# the suite in the table, each meeting its expectation.
# Usage: servers.sh CHECKOUT
set -euo pipefail
cd "$1"
out=$(bash scripts/servers --header 6 --no-streams 2>&1) || { echo "$out" | tail -30; exit 1; }
table=$(grep '^| ' <<<"$out")
echo "$table"
while IFS=$'\t' read -r name _; do
  grep -q "^| $name |" <<<"$table" || { echo "FAIL: $name missing from the table"; exit 1; }
done <build/release/servers/servers.tsv
