#!/usr/bin/env bash
# scripts/mutate's ways as docs/testing.md shows them, in one run over two mutants: the operator
# mutants of a file (--operators FILE), two of them picked with --only, sent through the fuzz
# targets too, replaying their seeds (--fuzz --fuzz-runs 0), the report written. Both must be
# detected. The curated catalogue is the mutation test's.
# Usage: mutate.sh CHECKOUT OUT
set -euo pipefail
cd "$1"
source "$(dirname "$0")/detected.sh"
# Two operators that compile (a changed constant may break a static_assert): the first XOR turned
# into OR and the first statement deleted.
listed=$(python3 scripts/mutate --operators impl/block_unmask.cpp --list)
mapfile -t operators < <(grep -m1 ':Bitwise:' <<<"$listed"; grep -m1 ':StatementDeletion:' <<<"$listed")
report=$2/operators/report.json
rm -f "$report"  # an earlier run's report proves nothing
out=$(python3 scripts/mutate --jobs 1 --out "$2" --fuzz --fuzz-runs 0 \
        --operators impl/block_unmask.cpp --only "${operators[@]}" 2>&1) ||
  { echo "$out" | tail -30; exit 1; }
grep -E 'fuzz-kernel|fuzz-stream' <<<"$out" | head -3
grep -q 'fuzz-kernel' <<<"$out" || { echo "FAIL: no fuzz-kernel column: --fuzz did not run"; exit 1; }
expect_detected 2 "$out"
[[ -s $report ]] || { echo "FAIL: scripts/mutate wrote no $report"; exit 1; }
