#!/usr/bin/env bash
# The maskcheck command's promises: exit codes, one-line errors, repro, JSON, plug-in kernels and
# the contracts they declare.
# Usage: cli_test.sh MASKCHECK PLUGIN_LIBRARY WRONG_ABI_PLUGIN_LIBRARY CONTRACTS_PLUGIN_LIBRARY
set -u
maskcheck=$1 plugin=$2 wrong_abi_plugin=$3 contracts=$4 sanitized=$5
source "$(dirname "$0")/cli_checks.sh"

expect list 0 'block +runs here' -- "$maskcheck" list
expect list-json 0 '"name": "reference"' -- "$maskcheck" list --json
expect repro-pass 0 '^PASS block:exact:n5:a3:d4:k37fa213d:p1' -- "$maskcheck" repro block:exact:n5:a3:d4:k37fa213d:p1
expect repro-json 0 '"result": "pass"' -- "$maskcheck" repro --json reference:words:n64:a0:d0:k00000000:p0
expect repro-bad-id 2 'must have 7 fields' -- "$maskcheck" repro block:exact
expect repro-bad-kernel 2 "unknown kernel 'nope'" -- "$maskcheck" repro nope:exact:n5:a3:d4:k37fa213d:p1
# Every kind of id repro's help names is one it knows: it replays a kernel's, asks a wire id's peer.
examples=$("$maskcheck" repro --help | sed -n 's/.*an id like \(.*\) (a wire id.*/\1/p' | sed 's/, /\n/g')
[[ -n $examples ]] || fail "repro-kinds: repro --help names no ids"
for id in $examples; do
  if [[ $id == wire:* ]]; then
    expect "repro-kind-$id" 2 'a wire id runs against a peer' -- "$maskcheck" repro "$id"
  else
    expect "repro-kind-$id" 0 "^PASS $id" -- "$maskcheck" repro "$id"
  fi
done
expect repro-too-long 2 'length must be' -- "$maskcheck" repro block:exact:n99999999999:a0:d0:k00000000:p0
expect sweep-small 0 '^PASS: [0-9]+ cases, 0 failed' -- "$maskcheck" sweep --kernel block --lengths 0..40 --quiet
expect sweep-json 0 '"result": "pass"' -- "$maskcheck" sweep --entry exact --lengths 5,4097 --alignments 0..3 --shifts 0,4 --json --quiet
expect sweep-bad-flag 2 'bogus' -- "$maskcheck" sweep --bogus
expect sweep-bad-lengths 2 'lengths' -- "$maskcheck" sweep --lengths 9..3
expect sweep-bad-alignment 2 'over the limit 63' -- "$maskcheck" sweep --alignments 0..64
expect sweep-bad-entry 2 "no selected kernel has an entry point 'sideways'" -- "$maskcheck" sweep --entry sideways
expect sweep-bad-kernel 2 "unknown kernel 'nope'" -- "$maskcheck" sweep --kernel nope
expect sweep-zero-failures 2 'max-failures' -- "$maskcheck" sweep --max-failures 0
expect no-subcommand 2 '.' -- "$maskcheck"
expect hang-seconds-bad 2 'hang-seconds' -- "$maskcheck" sweep --hang-seconds soon
expect hang-seconds-zero-accepted 0 '^PASS: [0-9]+ cases, 0 failed' -- "$maskcheck" sweep --kernel block --lengths 0..8 --hang-seconds 0 --quiet
expect repro-stream-cut 0 '^PASS block:stream:error-reserved-bits-cut-at-detection:over-key' -- "$maskcheck" repro block:stream:error-reserved-bits-cut-at-detection:over-key
expect split-small 0 '^PASS: [0-9]+ cases, 0 failed' -- "$maskcheck" split --kernel block --header 6 --header 8 --up-to 140 --quiet
expect split-json 0 '"sweep": "block:split:h14:over-key"' -- "$maskcheck" split --kernel block --header 14 --move-back over-key --json --quiet
expect split-bad-header 2 'header must be 6, 8 or 14' -- "$maskcheck" split --header 7
expect split-bad-move 2 'not a variant of the parser .over-header, over-key or in-place' -- "$maskcheck" split --move-back sideways
expect stream-all 0 '^PASS: [0-9]+ cases, 0 failed' -- "$maskcheck" stream --quiet
expect stream-list 0 'large-frame-512k-reads' -- "$maskcheck" stream --list
expect repro-split 0 '^PASS block:split:h8:n300:k00000000:over-key:c7,200' -- "$maskcheck" repro block:split:h8:n300:k00000000:over-key:c7,200
expect repro-split-in-place 0 '^PASS block:split:h8:n300:k37fa213d:in-place:c7,200' -- "$maskcheck" repro block:split:h8:n300:k37fa213d:in-place:c7,200
expect repro-split-bad-cut 2 'cuts must satisfy' -- "$maskcheck" repro block:split:h6:n5:k00000000:over-key:c9,3
expect repro-split-too-long 2 'does not fit' -- "$maskcheck" repro block:split:h6:n126:k00000000:over-key:c0,0
expect repro-split-controls 0 '^PASS block:split:controls:n41:k37fa213d:over-header:c3,40' -- "$maskcheck" repro block:split:controls:n41:k37fa213d:over-header:c3,40
expect repro-split-controls-too-long 2 "controls stream's message is 20..125 bytes" -- "$maskcheck" repro block:split:controls:n126:k00000000:over-key:c0,0
expect sweep-spans-bad 2 'spans' -- "$maskcheck" sweep --spans sometimes
expect sweep-spans-only-lengths 2 'the span tier has its own lengths' -- "$maskcheck" sweep --spans only --lengths 5
expect sweep-spans-only-oracle 2 'the oracle, is not swept past' -- "$maskcheck" sweep --spans only --kernel reference
expect repro-stream 0 '^PASS block:stream:error-invalid-close-code-bytewise:over-header' -- "$maskcheck" repro block:stream:error-invalid-close-code-bytewise:over-header
expect repro-stream-unknown 2 "no stream named 'nope'" -- "$maskcheck" repro block:stream:nope:over-key
expect require-unknown 2 "--require: unknown kernel 'nope'" -- "$maskcheck" sweep --require nope
expect require-unselected 2 'not among the kernels' -- "$maskcheck" sweep --kernel block --require avx2

