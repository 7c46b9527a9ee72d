#!/usr/bin/env bash
# The mutation tests: scripts/mutate --ci --first-kill as docs/testing.md shows it, for the kernels
# room (every curated mutant of impl/ killed by the fast checks) or, with ROOM wire, the wire room
# (every curated mutant of maskcheck wire's judging code killed by its unit tests and planted
# peers), its slots and report under OUT; else it fails.
# Usage: mutation.sh CHECKOUT OUT [wire]
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
if [[ ${3:-} == wire ]]; then
  documented 'scripts/mutate --room wire --ci --first-kill' --out "$2"
  # The on-demand operator run, over its first mutant of the echo comparison, on the same slots:
  # it must run (a survivor is the full run's to triage, so its verdict is not asserted here).
  # The whole list first: grep -m1 on the pipe could end it early and fail the list's last writes.
  list=$(documented 'scripts/mutate --room wire --operators' --list)
  first=$(grep -m1 '^echo_comparison:' <<<"$list")
  documented 'scripts/mutate --room wire --operators' --only "$first" --first-kill --out "$2" |
    grep -E '^(mutation score|status:)'
else
  documented 'scripts/mutate --ci --first-kill' --out "$2"
fi
