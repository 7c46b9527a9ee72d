#!/usr/bin/env bash
# scripts/mutate's ways as docs/testing.md shows them, each over two mutants: the two it
# names with --only, through the fuzz targets replaying their seeds too (--fuzz --fuzz-runs 0), the
# report written; and the operator mutants of a file (--operators FILE). Each must detect what it
# runs.
# Usage: mutate.sh CHECKOUT OUT
set -euo pipefail
cd "$1"
source "$(dirname "$0")/detected.sh"
# mutate COUNT ARGUMENTS...: scripts/mutate ARGUMENTS must succeed and detect its COUNT mutants.
mutate() {
  local count=$1 out
  shift
  out=$(python3 scripts/mutate --jobs 1 --out "$OUT" "$@" 2>&1) || { echo "$out" | tail -30; exit 1; }
  expect_detected "$count" "$out" || { echo "in: scripts/mutate $*"; exit 1; }
}
# --fuzz's short form: its seeds alone (--fuzz-runs 0), the same build and the same runs otherwise.
rm -f "$2/report.json"  # the mutation test writes its own here too
OUT=$2 mutate 2 --fuzz --fuzz-runs 0 --only imprecise-8-past key-rotation-reversed
[[ -s $2/report.json ]] || { echo "FAIL: scripts/mutate wrote no $2/report.json"; exit 1; }
# Two operators that compile (a changed constant may break a static_assert): the first XOR turned
# into OR and the first statement deleted.
listed=$(python3 scripts/mutate --operators impl/block_unmask.cpp --list)
mapfile -t operators < <(grep -m1 ':Bitwise:' <<<"$listed"; grep -m1 ':StatementDeletion:' <<<"$listed")
OUT=$2 mutate 2 --operators impl/block_unmask.cpp --only "${operators[@]}"
