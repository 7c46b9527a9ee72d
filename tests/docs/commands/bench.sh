#!/usr/bin/env bash
# scripts/bench as docs/performance.md shows it, with a plug-in kernel as docs/reference.md does, in
# one short run: the GB/s table has every kernel's column and memmove's, the plug-in has its table, the
# parser tables are printed, and the plot is drawn.
# Usage: bench.sh CHECKOUT PLUGIN_LIBRARY
set -euo pipefail
checkout=$1 plugin=$2
cd "$checkout"
out=$(MASKCHECK_PLUGINS="$plugin=exactly-n" bash scripts/bench --benchmark_min_time=0.001 \
  --benchmark_repetitions=1 --benchmark_filter='/(8|256|16384)$|/(8|256|16384)/' 2>&1) ||
  { echo "$out" | tail -30; exit 1; }
echo "$out" | tail -40
header=$(grep -m1 '^ *payload |' <<<"$out" || true)
for column in reference block memmove; do
  grep -qw -- "$column" <<<"$header" || { echo "FAIL: no $column column in: $header"; exit 1; }
done
# A plug-in's entry has a contract of its own, so its own table, beside the kernels' same entry.
grep -q '^ *payload | exactly-n:unmask | block:exact' <<<"$out" || { echo "FAIL: no plug-in table"; exit 1; }
grep -q 'through its C declaration' <<<"$out" || { echo "FAIL: no parser table"; exit 1; }
[[ -s build/bench/kernels.png ]] || { echo "FAIL: no plot"; exit 1; }
echo "scripts/bench ran: every column, the parser tables and the plot"
