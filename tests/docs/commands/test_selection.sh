#!/usr/bin/env bash
# The documented ways of choosing which tests run, each as written with its own listing option
# appended (ctest -N, scripts/test --list): what they select runs in CI itself, which runs every
# label of every preset, so here each must select what the docs say it does, and no more.
# Usage: test_selection.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/documented.sh"
cd "$1"
# selects PATTERN: the listing on stdin names at least one test, every one of them matching PATTERN.
selects() {
  local names
  names=$(sed -nE 's/^ *Test +#[0-9]+: ([^ ]+).*/\1/p')
  echo "$names" | head -3
  [[ -n $names ]] && ! grep -vE "$1" <<<"$names" ||
    { echo "FAIL: the selection is not /$1/: $names" | head -5; exit 1; }
}
documented 'ctest --preset release -L guides' -N | selects '^guide_'
documented 'ctest --preset release -L interop' -N | selects '^interop_'
documented 'ctest --preset release -L mutation' -N | selects '^mutation'
documented 'ctest --preset release -L teeth' -N | selects '.'
presets=$(documented 'scripts/test aarch64 s390x' --list)
[[ $presets == $'aarch64\ns390x' ]] || { echo "FAIL: scripts/test aarch64 s390x would run: $presets"; exit 1; }
echo "each documented selection selects what the docs say"
