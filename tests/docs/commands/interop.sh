#!/usr/bin/env bash
# scripts/interop --benchmark_filter=/16384 as docs/interop.md shows it, in one short benchmark run
# (the benchmark's own options appended) over the release preset's libraries (MASKCHECK_INTEROP_PRESETS
# empty: their expectations, label interop, run in each preset's own ctest): every library's kernel
# in the table beside block, avx2 and memmove, and websocketpp's parser beside maskcheck's own.
# Usage: interop.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
out=$(MASKCHECK_INTEROP_PRESETS= documented 'scripts/interop --benchmark_filter=/16384' \
  --benchmark_min_time=0.001 --benchmark_repetitions=1 2>&1) ||
  { echo "$out" | tail -40; exit 1; }
# Each library's entry has its own contract, so the libraries share the plug-in table.
header=$(grep -A1 '^plug-in entry points' <<<"$out" | tail -1)
echo "$header"
for column in block avx2 memmove websocketpp beast bufferutil gorilla coder; do
  grep -q -- "$column" <<<"$header" || { echo "FAIL: no $column column in: $header"; exit 1; }
done
declared=$(grep -A1 'through its C declaration' <<<"$out" | tail -1)
echo "$declared"
grep -q 'maskcheck' <<<"$declared" && grep -q 'websocketpp-hybi13' <<<"$declared" ||
  { echo "FAIL: the parsers are not side by side: $declared"; exit 1; }
