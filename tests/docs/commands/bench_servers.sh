#!/usr/bin/env bash
# scripts/bench --servers as docs/performance.md shows it (four payload sizes, five rounds, 32 MiB:
# its options take no second value to shorten it, and it took 1 min 16 s): a table and a JSON file
# for every group, the perf share line for each server (perf_lines.sh), and the plot.
# Usage: bench_servers.sh CHECKOUT
set -euo pipefail
source "$(dirname "$0")/perf_lines.sh"
source "$(dirname "$0")/documented.sh"
cd "$1"
rm -rf build/bench/servers build/bench/servers.png  # an earlier run's files prove nothing
out=$(documented 'scripts/bench --servers --payloads 256,1024,16384,65536 --rounds 6 --megabytes 32' 2>&1) ||
  { echo "$out" | tail -30; exit 1; }
echo "$out" | grep -E '^===|/reference|/bun-1.4.4|%' | head -40
for group in kernels ws bun uws websocketpp beast gorilla coder python-websockets; do
  [[ -s build/bench/servers/$group.json ]] || { echo "FAIL: no $group.json"; exit 1; }
done
grep -q 'block/reference' <<<"$out" && grep -q 'bun-1.4.5/bun-1.4.4' <<<"$out" ||
  { echo "FAIL: no block/reference or bun-1.4.5/bun-1.4.4 ratio"; exit 1; }
expect_perf_lines 14 "$out"
[[ -s build/bench/servers.png ]] || { echo "FAIL: no plot"; exit 1; }
