#!/usr/bin/env bash
# scripts/fuzz as docs/testing.md shows it, each campaign for seconds instead of minutes: the
# planted bugs found and not kept as regressions, the real targets run without a crash, and an
# earlier campaign's crash file neither counted nor kept again.
# Usage: fuzz.sh CHECKOUT
set -euo pipefail
cd "$1"
# campaign WORDS ARGUMENTS...: scripts/fuzz ARGUMENTS must succeed and print WORDS.
campaign() {
  local words=$1 out
  shift
  out=$(bash scripts/fuzz "$@" 2>&1) || { echo "$out" | tail -30; exit 1; }
  grep -E 'planted|crashes:|exec/s' <<<"$out"
  grep -qE "$words" <<<"$out" || { echo "FAIL: scripts/fuzz $* did not say '$words'"; exit 1; }
}
regressions() { find corpus/kernel_diff/regressions corpus/stream_diff/regressions -type f | sort; }
before=$(regressions)
# An earlier campaign's crash left where the crashes go: not a find of the next campaign.
earlier=fuzz-runs/kernel_diff/crashes/crash-of-an-earlier-campaign
mkdir -p "$(dirname "$earlier")"
head -c 64 /dev/urandom >"$earlier"
trap 'rm -f "$earlier"' EXIT
campaign 'planted bug found' kernel_diff_planted 5s
campaign 'planted bug found' stream_diff_planted 5s
[[ $(regressions) == "$before" ]] || { echo "FAIL: a planted bug was kept as a regression"; exit 1; }
campaign 'crashes: +0$' kernel_diff 5s
campaign 'crashes: +0$' stream_diff 5s 2
[[ $(regressions) == "$before" ]] || { echo "FAIL: a campaign with no crash added a regression"; exit 1; }
