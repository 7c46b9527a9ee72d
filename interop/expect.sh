#!/usr/bin/env bash
# One interop expectation: a real library's entry point passes the full sweep with its declared
# contract (or the kernel every split through the frame parser: ENTRY "split"), or maskcheck still
# makes its known finding, in that first case, and the printed repro line shows it again.
# Usage: expect.sh MASKCHECK PLUGIN KERNEL ENTRY|split pass
#        expect.sh MASKCHECK PLUGIN KERNEL ENTRY|split CASE_ID REPORT_PATTERN
set -u
maskcheck=$1 plugin=$2 kernel=$3 entry=$4 expected=$5 pattern=${6:-}
if [[ $entry == split ]]; then
  sweep=("$maskcheck" split --plugin "$plugin" --kernel "$kernel")
else
  sweep=("$maskcheck" sweep --plugin "$plugin" --kernel "$kernel" --entry "$entry")
fi

if [[ $expected == pass ]]; then
  out=$("${sweep[@]}" --quiet 2>&1); code=$?
  if [[ $code -ne 0 ]] || ! grep -q '^PASS: ' <<<"$out"; then
    echo "FAIL: $kernel:$entry should pass its full run (exit $code):"; tail -20 <<<"$out"; exit 1
  fi
  grep '^PASS: ' <<<"$out"
  exit 0
fi

# One thread, so that the first failing case is the first in case order.
out=$("${sweep[@]}" --jobs 1 --max-failures 1 --quiet 2>&1); code=$?
if [[ $code -eq 0 ]] || ! grep -Eq "(FAIL|died in case) $expected( |\$)" <<<"$out" ||
   ! grep -Eq "$pattern" <<<"$out"; then
  echo "FAIL: the known finding in $kernel:$entry was not made at $expected /$pattern/ (exit $code):"
  tail -20 <<<"$out"; exit 1
fi
repro=$(sed -En 's/.*repro: (.*)/\1/p' <<<"$out" | head -1)
# shellcheck disable=SC2086 # the printed line is split into arguments as a shell would
again=$($repro 2>&1)
if ! grep -Eq "(FAIL|died in case) $expected( |\$)" <<<"$again" || ! grep -Eq "$pattern" <<<"$again"; then
  echo "FAIL: the repro line '$repro' did not show the finding again:"; tail -20 <<<"$again"; exit 1
fi
echo "found as expected: $expected"; grep -E "$pattern" <<<"$out" | head -1
