#!/usr/bin/env bash
# scripts/bench --servers as docs/servers.md shows it, over one payload size and two rounds: a
# table and a JSON file for every group, the perf share line for each server, and the plot.
# Usage: bench_servers.sh CHECKOUT
set -euo pipefail
cd "$1"
rm -rf build/bench/servers build/bench/servers.png  # an earlier run's files prove nothing
out=$(bash scripts/bench --servers --payloads 16384 --rounds 2 --megabytes 8 2>&1) ||
  { echo "$out" | tail -30; exit 1; }
echo "$out" | grep -E '^===|/reference|/bun-1.4.4|%' | head -40
for group in kernels ws bun uws websocketpp beast gorilla coder python-websockets; do
  [[ -s build/bench/servers/$group.json ]] || { echo "FAIL: no $group.json"; exit 1; }
done
grep -q 'block/reference' <<<"$out" && grep -q 'bun-1.4.5/bun-1.4.4' <<<"$out" ||
  { echo "FAIL: no block/reference or bun-1.4.5/bun-1.4.4 ratio"; exit 1; }
# A perf line for each of the 14 servers: its share, or why there is none (perf waits a fixed time
# to attach, and on a busy machine a short round can pass before it does).
[[ $(grep -cE '^  [^ ]+: ([0-9.]+% in symbols matching|perf )' <<<"$out") -eq 14 ]] ||
  { echo "FAIL: not one perf line per server"; exit 1; }
[[ -s build/bench/servers.png ]] || { echo "FAIL: no plot"; exit 1; }
