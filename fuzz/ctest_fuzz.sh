#!/usr/bin/env bash
# ctest's way into a fuzz target: replay its inputs once (RUNS = 0), or, with libFuzzer, fuzz for
# RUNS runs from a fixed seed so CI is deterministic. New inputs go to a scratch folder.
# Usage: ctest_fuzz.sh libfuzzer|replay TARGET RUNS DICT INPUT_FOLDER...
set -euo pipefail
engine=$1 target=$2 runs=$3 dict=$4
shift 4
for folder in "$@"; do mkdir -p "$folder"; done
if [[ $engine == replay ]]; then
  exec "$target" "$@"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$target" -runs="$runs" -seed=1 -dict="$dict" -print_final_stats=1 -max_len=70000 \
  -artifact_prefix="$scratch/" "$scratch" "$@"