# --require: a kernel this CPU lacks fails the sweep instead of passing as skipped.
if "$maskcheck" list | grep -Eq '^ +avx2 +runs here'; then
  expect require-avx2 0 '^PASS: [0-9]+ cases, 0 failed' -- "$maskcheck" sweep --kernel avx2 --require avx2 --lengths 0..40 --quiet
else
  expect require-avx2 1 '^required kernel avx2 did not run' -- "$maskcheck" sweep --kernel avx2 --require avx2 --lengths 0..40 --quiet
fi

# Plug-in kernels: listed, swept, split, caught when broken, replayed by the line the report prints.
expect plugin-list 0 'plugin-bytes +runs here .*\(plug-in /' -- "$maskcheck" list --plugin "$plugin"
expect plugin-list-json 0 '"plugin": "/' -- "$maskcheck" list --json --plugin "$plugin"
expect plugin-sweep 0 '^PASS: [0-9]+ cases, 0 failed' -- "$maskcheck" sweep --plugin "$plugin" --kernel plugin-bytes --lengths 0..40 --quiet
expect plugin-split 0 '^PASS: [0-9]+ cases, 0 failed' -- "$maskcheck" split --plugin "$plugin" --kernel plugin-bytes --header 6 --up-to 20 --quiet
expect plugin-broken 1 "repro: [^ ]*maskcheck repro plugin-write-past-end:exact:n0:[^ ]* --plugin /" -- "$maskcheck" sweep --plugin "$plugin" --kernel plugin-write-past-end --entry exact --lengths 0..8 --max-failures 1 --quiet
# Under ASan the sweep dies in that case instead, and prints the line on stderr.
repro=$("$maskcheck" sweep --plugin "$plugin" --kernel plugin-write-past-end --entry exact --lengths 0..8 --max-failures 1 --quiet 2>&1 | sed -En 's/.*repro: (.*)/\1/p' | head -1)
# A sanitized build names its own binary (the finding may show only there); a release build, the
# maskcheck on PATH.
if [[ $sanitized == 1 ]]; then wanted_program=$(readlink -f "$maskcheck"); else wanted_program=maskcheck; fi
if [[ ${repro%% *} == "$wanted_program" ]]; then
  pass
else
  fail "repro-program: the repro line names '${repro%% *}', wanted '$wanted_program'"
