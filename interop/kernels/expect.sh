#!/usr/bin/env bash
# One interop expectation: a real library's entry point passes the full sweep with its declared
# contract (or the kernel every split through the frame parser: ENTRY "split"; or a real library's
# parser, named in KERNEL, every split or named stream: ENTRY "parser-split" or "parser-stream";
# "parser-split-h6-h8" for headers 6 and 8 only),
# or maskcheck still makes its known finding, in that first case, and the printed repro line shows
# it again.
# MASKCHECK_SPANS (with, without) says whether a sweep takes the span tier.
# Usage: expect.sh MASKCHECK PLUGIN KERNEL ENTRY pass
#        expect.sh MASKCHECK PLUGIN KERNEL ENTRY CASE_ID REPORT_PATTERN
set -u
maskcheck=$1 plugin=$2 kernel=$3 entry=$4 expected=$5 pattern=${6:-}
case $entry in
  split) sweep=("$maskcheck" split --plugin "$plugin" --kernel "$kernel") ;;
  parser-split | parser-stream)
    sweep=("$maskcheck" "${entry#parser-}" --parser-plugin "$plugin" --parser "$kernel") ;;
  parser-split-h6-h8)
    sweep=("$maskcheck" split --parser-plugin "$plugin" --parser "$kernel" --header 6 --header 8) ;;
  *) sweep=("$maskcheck" sweep --plugin "$plugin" --kernel "$kernel" --entry "$entry"
            --spans "${MASKCHECK_SPANS:-with}") ;;
esac

if [[ $expected == pass ]]; then
  out=$("${sweep[@]}" --quiet 2>&1); code=$?
  if [[ $code -ne 0 ]] || ! grep -q '^PASS: ' <<<"$out"; then
    echo "FAIL: $kernel:$entry should pass its full run (exit $code):"; tail -20 <<<"$out"; exit 1
  fi
  grep '^PASS: ' <<<"$out"
  exit 0
fi

# The case id as a regular expression matching only itself ("2^40" holds a metacharacter).
expected_re=$(sed 's/[][\.^$*+?(){}|]/\\&/g' <<<"$expected")
# One thread, so that the first failing case is the first in case order.
out=$("${sweep[@]}" --jobs 1 --max-failures 1 --quiet 2>&1); code=$?
if [[ $code -eq 0 ]] || ! grep -Eq "(FAIL|died in case) $expected_re( |\$)" <<<"$out" ||
   ! grep -Eq "$pattern" <<<"$out"; then
  echo "FAIL: the known finding in $kernel:$entry was not made at $expected /$pattern/ (exit $code):"
  tail -20 <<<"$out"; exit 1
fi
repro=$(sed -En 's/.*repro: (.*)/\1/p' <<<"$out" | head -1)
repro=${repro/#maskcheck /$maskcheck }  # a release build's line names the command, not its path
# shellcheck disable=SC2086 # the printed line is split into arguments as a shell would
again=$($repro 2>&1)
if ! grep -Eq "(FAIL|died in case) $expected_re( |\$)" <<<"$again" || ! grep -Eq "$pattern" <<<"$again"; then
  echo "FAIL: the repro line '$repro' did not show the finding again:"; tail -20 <<<"$again"; exit 1
fi
echo "found as expected: $expected"; grep -E "$pattern" <<<"$out" | head -1
