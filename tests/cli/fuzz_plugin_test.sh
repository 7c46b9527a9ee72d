#!/usr/bin/env bash
# kernel_diff fuzzes the plug-in kernels MASKCHECK_PLUGINS names: replaying its seeds with the test
# plug-in must stop at the broken kernel and print a repro line with the --plugin it needs; a
# library that does not load ends the run with exit 2.
# Usage: fuzz_plugin_test.sh KERNEL_DIFF PLUGIN_LIBRARY SEED_FOLDER
set -u
kernel_diff=$1 plugin=$2 seeds=$3

out=$(MASKCHECK_PLUGINS=$plugin "$kernel_diff" "$seeds" 2>&1)
code=$?
if [[ $code -eq 0 ]] || ! grep -q 'plugin-write-past-end:' <<<"$out" ||
   [[ $out != *"repro plugin-write-past-end:"*" --plugin $plugin"* ]]; then
  echo "FAIL: the broken plug-in kernel went unnoticed or unnamed (exit $code):"
  tail -20 <<<"$out"
  exit 1
fi

out=$(MASKCHECK_PLUGINS=/nonexistent/libnope.so "$kernel_diff" "$seeds" 2>&1)
code=$?
if [[ $code -ne 2 ]] || ! grep -q 'MASKCHECK_PLUGINS: --plugin: cannot load' <<<"$out"; then
  echo "FAIL: a plug-in that does not load must end the run with exit 2, got $code: $out"
  exit 1
fi
echo "fuzz plug-in: the broken kernel was caught and named; a missing library was refused"
