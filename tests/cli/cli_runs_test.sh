#!/usr/bin/env bash
# The maskcheck command's promises about whole runs: the same results on any number of threads, shards
# that add up to the whole run, and Ctrl-C (once: stop and report; twice: end).
# Usage: cli_runs_test.sh MASKCHECK PLUGIN_LIBRARY CONTRACTS_PLUGIN_LIBRARY
set -u
maskcheck=$1 plugin=$2 contracts=$3
source "$(dirname "$0")/cli_checks.sh"

# --jobs: the same JSON on 1 and 3 threads but for the timings, failures and all. --shard: three
# slices add up to the whole run, case for case. The flawed plug-in fails cases all over the space.
compare() {  # compare NAME same|shards FILE...
  local name=$1
  shift
  if python3 "$(dirname "$0")/compare_runs.py" "$@" >"$scratch/why"; then
    pass
  else
    fail "$name: $(cat "$scratch/why")"
  fi
}
flawed=(sweep --plugin "$plugin" --kernel plugin-some-lengths-wrong --kernel plugin-bytes
        --entry exact --entry words --lengths 0..200 --alignments 0..9 --json --quiet)
for max in 10 100000; do
  "$maskcheck" "${flawed[@]}" --max-failures $max --jobs 1 >"$scratch/one"
  "$maskcheck" "${flawed[@]}" --max-failures $max --jobs 3 >"$scratch/three"
  compare "jobs-same-sweep-max-$max" same "$scratch/one" "$scratch/three"
done
for k in 1 2 3; do
  "$maskcheck" "${flawed[@]}" --max-failures 100000 --shard $k/3 --jobs 2 >"$scratch/shard$k"
done
compare shards-sweep shards "$scratch/one" "$scratch"/shard{1,2,3}
split_run=(split --kernel block --header 6 --header 14 --up-to 40 --json --quiet)
"$maskcheck" "${split_run[@]}" --jobs 1 >"$scratch/split-one"
"$maskcheck" "${split_run[@]}" --jobs 2 >"$scratch/split-two"
compare jobs-same-split same "$scratch/split-one" "$scratch/split-two"
for k in 1 2 3; do "$maskcheck" "${split_run[@]}" --shard $k/3 >"$scratch/split-shard$k"; done
compare shards-split shards "$scratch/split-one" "$scratch"/split-shard{1,2,3}
"$maskcheck" stream --kernel block --json --quiet --jobs 1 >"$scratch/stream-one"
for k in 1 2 3; do
  "$maskcheck" stream --kernel block --json --quiet --shard $k/3 >"$scratch/stream-shard$k"
done
compare shards-stream shards "$scratch/stream-one" "$scratch"/stream-shard{1,2,3}

# Ctrl-C: the sweep stops after the current cases and still prints what it ran. Exhaustive, so it
# is still running after a second on any machine.
"$maskcheck" sweep --kernel block --exhaustive >"$scratch/out" 2>/dev/null &
sweeper=$!
sleep 1
kill -INT "$sweeper"
wait "$sweeper"; code=$?
if [[ $code -eq 130 ]] && grep -q '^INTERRUPTED: [0-9]* cases, 0 failed' "$scratch/out"; then
  pass
else
  fail "interrupt: exit $code, output: $(cat "$scratch/out")"
fi

# A second Ctrl-C ends the process even when the run cannot stop by itself (a kernel call that
# never returns, the hang watchdog off). Short lengths, so the first call starts at once.
"$maskcheck" sweep --plugin "$contracts" --kernel never-returns --hang-seconds 0 --lengths 0..8 \
  >"$scratch/out" 2>&1 &
sweeper=$!
sleep 1
kill -INT "$sweeper"
sleep 1
if kill -0 "$sweeper" 2>/dev/null; then still_running=yes; else still_running=no; fi
kill -INT "$sweeper"
for _ in $(seq 300); do kill -0 "$sweeper" 2>/dev/null || break; sleep 0.1; done
kill -KILL "$sweeper" 2>/dev/null  # a second Ctrl-C that did nothing must fail the test, not hang it
wait "$sweeper"; code=$?
if [[ $still_running == yes && $code -eq 130 ]] && ! grep -q 'INTERRUPTED' "$scratch/out"; then
  pass
else
  fail "second-interrupt: still running after one: $still_running, exit $code, output: $(cat "$scratch/out")"
fi

finish cli-runs
