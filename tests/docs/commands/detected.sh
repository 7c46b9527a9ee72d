# Sourced by the mutation command test. expect_detected COUNT TEXT: scripts/mutate's output TEXT
# must end with all COUNT mutants detected, killed or timed out (a timeout that held when its check
# ran again alone, which the score counts as detected too, apart from the killed).
expect_detected() {
  local count=$1 status detected
  status=$(grep -E '^status:' <<<"$2")
  echo "$status"
  detected=$(grep -oE '[0-9]+ (Killed|Timeout)' <<<"$status" | awk '{ sum += $1 } END { print sum + 0 }')
  [[ $detected -eq $count && $status =~ ^status:\ ([0-9]+\ (Killed|Timeout)(,\ |$))+$ ]] ||
    { echo "FAIL: not all $count mutants detected: $status"; return 1; }
}
