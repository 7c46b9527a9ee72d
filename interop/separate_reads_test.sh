#!/usr/bin/env bash
# Each piece of a split is its own read on the peer: maskcheck's echo server or client runs under
# strace, which logs every recvfrom and recvmsg (not read: the loader reads libraries with it); the
# peer's reads that returned bytes must number exactly maskcheck's writes (handshakes, pieces and
# fences). With --no-barrier pieces merge, and the count comes out lower: the check shows it can
# fail.
# Usage: separate_reads_test.sh MASKCHECK server ECHO_SERVER POLICY
#        separate_reads_test.sh MASKCHECK deflate-server ECHO_SERVER POLICY  (the compressed cases)
#        separate_reads_test.sh MASKCHECK client ECHO_CLIENT
set -u
maskcheck=$1 side=$2 peer=$3 policy=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Reads the peer made that returned bytes, and the writes maskcheck reports, for one run. Clients
# run in several processes at once: strace writes a log for each process and thread (-ff).
count() {
  local log=$work/$1/strace
  mkdir "$work/$1"
  shift
  local traced="strace -f -ff -qq -e trace=recvfrom,recvmsg -o $log $peer"
  local run=(--server "$traced" --policy "$policy" --header 6 --no-streams)
  # One client at a time, as it was measured: four traced clients at once once made the count
  # miss, before the barrier confirmed the kernel's answers (read_barrier.h).
  [[ $side == client ]] && run=(--client "$traced" --header 2 --connections 1)
  [[ $side == deflate-server ]] &&
    run=(--server "$traced" --policy "$policy" --deflate --no-splits --longest-stream 4096)
  "$maskcheck" wire "${run[@]}" --shard 1/20 --json --quiet "$@" >"$work/run.json" 2>"$work/run.err" ||
    { echo "FAIL: maskcheck wire $* did not pass:"; cat "$work/run.json" "$work/run.err"; exit 1; }
  # A call another thread's event interrupted ends on a "<... recvfrom resumed>" line.
  reads=$(grep -hE '(recvfrom|recvmsg)(\(| resumed>).*\) += [1-9][0-9]*$' "$log".* | wc -l)
  writes=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["writes"])' "$work/run.json")
}

count barrier
if [[ $reads -ne $writes ]]; then
  echo "FAIL: with the barrier the $side made $reads reads of $writes writes"; exit 1
fi
echo "barrier on: $writes writes, $reads reads"
count merged --no-barrier
if [[ $reads -ge $writes ]]; then
  echo "FAIL: without the barrier no two writes merged ($reads reads of $writes writes)"; exit 1
fi
echo "barrier off: $writes writes, $reads reads (pieces merged, as the check must see)"
