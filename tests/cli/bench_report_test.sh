#!/usr/bin/env bash
# scripts/bench_report.py reads what the two benchmarks write: a short repeated run of each at
# 256 B and 16 KiB must give the tables, the goal lines and the parser's agreeing checksums.
# Usage: bench_report_test.sh PYTHON REPORT_SCRIPT KERNEL_BENCH PARSER_BENCH
set -u
python=$1 report=$2 kernel_bench=$3 parser_bench=$4
failures=0
fail() { echo "FAIL $1"; failures=$((failures + 1)); }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

short=(--benchmark_min_time=0.0001 --benchmark_repetitions=2 --benchmark_report_aggregates_only=true)
"$kernel_bench" "${short[@]}" --benchmark_filter='/(256|16384)$' \
  --benchmark_out="$dir/kernels.json" --benchmark_out_format=json >/dev/null || fail "kernel_bench"
"$parser_bench" "${short[@]}" --benchmark_filter='/16384/' \
  --benchmark_out="$dir/parser.json" --benchmark_out_format=json >/dev/null || fail "parser_bench"

out=$("$python" "$report" "$dir/kernels.json" "$dir/kernels.dat" "$dir/parser.json" 2>&1) ||
  fail "the report failed: $out"
grep -q '^kernels: each figure the median of 2 repetition(s)' <<<"$out" || fail "repetitions"
grep -Eq '^ +256 \| +[0-9.]+ \| +[0-9.]+ ' <<<"$out" || fail "no 256 B row"
grep -Eq '^  block / reference >= 8.0x  256: [0-9.]+x\*?  16384: [0-9.]+x' <<<"$out" ||
  fail "no block goal line"
grep -Eq '^ +16384 \| .* \| yes, [0-9]+ runs: [0-9]+' <<<"$out" || fail "no agreeing parser checksums"
grep -Eq '^  (avx2|avx512) 16384: [0-9.]+x\*?; over the headers [0-9.]+x \(moved / in place ' <<<"$out" ||
  grep -q 'avx2 16384: not measured' <<<"$out" || fail "no parser goal line"
[[ $failures -eq 0 ]] || echo "$out"
echo "bench report: $failures failed"
[[ $failures -eq 0 ]]
