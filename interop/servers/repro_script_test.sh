#!/usr/bin/env bash
# wire --repro-dir writes a script that replays a failure with Python alone: against the server it
# failed on, started here without maskcheck, the script says DIFFERS and exits 1; against a server
# without the bug it says AGREES and exits 0; with no server it exits 2. Shown on a planted bug,
# and on two real findings (websocketpp's text that ends inside a character, uWebSockets.js's
# compressed frame whose header a read cuts) wherever the build has those servers.
# Usage: repro_script_test.sh MASKCHECK BROKEN_ECHO_SERVER ECHO_SERVER SERVERS_TSV POLICY
set -u
maskcheck=$1 broken=$2 echo_server=$3 table=$4 policy=$5
work=$(mktemp -d)
pid=
stop() { [[ -n $pid ]] && { pkill -P "$pid" 2>/dev/null; kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }; pid=; }
trap 'stop; rm -rf "$work"' EXIT
failed=0

# replay SCRIPT EXIT WORDS SERVER_COMMAND: the script, against the server started alone, exits
# EXIT and prints WORDS.
replay() {
  local script=$1 want=$2 words=$3 command=$4
  bash -c "exec $command" >"$work/listening" 2>&1 &
  pid=$!
  for _ in $(seq 100); do grep -q '^listening' "$work/listening" && break; sleep 0.1; done
  local port
  port=$(sed -n 's/^listening //p' "$work/listening")
  timeout 60 python3 "$script" "ws://127.0.0.1:$port/" >"$work/replayed" 2>&1
  local code=$?
  stop
  if [[ $code -ne $want ]] || ! grep -qF -- "$words" "$work/replayed"; then
    echo "FAIL: $script against $command should exit $want saying '$words' (exit $code):"
    cat "$work/replayed"
    failed=1
  else
    echo "ok: $(basename "$script") against ${command##*/}: $words"
  fi
}

# script_of CASE OPTIONS...: maskcheck wire fails CASE and writes its script; the script's path.
script_of() {
  local case=$1
  shift
  rm -rf "$work/scripts"
  timeout 120 "$maskcheck" wire --case "$case" --repro-dir "$work/scripts" "$@" >"$work/run" 2>&1
  local path
  path=$(sed -n 's/^  repro script: python3 //p' "$work/run")
  if [[ ! -x $path ]]; then
    echo "FAIL: wire --case $case --repro-dir wrote no script:" >&2
    cat "$work/run" >&2
    return 1
  fi
  echo "$path"
}

planted="$broken close-answered-with-1000"
if script=$(script_of wire:stream:close-code-1003:server --server "$planted" --policy "$policy"); then
  replay "$script" 1 "DIFFERS: it closed with code 1000; the server owes one of [1003]" "$planted"
  replay "$script" 0 "AGREES" "$echo_server"
  timeout 60 python3 "$script" ws://127.0.0.1:1/ >"$work/replayed" 2>&1
  code=$?
  if [[ $code -ne 2 ]] || ! grep -q "^cannot check" "$work/replayed"; then
    echo "FAIL: with no server the script should say it cannot check and exit 2 (exit $code)"
    cat "$work/replayed"
    failed=1
  fi
else
  failed=1
fi

# row NAME: the server's command and policy from the build's table, or nothing.
row() { awk -F'\t' -v name="$1" '$1 == name { print $2 "\t" $3 }' "$table"; }
for finding in "websocketpp|wire:stream:utf8-message-ends-inside-character:server|DIFFERS: it sent no close frame|" \
               "uws-deflate|wire:deflate:m255:f1:k9c410ed7:server:c0,6|DIFFERS: it sent 0 messages; the server owes 2|--deflate"; do
  IFS='|' read -r name case words options <<<"$finding"
  line=$(row "$name")
  if [[ -z $line ]]; then
    echo "skipped: this build has no $name server"
    continue
  fi
  IFS=$'\t' read -r command server_policy <<<"$line"
  # shellcheck disable=SC2086  # the options are words
  if script=$(script_of "$case" --server "$command" --policy "$server_policy" $options); then
    replay "$script" 1 "$words" "$command"
  else
    failed=1
  fi
done
exit $failed
