#!/usr/bin/env bash
# The maskcheck command lines docs/cli.md and docs/kernels.md show, each run as shown or, where the
# whole case space would take minutes, over a few lengths: each must pass and print what it says.
# Usage: maskcheck_examples.sh MASKCHECK
set -euo pipefail
m=$1
short=(--lengths 0..40 --spans without)
passes() { "$@" --quiet | tee /dev/stderr | grep -q '^PASS'; }
json_passes() { "$@" --quiet | python3 -c 'import json,sys; assert json.load(sys.stdin)["result"] == "pass"'; }

"$m" repro block:exact:n5:a3:d4:k37fa213d:p1 | grep -q '^PASS block:exact:n5:a3:d4:k37fa213d:p1'
passes "$m" sweep --kernel block --entry exact --lengths 0..64,4097 --alignments 0..7
json_passes "$m" sweep --shifts 4,6,8,14 --exhaustive --json "${short[@]}"
"$m" list | grep -q '^  block .*runs here'
passes "$m" sweep --jobs 1 "${short[@]}"
json_passes "$m" sweep --exhaustive --shard 2/3 --json "${short[@]}"
passes "$m" split --kernel block --header 6 --variant over-key
"$m" repro block:split:h6:n77:k37fa213d:over-header:c3,40 | grep -q '^PASS'
"$m" repro block:stream:large-frame-512k-reads:over-key | grep -q '^PASS'
echo "every example ran as documented"
