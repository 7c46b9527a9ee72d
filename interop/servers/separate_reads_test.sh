#!/usr/bin/env bash
# Each piece of a split is its own read on the server: maskcheck's echo server runs under strace,
# which logs every recvfrom and recvmsg (not read: the loader reads libraries with it); the
# server's reads that returned bytes must number exactly maskcheck's writes (handshakes, pieces
# and fences). With --no-barrier pieces merge, and the count comes out lower: the check shows it
# can fail.
# Usage: separate_reads_test.sh MASKCHECK ECHO_SERVER POLICY
set -u
maskcheck=$1 server=$2 policy=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Reads the server made that returned bytes, and the writes maskcheck reports, for one run.
count() {
  local log=$work/strace.$1
  shift
  "$maskcheck" wire --server "strace -f -qq -e trace=recvfrom,recvmsg -o $log $server" --policy "$policy" \
    --header 6 --no-streams --shard 1/20 --json --quiet "$@" >"$work/run.json" 2>"$work/run.err" ||
    { echo "FAIL: maskcheck wire $* did not pass:"; cat "$work/run.json" "$work/run.err"; exit 1; }
  # A call another thread's event interrupted ends on a "<... recvfrom resumed>" line.
  reads=$(grep -Ec '(recvfrom|recvmsg)(\(| resumed>).*\) = [1-9][0-9]*$' "$log")
  writes=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writes"])' "$work/run.json")
}

count barrier
if [[ $reads -ne $writes ]]; then
  echo "FAIL: with the barrier the server made $reads reads of $writes writes"; exit 1
fi
echo "barrier on: $writes writes, $reads reads"
count merged --no-barrier
if [[ $reads -ge $writes ]]; then
  echo "FAIL: without the barrier no two writes merged ($reads reads of $writes writes)"; exit 1
fi
echo "barrier off: $writes writes, $reads reads (pieces merged, as the check must see)"
