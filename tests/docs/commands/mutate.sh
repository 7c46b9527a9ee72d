#!/usr/bin/env bash
# scripts/mutate as docs/testing.md shows it, over the two mutants it names: both detected, and
# the report written.
# Usage: mutate.sh CHECKOUT OUT
set -euo pipefail
cd "$1"
rm -f "$2/report.json"  # the mutation test and the other runs write theirs here too
out=$(python3 scripts/mutate --only imprecise-8-past key-rotation-reversed --jobs 1 --out "$2" 2>&1) ||
  { echo "$out" | tail -30; exit 1; }
source "$(dirname "$0")/detected.sh"
grep -E 'score' <<<"$out"
expect_detected 2 "$out"
[[ -s $2/report.json ]]
