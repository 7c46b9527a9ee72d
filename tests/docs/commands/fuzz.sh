#!/usr/bin/env bash
# scripts/fuzz as docs/testing.md and docs/reference.md show it, each real campaign cut to seconds by
# libFuzzer's -max_total_time appended: the planted bugs found (in under a second, so as written)
# and not kept as regressions, the real targets run without a crash, a broken plug-in parser found
# and replayed, and an earlier campaign's crash file neither counted nor kept again.
# Usage: fuzz.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
# says WORDS: the campaign's output on stdin says WORDS.
says() {
  local out
  out=$(cat)
  grep -E 'planted|crashes:|exec/s' <<<"$out"
  grep -qE "$1" <<<"$out" || { echo "$out" | tail -30; echo "FAIL: the campaign did not say '$1'"; exit 1; }
}
regressions() { find corpus/kernel_diff/regressions corpus/stream_diff/regressions -type f | sort; }
before=$(regressions)
# An earlier campaign's crash left where the crashes go: not a find of the next campaign.
earlier=fuzz-runs/kernel_diff/crashes/crash-of-an-earlier-campaign
mkdir -p "$(dirname "$earlier")"
head -c 64 /dev/urandom >"$earlier"
trap 'rm -f "$earlier"' EXIT
seconds=-max_total_time=5

documented 'scripts/fuzz kernel_diff_planted 5' 2>&1 | says 'planted bug found'
documented 'scripts/fuzz stream_diff_planted 5' 2>&1 | says 'planted bug found'
[[ $(regressions) == "$before" ]] || { echo "FAIL: a planted bug was kept as a regression"; exit 1; }
documented 'scripts/fuzz kernel_diff 10' $seconds 2>&1 | says 'crashes: +0$'
documented 'scripts/fuzz stream_diff 60 2' $seconds 2>&1 | says 'crashes: +0$'
[[ $(regressions) == "$before" ]] || { echo "FAIL: a campaign with no crash added a regression"; exit 1; }
# docs/reference.md's test library: its flawed parsers are found (the one that loses a byte or the
# one that claims a UTF-8 check, whichever the campaign meets first: on a busy machine either), the
# find kept in fuzz-runs/ (not a regression of maskcheck's code), and the replay line shows it again.
documented 'P=build/release/tests/libmaskcheck_test_parser_plugin.so'
out=$(documented 'MASKCHECK_PARSER_PLUGINS=$PWD/$P scripts/fuzz stream_diff 10' $seconds 2>&1)
says 'crash with plug-ins loaded' <<<"$out"
[[ $(regressions) == "$before" ]] || { echo "FAIL: a plug-in's crash was kept as a regression"; exit 1; }
replay=$(grep -m1 -oE 'replay: MASKCHECK_PLUGINS=.*' <<<"$out")
left=$(find . -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'leak-*' -o -maxdepth 1 -name 'timeout-*')
[[ -z $left ]] || { echo "FAIL: crash files left in the checkout: $(head -3 <<<"$left")"; exit 1; }
# The input crashes the target, which writes it again: into a folder of the test's, not the checkout.
replayed=$(mktemp -d)
shown=$(eval "${replay#replay: } -artifact_prefix=$replayed/" 2>&1) || true
rm -rf "$replayed"
grep -qE 'parser (whole-messages-short|claims-utf8) on no kernel.*disagrees' <<<"$shown" ||
  { echo "FAIL: the replay line did not show a flawed parser's flaw: $replay"; exit 1; }
