#!/usr/bin/env bash
# The documented-commands check has teeth, on a document, a coverage list and two tests of its own
# (a ctest tree written by hand): it fails, naming each, on a command of a sh block or an inline
# span no test covers, on a covered command no document shows any more, on a test whose script
# does not run its command as written (a call in a comment, another command, or a longer line
# whose next word is not an option), on an illustration mapped to a test, and on a program name that
# does not exist; it passes a command run verbatim, run with options appended, or run as part of a
# longer documented line with options of its own, an inline span wrapped across lines, and an
# illustration, a template, a setting and a real program name left alone.
# Usage: commands_teeth.sh CHECKER
set -u
checker=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'add_test(runs "bash" "%s/runs.sh")\nadd_test(idle "bash" "%s/idle.sh")\n' "$work" "$work" \
  >"$work/CTestTestfile.cmake"
cat >"$work/runs.sh" <<'SCRIPT'
documented 'scripts/verify'
documented 'scripts/verify --shard 1/8' --jobs 1
documented "scripts/fuzz kernel_diff_planted 5" -max_total_time=5
documented 'scripts/mutate --fuzz --fuzz-runs 0' --only a
documented 'scripts/mutate --operators impl/block_unmask.cpp'
SCRIPT
cat >"$work/idle.sh" <<'SCRIPT'
# documented 'scripts/mutate --only a b'   (a comment runs nothing)
bash scripts/mutate --only a
SCRIPT
cat >"$work/doc.md" <<'DOC'
```sh
scripts/verify
scripts/verify --shard 1/8   # a comment
scripts/brand-new --flag
scripts/mutate --only a b
scripts/mutate --fuzz
scripts/mutate --operators
MASKCHECK_KERNEL=block ./server   # your server
MASKCHECK_KERNEL=avx2 ./server    # your server, mapped by mistake
```

Inline: `scripts/fuzz kernel_diff_planted
5`, `scripts/interop --benchmark_filter=/16384$`, `scripts/test [preset...]`,
`MASKCHECK_DEFLATE=1`, `scripts/bench`, `scripts/vanished`, `fuzz/seed_corpus.cpp`.
DOC
printf '%s\n' 'scripts/verify	runs' 'scripts/verify --shard 1/8	runs' \
  'scripts/fuzz kernel_diff_planted 5	runs' 'scripts/mutate --only a b	idle' \
  'scripts/mutate --fuzz	runs' 'scripts/mutate --operators	runs' \
  'MASKCHECK_KERNEL=avx2 ./server	runs' 'scripts/gone	runs' >"$work/covered.tsv"
out=$(python3 "$checker" "$work/covered.tsv" "$work" "$work/doc.md" 2>&1)
code=$?
echo "$out"
expected=(
  'not covered by any test: scripts/brand-new --flag'
  'not covered by any test: scripts/interop --benchmark_filter=/16384\$'
  'covered, but no document shows it any more: scripts/gone'
  "covered by 'idle', whose script .* does not run it as written .*: scripts/mutate --only a b"
  "covered by 'runs', whose script .* does not run it as written .*: scripts/mutate --operators$"
  'an illustration .* no test covers it: MASKCHECK_KERNEL=avx2 ./server'
  'names a program that does not exist: scripts/vanished'
)
status=0
for line in "${expected[@]}"; do
  grep -q "^FAIL: $line" <<<"$out" || { echo "TEETH MISSING: $line"; status=1; }
done
[[ $code -eq 1 && $(grep -c '^FAIL: ' <<<"$out") -eq ${#expected[@]} ]] ||
  { echo "TEETH MISSING: exit $code, or a failure beyond the ${#expected[@]} expected"; status=1; }
exit $status
