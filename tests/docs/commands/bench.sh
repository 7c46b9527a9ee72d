#!/usr/bin/env bash
# scripts/bench as docs/performance.md shows it, in one short run (the benchmark's own options
# appended) with a plug-in kernel in the environment, as its illustration with your library does:
# the GB/s table has every kernel's column and memmove's, the plug-in has its table, the parser
# tables are printed, and the plot is drawn. Then the two benchmark command lines the figures of
# docs/performance.md came from, each once: every benchmark they name runs.
# Usage: bench.sh CHECKOUT PLUGIN_LIBRARY
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
once=(--benchmark_min_time=0.001 --benchmark_repetitions=1)
out=$(MASKCHECK_PLUGINS="$2=exactly-n" documented 'scripts/bench --benchmark_min_time=1' "${once[@]}" \
  --benchmark_filter='/(8|256|16384)$|/(8|256|16384)/' 2>&1) ||
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

out=$(documented "build/release/bin/kernel_bench --benchmark_filter='^(words/avx2|words/avx512|memmove|copy32)/(256|1024|16384|65536)$' --benchmark_min_time=1 --benchmark_repetitions=5 --benchmark_report_aggregates_only=true" "${once[@]}" 2>&1)
for name in words/avx2/16384 memmove/65536 copy32/256; do
  grep -q "^$name " <<<"$out" || { echo "$out"; echo "FAIL: kernel_bench ran no $name"; exit 1; }
done
out=$(documented "build/release/bin/parser_bench --benchmark_filter='(parser|moved|unmask)/(avx2|avx512)/(16384|65536)/' --benchmark_min_time=0.2 --benchmark_repetitions=5 --benchmark_report_aggregates_only=true" "${once[@]}" 2>&1)
out+=$(documented "build/release/bin/parser_bench --benchmark_filter='(parser|parser-in-place|moved|unmask)/(avx2|avx512)/(16384|65536)/' --benchmark_min_time=0.2 --benchmark_repetitions=5 --benchmark_report_aggregates_only=true" "${once[@]}" 2>&1)
[[ $(grep -c '^moved/avx2/16384/' <<<"$out") -eq 2 && $(grep -c '^parser-in-place/avx2/' <<<"$out") -eq 2 ]] ||
  { echo "$out"; echo "FAIL: the parser_bench lines did not each run their benchmarks"; exit 1; }
echo "scripts/bench ran: every column, the parser tables and the plot; the benchmark lines ran"
