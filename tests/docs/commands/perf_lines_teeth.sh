#!/usr/bin/env bash
# The server benchmark's perf check has teeth: maskcheck throughput --perf over one server, with a
# stand-in perf that attaches too late (no samples: taken), that is missing, and that is not allowed
# to sample (no samples too, and perf's error printed: both fail the check).
# Usage: perf_lines_teeth.sh MASKCHECK ECHO_SERVER
set -euo pipefail
maskcheck=$1 server=$2
source "$(dirname "$0")/perf_lines.sh"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
# stand_in MODE: a perf for PATH. late: records nothing until stopped; missing: fails to start;
# denied: says why it may not sample, as perf does, and records nothing.
stand_in() {
  cat >"$bin/perf" <<STAND_IN
#!/bin/sh
[ "\$1" = record ] || exit 0
[ $1 = missing ] && exit 127
[ $1 = denied ] && echo "Error: Access to performance monitoring is limited (perf_event_paranoid 4)" >&2
while [ \$# -gt 0 ]; do [ "\$1" = -o ] && out=\$2; shift; done
: >"\$out"
trap 'exit 0' INT
while :; do sleep 0.1; done
STAND_IN
  chmod +x "$bin/perf"
}
# perf_run: one short round of one server, its perf line and all the run printed.
perf_run() {
  PATH=$bin:$PATH "$maskcheck" throughput --server "echo=$server" --payloads 1024 --rounds 1 \
    --megabytes 1 --perf unmask --perf-payload 1024 2>&1
}
# With a second server's share beside it, as in the benchmark, where one of the 14 may be late.
share=$'\n  other: 12.5% in symbols matching /unmask/; hottest: 12.5% unmask;'
stand_in late
out=$(perf_run)
expect_perf_lines 2 "$out$share" || { echo "FAIL: a late attach was not taken"; exit 1; }
for mode in missing denied; do
  stand_in $mode
  out=$(perf_run)
  if expect_perf_lines 2 "$out$share"; then
    echo "FAIL: perf $mode was taken as output"
    exit 1
  fi
done
echo "the perf check takes a late attach and fails on perf missing or not allowed to sample"
