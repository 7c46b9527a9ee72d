#!/usr/bin/env bash
# fuzz/build.sh as docs/testing.md shows it, with flags of the test's own as OSS-Fuzz gives its own
# (libFuzzer without sanitizers or optimisation, the quickest build; the sanitizers are the fuzz
# preset's): both targets, their seed corpora, dictionaries and options in OUT, and targets that run.
# Usage: fuzz_build.sh CHECKOUT WORK
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
out=$2/out
CXXFLAGS="-O0 -fsanitize=fuzzer-no-link" OUT=$out WORK=$2 documented 'fuzz/build.sh' | tail -1
for target in kernel_diff stream_diff; do
  for file in "$target" "$target.dict" "$target.options" "${target}_seed_corpus.zip"; do
    [[ -s $out/$file ]] || { echo "FAIL: fuzz/build.sh wrote no $file"; exit 1; }
  done
  "$out/$target" -runs=100 -seed=1 -dict="$out/$target.dict" >/dev/null 2>&1
done
echo "fuzz/build.sh: every file written, both targets run"
