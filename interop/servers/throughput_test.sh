#!/usr/bin/env bash
# maskcheck throughput, briefly: maskcheck's echo server on the reference kernel, on block, and on
# the reference again (the A/A control, named in the ratios' heading), the table and the
# round-by-round ratios printed and every round in the JSON; and two servers that
# must fail with a clear message, not a number: one that dies in the middle of the rounds, one
# that echoes binary messages (not counting).
# Usage: throughput_test.sh MASKCHECK ECHO_SERVER
set -u
maskcheck=$1 server=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
short=(--payloads 1024,16384 --megabytes 4)

"$maskcheck" throughput --server "reference=$server --kernel reference" \
  --server "block=$server --kernel block" --server "again=$server --kernel reference" \
  "${short[@]}" --rounds 2 --json "$work/rounds.json" >"$work/out" 2>&1
code=$?
cat "$work/out"
if [[ $code -ne 0 ]] || ! grep -q 'block/reference' "$work/out" ||
   ! grep -q "inside the A/A control's range (again: the same command again)" "$work/out" ||
   ! python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert len(r["servers"]) == 3 and len(r["servers"][1]["payloads"][1]["rounds"]) == 2' "$work/rounds.json"; then
  echo "FAIL: the measured run did not print its tables and JSON (exit $code)"; failed=1
fi

expect_failure() {
  local words=$1
  shift
  timeout 120 "$maskcheck" throughput "$@" "${short[@]}" >"$work/out" 2>&1
  local code=$?
  if [[ $code -ne 1 ]] || ! grep -q "^FAIL: .*$words" "$work/out" || grep -q 'messages/s' "$work/out"; then
    echo "FAIL: throughput should fail saying '$words' and print no figures (exit $code):"
    cat "$work/out"; failed=1
  else
    echo "ok: $(grep '^FAIL: ' "$work/out")"
  fi
}
expect_failure "the server" --server "dying=timeout 1 $server" --rounds 1000
expect_failure "is not counting" --server "echoing=env -u MASKCHECK_COUNT $server" --rounds 2
exit "$failed"
