#!/usr/bin/env bash
# The main job as the README and docs/ show it: scripts/setup verify installs what it needs (nothing,
# on a machine that has it), and scripts/verify over one of eight slices (--shard 1/8) and over the
# second of four (--shard 2/4) builds its own preset, sweeps, splits and streams every kernel, and
# says PASS for each of the three runs. CI runs the whole space in the sweep and split labels.
# Usage: verify.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
documented 'scripts/setup verify'
# passes OUTPUT: three passing runs, and the verdict.
passes() {
  grep -E '^PASS:|^verify:' <<<"$1"
  [[ $(grep -c '^PASS: ' <<<"$1") -eq 3 ]] || { echo "FAIL: not three passing runs"; exit 1; }
  grep -q '^verify: PASS (sweep, split, stream)$' <<<"$1"
}
out=$(documented 'scripts/verify --shard 1/8' 2>&1) || { echo "$out" | tail -30; exit 1; }
passes "$out"
out=$(documented 'scripts/verify --shard 2/4' 2>&1) || { echo "$out" | tail -30; exit 1; }
passes "$out"
