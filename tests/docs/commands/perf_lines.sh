# Sourced by the server benchmark's command test and its teeth. expect_perf_lines COUNT TEXT: the
# output TEXT of maskcheck throughput --perf has a perf line for each of COUNT servers, each its share
# of the server's CPU, or "perf report found no samples of the server": perf attaches a fixed time
# after it starts, and on a busy machine a short round can end before that. That is the only reason
# taken for no share, and only with at least one share beside it and no error of perf's own in the
# output: perf missing or not allowed to sample (perf_event_paranoid) fails the run.
expect_perf_lines() {
  local count=$1 lines shares late errors
  lines=$(sed -n '/^where each server.s CPU goes/,/^$/{/^  [^ ]*: /p}' <<<"$2")
  echo "$lines"
  shares=$(grep -cE '^  [^ ]+: [0-9.]+% in symbols matching /' <<<"$lines" || true)
  late=$(grep -cE '^  [^ ]+: perf report found no samples of the server$' <<<"$lines" || true)
  # perf's own errors (it prints them on stderr, which the run passes on), and maskcheck's when perf
  # could not even start.
  errors=$(grep -iE '^Error:|perf_event_paranoid|permission denied|is perf installed' <<<"$2" || true)
  [[ -z $errors ]] || { echo "FAIL: perf failed: $(head -3 <<<"$errors")"; return 1; }
  [[ $((shares + late)) -eq $count && $shares -ge 1 ]] ||
    { echo "FAIL: $count servers, $shares perf shares and $late late attaches"; return 1; }
}
