#!/usr/bin/env bash
# The main job as the README shows it: scripts/verify builds its own preset, sweeps, splits and
# streams every kernel, and says PASS.
# Usage: verify.sh CHECKOUT
set -euo pipefail
cd "$1"
out=$(bash scripts/verify 2>&1) || { echo "$out" | tail -30; exit 1; }
grep -E '^PASS:|^verify:' <<<"$out"
grep -q '^verify: PASS (sweep, split, stream)$' <<<"$out"
