#!/usr/bin/env bash
# maskcheck throughput, briefly: maskcheck's echo server on the reference kernel, on block, on the
# reference again (the A/A control, named in the ratios' heading) and once more under another
# command line, the verdicts on the round-by-round ratios and every round in the JSON; no verdict
# from two rounds; and two servers that must fail with a clear message, not a number: one that
# dies in the middle of the rounds, one that echoes binary messages (not counting).
# Usage: throughput_test.sh MASKCHECK ECHO_SERVER
set -u
maskcheck=$1 server=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
short=(--payloads 1024,16384 --megabytes 4)

# The verdicts, over 8 rounds at 16 KiB: block against reference differs in CPU per KiB (the
# steadier figure; messages/s moves with the CPU the server gets on a shared machine), and the
# same server again under another command line (twin, judged against the A/A control) does not.
# Two processes of one server can differ for a whole run (where their buffers fall), and under
# heavy load that came out as a verdict about once in ten runs: a run that reads either way
# wrongly is measured again, up to three times, and the first right reading passes.
cpu_verdict() { sed -nE "s|.* $1/reference +.* [0-9.]+ \([0-9.]+\.\.[0-9.]+\) (.*)\$|\1|p" "$work/out"; }
verdicts=wrong
for attempt in 1 2 3; do
  "$maskcheck" throughput --server "reference=$server --kernel reference" \
    --server "block=$server --kernel block" --server "again=$server --kernel reference" \
    --server "twin=env $server --kernel reference" --payloads 16384 --megabytes 4 --rounds 8 \
    --json "$work/rounds.json" >"$work/out" 2>&1
  code=$?
  cat "$work/out"
  if [[ $code -ne 0 ]] || ! grep -q "inside the A/A control's range (again: the same command again)" "$work/out" ||
     [[ $(cpu_verdict again) != A/A ]] ||
     ! python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert len(r["servers"]) == 4 and len(r["servers"][1]["payloads"][0]["rounds"]) == 8' "$work/rounds.json"; then
    echo "FAIL: the measured run did not print its verdicts and JSON (exit $code)"; failed=1; break
  fi
  if [[ $(cpu_verdict block) == differs && $(cpu_verdict twin) =~ ^(noise|within A/A)$ ]]; then
    verdicts=right; break
  fi
  echo "attempt $attempt: block/reference '$(cpu_verdict block)', twin/reference '$(cpu_verdict twin)'"
done
if [[ $failed -eq 0 && $verdicts != right ]]; then
  echo "FAIL: block/reference should read 'differs' and twin/reference 'noise' or 'within A/A' in CPU per KiB"
  failed=1
fi

# Two rounds are too few for a verdict: the ratios are printed bare, with a line saying why.
"$maskcheck" throughput --server "reference=$server --kernel reference" \
  --server "block=$server --kernel block" "${short[@]}" --rounds 2 >"$work/out" 2>&1
code=$?
if [[ $code -ne 0 ]] || ! grep -q '^no verdicts: 2 rounds' "$work/out" ||
   grep -qE 'block/reference .*(noise|differs|within)' "$work/out"; then
  echo "FAIL: two rounds should print the ratios with no verdict (exit $code):"; cat "$work/out"; failed=1
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
