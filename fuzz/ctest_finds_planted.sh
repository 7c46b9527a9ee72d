#!/usr/bin/env bash
# A fuzz target's teeth: its planted twin (a broken kernel or parser linked in instead of impl's)
# must stop within RUNS fixed-seed runs from the seeds, name what disagreed, and write the input.
# Usage: ctest_finds_planted.sh PLANTED_TARGET RUNS DICT SEED_FOLDER
set -u
target=$1 runs=$2 dict=$3 seeds=$4
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$target" -runs="$runs" -seed=1 -dict="$dict" -max_len=70000 -artifact_prefix="$scratch/" \
  "$scratch" "$seeds" >"$scratch/log" 2>&1
code=$?
if [[ $code -eq 0 ]] || ! grep -Eq '(kernel_diff|stream_diff): ' "$scratch/log" ||
   ! compgen -G "$scratch/crash-*" >/dev/null; then
  echo "FAIL: $(basename "$target") did not find its planted bug in $runs runs (exit $code)"
  grep -v '^    #' "$scratch/log" | tail -8
  exit 1
fi
grep -Em1 '(kernel_diff|stream_diff): ' "$scratch/log"
found_at=$(grep -Eo '^#[0-9]+' "$scratch/log" | tail -1 | tr -d '#')
echo "found ${found_at:+after $found_at runs}${found_at:-while replaying the seeds}; the input was written"
