#!/usr/bin/env bash
# The maskcheck command lines docs/cli.md, docs/kernels.md and docs/reference.md show, each run as
# shown or, where the whole case space would take minutes, over a few lengths: each must pass and
# print what it says, and the parser plug-in that delivers a message short must fail as shown.
# Usage: maskcheck_examples.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
short=(--lengths 0..40 --spans without)
# passes / json_passes: the run on stdin (--quiet) passed.
passes() { tee /dev/stderr | grep -q '^PASS'; }
json_passes() { python3 -c 'import json,sys; assert json.load(sys.stdin)["result"] == "pass"'; }

documented 'build/release/bin/maskcheck repro block:exact:n5:a3:d4:k37fa213d:p1' |
  grep -q '^PASS block:exact:n5:a3:d4:k37fa213d:p1'
documented 'build/release/bin/maskcheck sweep --kernel block --entry exact --lengths 0..64,4097 --alignments 0..7' --quiet | passes
documented 'build/release/bin/maskcheck sweep --shifts 4,6,8,14 --exhaustive --json' "${short[@]}" --quiet | json_passes
documented 'build/release/bin/maskcheck list' | grep -q '^  block .*runs here'
documented 'build/release/bin/maskcheck sweep --jobs 1' "${short[@]}" --quiet | passes
documented 'build/release/bin/maskcheck sweep --exhaustive --shard 2/3 --json' "${short[@]}" --quiet | json_passes
documented 'build/release/bin/maskcheck sweep --kernel block --lengths 0..64 --junit build/maskcheck-junit.xml' --quiet | passes
python3 -c 'import sys, xml.etree.ElementTree as t; assert len(t.parse(sys.argv[1]).findall("testsuite")) == 4' \
  build/maskcheck-junit.xml
documented 'build/release/bin/maskcheck split --kernel block --header 6 --variant over-key' --quiet | passes
documented 'build/release/bin/maskcheck repro block:split:h6:n77:k37fa213d:over-header:c3,40' |
  grep -q '^PASS'
documented 'build/release/bin/maskcheck repro block:stream:large-frame-512k-reads:over-key' |
  grep -q '^PASS'

# docs/reference.md's parser plug-in, its lines in order in one shell (P holds for the next ones).
documented 'P=build/release/tests/libmaskcheck_test_parser_plugin.so'
documented 'build/release/bin/maskcheck list --parser-plugin $P' | grep -q 'whole-messages-short'
documented 'build/release/bin/maskcheck split --parser-plugin $P --parser whole-messages --header 6' --quiet | passes
out=$(documented 'build/release/bin/maskcheck split --parser-plugin $P --parser whole-messages-short --header 6' 2>&1) &&
  { echo "FAIL: whole-messages-short passed"; exit 1; }
grep -q '^FAIL whole-messages-short@:split:h6:n0:k00000000:default:c0,12' <<<"$out" ||
  { echo "$out" | tail -5; echo "FAIL: not the failure docs/reference.md shows"; exit 1; }
echo "every example ran as documented"
