#!/usr/bin/env bash
# The main job as the README shows it, over one of eight slices (--shard 1/8, which the docs show):
# scripts/verify builds its own preset, sweeps, splits and streams every kernel, and says PASS for
# each of the three runs. CI runs the whole space in the sweep and split labels.
# Usage: verify.sh CHECKOUT
set -euo pipefail
cd "$1"
out=$(bash scripts/verify --shard 1/8 2>&1) || { echo "$out" | tail -30; exit 1; }
grep -E '^PASS:|^verify:' <<<"$out"
[[ $(grep -c '^PASS: ' <<<"$out") -eq 3 ]] || { echo "FAIL: not three passing runs"; exit 1; }
grep -q '^verify: PASS (sweep, split, stream)$' <<<"$out"
