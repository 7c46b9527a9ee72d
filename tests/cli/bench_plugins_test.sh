#!/usr/bin/env bash
# kernel_bench takes plug-ins from MASKCHECK_PLUGINS: "lib.so=name" registers that kernel alone, an
# unknown name is refused with exit 2, and a kernel that faults is named as the benchmark dies.
# Usage: bench_plugins_test.sh KERNEL_BENCH CONTRACTS_PLUGIN
set -u
bench=$1 plugin=$2
failures=0
fail() { echo "FAIL $1"; failures=$((failures + 1)); }

listed=$(MASKCHECK_PLUGINS="$plugin=rotated,exactly-n" "$bench" --benchmark_list_tests 2>&1)
grep -qx 'mask/rotated/8' <<<"$listed" && grep -qx 'unmask/exactly-n/8' <<<"$listed" &&
  ! grep -q 'never-returns' <<<"$listed" || fail "per-kernel filter: $(head -c 600 <<<"$listed")"

out=$(MASKCHECK_PLUGINS="$plugin=nope" "$bench" --benchmark_list_tests 2>&1); code=$?
[[ $code -eq 2 ]] && grep -q "has no kernel 'nope'" <<<"$out" || fail "unknown kernel: exit $code: $out"

out=$(MASKCHECK_PLUGINS="$plugin=faults" "$bench" --benchmark_filter='^unmask/faults/8$' \
        --benchmark_min_time=0.0001 2>&1); code=$?
[[ $code -ne 0 ]] && grep -q '^kernel_bench: unmask/faults/8 (n 8, in place, in each buffer by turns): Segmentation fault' <<<"$out" ||
  fail "faulting kernel: exit $code: $out"

echo "bench plug-ins: $failures failed"
[[ $failures -eq 0 ]]
