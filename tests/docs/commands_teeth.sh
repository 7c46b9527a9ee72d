#!/usr/bin/env bash
# The documented-commands check has teeth: a document showing a command no test covers fails it,
# naming the command; so does a covered command no document shows any more.
# Usage: commands_teeth.sh CHECKER BUILD_DIR
set -u
checker=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '```sh\nscripts/verify\nscripts/brand-new --flag   # a comment\n```\n' >"$work/doc.md"
printf 'scripts/verify\tci\nscripts/gone\tci\n' >"$work/covered.tsv"
out=$(python3 "$checker" "$work/covered.tsv" "$build" "$work/doc.md" 2>&1)
code=$?
echo "$out"
[[ $code -eq 1 ]] && grep -q 'not covered by any test: scripts/brand-new --flag' <<<"$out" &&
  grep -q 'no document shows it any more: scripts/gone' <<<"$out"
