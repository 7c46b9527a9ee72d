#!/usr/bin/env bash
# scripts/mutate's other ways as docs/testing.md shows them, each over one or two mutants: the
# fuzz targets replaying their seeds (--fuzz --fuzz-runs 0) and the operator mutants of a file
# (--operators FILE). Each must kill what it runs.
# Usage: mutate_more.sh CHECKOUT OUT
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
OUT=$2 mutate 1 --fuzz --fuzz-runs 0 --only imprecise-8-past
# Two operators that compile (a changed constant may break a static_assert): the first XOR turned
# into OR and the first statement deleted.
listed=$(python3 scripts/mutate --operators impl/block_unmask.cpp --list)
mapfile -t operators < <(grep -m1 ':Bitwise:' <<<"$listed"; grep -m1 ':StatementDeletion:' <<<"$listed")
OUT=$2 mutate 2 --operators impl/block_unmask.cpp --only "${operators[@]}"
