#!/usr/bin/env bash
# One servers- or clients-suite expectation: an echo server or client passes maskcheck wire, or
# maskcheck still makes its known finding there, first at that case, and the printed repro line
# shows it again. MASKCHECK_WIRE_SLICE holds the options that pick the cases (CI runs a slice);
# MASKCHECK_WIRE_PASSING, if set, picks more cases in a run of their own that it must pass.
# Usage: expect_wire.sh pass - MASKCHECK wire (--server COMMAND --policy FILE | --client COMMAND)
#        expect_wire.sh CASE_ID PATTERN MASKCHECK wire ...
set -u
expected=$1 pattern=$2 maskcheck=$3
shift 2
# shellcheck disable=SC2206 # the slices are lists of options, split as a shell would
slice=(${MASKCHECK_WIRE_SLICE:-})
passing=(${MASKCHECK_WIRE_PASSING:-})
run=("$@" --quiet)

# passes OPTIONS...: the server passes the cases OPTIONS pick, or the test fails.
passes() {
  local out code
  out=$("${run[@]}" "$@" 2>&1); code=$?
  if [[ $code -ne 0 ]] || ! grep -q '^PASS: ' <<<"$out"; then
    echo "FAIL: it should pass $* (exit $code):"; tail -30 <<<"$out"; exit 1
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
