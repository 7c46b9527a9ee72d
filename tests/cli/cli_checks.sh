# Shared by the cli tests: pass/fail counters and expect(), which runs one command and checks its
# exit status, its output, and that bad input gets exactly one line on stderr.
failures=0
passes=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

pass() { passes=$((passes + 1)); }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

expect() {  # expect NAME WANT_EXIT WANT_STDOUT_REGEX -- COMMAND...
  local name=$1 want=$2 pattern=$3
  shift 4
  local out err code
  out=$("$@" 2>"$scratch/err"); code=$?
  err=$(cat "$scratch/err")
  if [[ $code -ne $want ]]; then
    fail "$name: exit $code, wanted $want; stderr: $err"; return
  fi
  if [[ $want -eq 2 && $(printf '%s\n' "$err" | wc -l) -ne 1 ]]; then
    fail "$name: bad input must be one line on stderr, got: $err"; return
  fi
  if ! grep -Eq -- "$pattern" <<<"$out$err"; then
    fail "$name: output does not match /$pattern/: $out $err"; return
  fi
  pass
}

finish() {  # finish NAME: the tally, and the exit status
  echo "$1: $passes passed, $failures failed"
  [[ $failures -eq 0 ]]
}
