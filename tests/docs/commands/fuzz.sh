#!/usr/bin/env bash
# scripts/fuzz as docs/testing.md shows it, each campaign for seconds instead of minutes: the
# planted bugs found and not kept as regressions, the real targets run without a crash.
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
campaign 'planted bug found' kernel_diff_planted 5s
campaign 'planted bug found' stream_diff_planted 5s
[[ $(regressions) == "$before" ]] || { echo "FAIL: a planted bug was kept as a regression"; exit 1; }
campaign 'crashes: +0$' kernel_diff 5s
campaign 'crashes: +0$' stream_diff 5s 2
