#!/usr/bin/env bash
# scripts/coverage as docs/testing.md shows it, over fewer cases (--quick): the HTML report and a
# summary line per impl/ file.
# Usage: coverage.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
out=$(documented 'scripts/coverage' --quick 2>&1) || { echo "$out" | tail -30; exit 1; }
grep -E '^coverage: ' <<<"$out"
grep -q '^block_unmask.cpp ' <<<"$out" && grep -q '^frame_parser.cpp ' <<<"$out" ||
  { echo "FAIL: no summary line for block_unmask.cpp and frame_parser.cpp"; exit 1; }
[[ -s build/coverage/html/index.html ]]
