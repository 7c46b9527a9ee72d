#!/usr/bin/env bash
# When ASan stops kernel_diff, libFuzzer must still write the crashing input: the harness names
# the case in its own death callback only where libFuzzer is not linked. The test plug-in's broken
# kernel reads past its footprint on the first seed.
# Usage: ctest_saves_crash.sh KERNEL_DIFF PLUGIN_LIBRARY SEED_FOLDER
set -u
kernel_diff=$1 plugin=$2 seeds=$3
artifacts=$(mktemp -d)
trap 'rm -rf "$artifacts"' EXIT
MASKCHECK_PLUGINS=$plugin "$kernel_diff" -runs=100 -seed=1 -artifact_prefix="$artifacts/" \
  "$seeds" >"$artifacts/log" 2>&1
code=$?
if [[ $code -eq 0 ]] || ! grep -q 'AddressSanitizer' "$artifacts/log"; then
  echo "FAIL: the broken plug-in kernel did not stop the fuzzer under ASan (exit $code)"
  tail -5 "$artifacts/log"
  exit 1
fi
if ! compgen -G "$artifacts/crash-*" >/dev/null; then
  echo "FAIL: ASan stopped the fuzzer but no crash input was written:"
  grep -v '^    #' "$artifacts/log" | tail -8
  exit 1
fi
echo "the crashing input was kept: $(basename "$artifacts"/crash-*)"
