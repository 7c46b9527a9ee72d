#!/usr/bin/env bash
# One servers-suite expectation: an echo server passes maskcheck wire under its declared policy, or
# maskcheck still makes its known finding there, first at that case, and the printed repro line
# shows it again. MASKCHECK_WIRE_SLICE holds the options that pick the cases (CI runs a slice);
# MASKCHECK_WIRE_PASSING, if set, picks more cases in a run of their own that the server must pass.
# Usage: expect_server.sh MASKCHECK POLICY COMMAND pass
#        expect_server.sh MASKCHECK POLICY COMMAND CASE_ID PATTERN
set -u
maskcheck=$1 policy=$2 command=$3 expected=$4 pattern=${5:-}
# shellcheck disable=SC2206 # the slices are lists of options, split as a shell would
slice=(${MASKCHECK_WIRE_SLICE:-})
passing=(${MASKCHECK_WIRE_PASSING:-})
run=("$maskcheck" wire --server "$command" --policy "$policy" --quiet)

# passes OPTIONS...: the server passes the cases OPTIONS pick, or the test fails.
passes() {
  local out code
  out=$("${run[@]}" "$@" 2>&1); code=$?
  if [[ $code -ne 0 ]] || ! grep -q '^PASS: ' <<<"$out"; then
    echo "FAIL: the server should pass $* (exit $code):"; tail -30 <<<"$out"; exit 1
  fi
  grep -A1 '^server ' <<<"$out"
}
[[ ${#passing[@]} -eq 0 ]] || passes "${passing[@]}"

if [[ $expected == pass ]]; then
  passes "${slice[@]}"
  exit 0
fi

expected_re=$(sed 's/[][\.^$*+?(){}|]/\\&/g' <<<"$expected")
out=$("${run[@]}" "${slice[@]}" --max-failures 1 2>&1); code=$?
if [[ $code -ne 1 ]] || ! grep -Eq "^FAIL $expected_re\$" <<<"$out" || ! grep -Eq "$pattern" <<<"$out"; then
  echo "FAIL: the known finding was not made at $expected /$pattern/ (exit $code):"
  tail -30 <<<"$out"; exit 1
fi
repro=$(sed -En 's/.*repro: maskcheck (.*)/\1/p' <<<"$out" | head -1)
again=$(eval "\"\$maskcheck\" $repro" 2>&1)
if ! grep -Eq "^FAIL $expected_re\$" <<<"$again" || ! grep -Eq "$pattern" <<<"$again"; then
  echo "FAIL: the repro line 'maskcheck $repro' did not show the finding again:"
  tail -30 <<<"$again"; exit 1
fi
echo "found as expected: $expected"
grep -E "$pattern" <<<"$out" | head -1
