#!/usr/bin/env bash
# scripts/mutate's ways as docs/testing.md shows them, each as written with --only, --jobs and --out
# appended to keep it to a mutant or two: --operators lists the kernels' and the parser's operator
# mutants (--list); --operators FILE --jobs 2 over two of them; --fuzz --fuzz-runs 0 (the fuzz
# targets replay their seeds) over one curated mutant; --only over the two curated mutants the docs
# name. Every one must be detected, and each run writes its report. An unknown id is one line, exit 2.
# The whole curated catalogue is the mutation test's.
# Usage: mutate.sh CHECKOUT OUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
source "$(dirname "$0")/detected.sh"
cd "$1"
out=$2

error=$(python3 scripts/mutate --only imprecise-8-past no-such-mutant 2>&1) && status=0 || status=$?
[[ $status -eq 2 && $(wc -l <<<"$error") -eq 1 && $error == *no-such-mutant* ]] ||
  { echo "FAIL: an unknown mutant id gave exit $status and: $error"; exit 1; }

listed=$(documented 'scripts/mutate --operators' --list)
for file in block_unmask vector_words entries_from_words frame_parser; do
  grep -q "^$file:" <<<"$listed" || { echo "FAIL: --operators made no mutant of $file"; exit 1; }
done

# mutated COUNT REPORT: the run on stdin detected all its COUNT mutants, and wrote REPORT anew.
mutated() {
  local report=$2 text
  text=$(cat)
  grep -E 'fuzz-kernel|fuzz-stream|^mutation score' <<<"$text" | head -3 || true
  expect_detected "$1" "$text"
  [[ -s $report ]] || { echo "FAIL: scripts/mutate wrote no $report"; exit 1; }
}
# Two operators that compile (a changed constant may break a static_assert): the first XOR turned
# into OR and the first statement deleted.
listed=$(documented 'scripts/mutate --operators impl/block_unmask.cpp --jobs 2' --list)
mapfile -t operators < <(grep -m1 ':Bitwise:' <<<"$listed"; grep -m1 ':StatementDeletion:' <<<"$listed")
rm -f "$out/operators/report.json" "$out/report.json"  # an earlier run's report proves nothing
documented 'scripts/mutate --operators impl/block_unmask.cpp --jobs 2' --only "${operators[@]}" \
  --out "$out" 2>&1 | mutated 2 "$out/operators/report.json"

documented 'scripts/mutate --fuzz --fuzz-runs 0' --only imprecise-8-past --jobs 1 --out "$out" 2>&1 |
  tee "$out/fuzz-run.log" | mutated 1 "$out/report.json"
grep -q 'fuzz-kernel' "$out/fuzz-run.log" || { echo "FAIL: no fuzz-kernel column: --fuzz did not run"; exit 1; }
rm -f "$out/report.json"
documented 'scripts/mutate --only imprecise-8-past key-rotation-reversed' --jobs 1 --out "$out" 2>&1 |
  mutated 2 "$out/report.json"
