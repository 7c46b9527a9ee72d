#!/usr/bin/env bash
# The mutation test: scripts/mutate --ci --first-kill as docs/testing.md shows it, its slots and
# report under OUT: every curated mutant of impl/ killed by the fast checks, else it fails.
# Usage: mutation.sh CHECKOUT OUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
documented 'scripts/mutate --ci --first-kill' --out "$2"