fi
# shellcheck disable=SC2086 # the printed line is split into arguments as a shell would
expect plugin-repro 1 '(FAIL|died in case) plugin-write-past-end:exact:n0:' -- "$maskcheck" ${repro#* }
expect plugin-missing 2 'cannot load' -- "$maskcheck" list --plugin /nonexistent/libnope.so
expect plugin-not-a-library 2 'invalid ELF header' -- "$maskcheck" list --plugin "$0"
expect plugin-wrong-abi 2 'built for plug-in ABI' -- "$maskcheck" list --plugin "$wrong_abi_plugin"
expect plugin-twice 2 "kernel 'plugin-bytes' is already registered" -- "$maskcheck" list --plugin "$plugin" --plugin "$plugin"
expect plugin-unloaded 2 "unknown kernel 'plugin-bytes'" -- "$maskcheck" sweep --kernel plugin-bytes

# Declared contracts (tests/plugins/plugin_contracts.c): the same loop passes or fails by its declaration.
with_contracts=("$maskcheck" sweep --plugin "$contracts" --lengths 0..70 --quiet)
expect list-contract 0 'unmask +in place; reads and writes \[data, data\+n\)' -- "$maskcheck" list --plugin "$contracts"
expect list-parser-fit 0 'split and stream skip it' -- "$maskcheck" list --plugin "$contracts"
expect exactly-n-declared-so 0 '^PASS: [0-9]+ cases, 0 failed' -- "${with_contracts[@]}" --kernel exactly-n
expect rounded-claimed-not-kept 1 'FAIL claims-rounded:unmask:n1:.*mismatch' -- "${with_contracts[@]}" --kernel claims-rounded --max-failures 1
expect rounded-maybe-written 0 '^PASS: [0-9]+ cases, 0 failed' -- "${with_contracts[@]}" --kernel rounded-maybe
expect rotated-key-carried 0 '^PASS: [0-9]+ cases, 0 failed' -- "${with_contracts[@]}" --kernel rotated
expect rotated-backwards 1 'wrong-key\]' -- "${with_contracts[@]}" --kernel rotated-backwards --max-failures 1
expect shift-range-kept 0 '^PASS: [0-9]+ cases, 0 failed' -- "${with_contracts[@]}" --kernel shift-8-only
expect shift-range-repro 2 'does not accept shift 4' -- "$maskcheck" repro --plugin "$contracts" shift-8-only:unmask8:n5:a0:d4:k00000000:p0
# cpu_supports decides whether a kernel runs: the same wrong loop fails where it runs, is skipped where not.
expect cpu-has-runs 1 'FAIL cpu-has:mask:' -- "${with_contracts[@]}" --kernel cpu-has --max-failures 1
expect cpu-lacks-skipped 0 'skipped.*cpu-lacks' -- "${with_contracts[@]}" --kernel cpu-lacks
expect cpu-lacks-required 1 '^required kernel cpu-lacks did not run' -- "${with_contracts[@]}" --kernel cpu-lacks --require cpu-lacks
expect entry-unknown 2 "no selected kernel has an entry point 'exact'" -- "${with_contracts[@]}" --kernel exactly-n --entry exact
expect split-unfit 2 'does not fit the frame parser' -- "$maskcheck" split --plugin "$contracts" --kernel exactly-n
# One entry that moves by any shift and touches exactly n bytes drives the parser in every part.
expect split-one-entry 0 '^PASS: [0-9]+ cases, 0 failed' -- "$maskcheck" split --plugin "$contracts" --kernel rotated --header 6 --up-to 20 --quiet
expect split-one-entry-broken 1 'FAIL cpu-has:split:' -- "$maskcheck" split --plugin "$contracts" --kernel cpu-has --header 6 --up-to 20 --max-failures 1 --quiet

# --summary-only: the failures are counted, none is reported.
summary=$("$maskcheck" sweep --plugin "$plugin" --kernel plugin-some-lengths-wrong --entry exact --lengths 0..40 --max-failures 100000 --summary-only --quiet 2>&1)
if grep -Eq '^FAIL: [1-9][0-9]* cases, [1-9][0-9]* failed' <<<"$summary" && ! grep -q '^FAIL plugin-some-lengths-wrong:' <<<"$summary"; then
  pass
else
  fail "summary-only: $summary"
fi

expect jobs-zero 2 'jobs' -- "$maskcheck" sweep --jobs 0
expect jobs-too-many 2 'jobs' -- "$maskcheck" sweep --jobs 100000
expect shard-zero 2 'shard must be K/N' -- "$maskcheck" sweep --shard 0/3
expect shard-past-n 2 'shard must be K/N' -- "$maskcheck" split --shard 4/3
expect shard-not-a-fraction 2 'shard must be K/N' -- "$maskcheck" stream --shard half

# --junit: the results as JUnit XML, from the summary --json prints; a failure is a test named by its
# case id, with its repro line; a path that cannot be written is bad input before the run.
junit_holds() {  # junit_holds NAME FILE SUITES FAILURES CASE_PATTERN: parsed, and what it holds
  if python3 - "$2" "$3" "$4" "$5" <<'PY'; then pass; else fail "$1: $(cat "$2")"; fi
import re, sys
import xml.etree.ElementTree as tree
path, suites, failures, pattern = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
root = tree.parse(path).getroot()
failed = [case for case in root.iter("testcase") if case.find("failure") is not None]
assert len(root.findall("testsuite")) == suites and len(failed) == failures, (suites, failures)
assert all(re.match(pattern, case.get("name")) and "repro: " in case.find("failure").text
           for case in failed)
PY
}
expect junit-sweep 0 '^PASS' -- "$maskcheck" sweep --kernel block --lengths 0..8 --quiet --junit "$scratch/sweep.xml"
junit_holds junit-sweep-xml "$scratch/sweep.xml" 4 0 .
# A wrong key, not a fault: under the sanitizers a fault ends the process before any report.
expect junit-broken 1 'wrong-key\]' -- "${with_contracts[@]}" --kernel rotated-backwards --max-failures 2 --junit "$scratch/broken.xml"
junit_holds junit-broken-xml "$scratch/broken.xml" 1 2 'rotated-backwards:mask:'
expect junit-split 0 '^PASS' -- "$maskcheck" split --kernel block --header 6 --up-to 20 --move-back over-key --quiet --junit "$scratch/split.xml"
junit_holds junit-split-xml "$scratch/split.xml" 1 0 .
expect junit-bad-path 2 'cannot write' -- "$maskcheck" sweep --kernel block --lengths 0 --junit "$scratch/no/such/folder.xml"

finish cli
