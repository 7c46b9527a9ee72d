#!/usr/bin/env bash
# maskcheck wire's bad input (and maskcheck repro's, for wire ids) and dying servers and clients:
# each bad input is one line on stderr and exit 2, and a server or client that dies mid-run ends the run with a finding, never a hang.
# Usage: wire_cli_test.sh MASKCHECK ECHO_SERVER ECHO_CLIENT
set -u
maskcheck=$1 server=$2 client=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# expect_bad_input_of COMMAND WORDS ARGUMENTS...: exit 2, one line on stderr holding WORDS,
# nothing else.
expect_bad_input_of() {
  local command=$1 words=$2
  shift 2
  timeout 60 "$maskcheck" "$command" "$@" >"$work/out" 2>"$work/err"
  local code=$?
  if [[ $code -ne 2 || $(wc -l <"$work/err") -ne 1 || -s $work/out ]] || ! grep -qF -- "$words" "$work/err"; then
    echo "FAIL: $command $* should say '$words' in one line and exit 2 (exit $code):"
    cat "$work/out" "$work/err"
    failed=1
  else
    echo "ok: $command $*: $(cat "$work/err")"
  fi
}
expect_bad_input() { expect_bad_input_of wire "$@"; }

# maskcheck repro replays a wire id against the peer it names, and only a wire id takes one.
expect_bad_input_of repro "runs against a peer" wire:stream:close-code-1003:server
expect_bad_input_of repro "replay wire ids (wire:...) only" block:exact:n5:a3:d4:k37fa213d:p1 \
  --server "$server"
expect_bad_input_of repro "no named stream 'nosuch'" wire:stream:nosuch:server --server "$server"
expect_bad_input_of repro "must look like wire:client:binary:n300" wire:client:split:h9 \
  --client "$client"
split=wire:split:h8:n127:k37fa213d:server:c3,40 stream=wire:stream:close-code-1003:server
timeout 60 "$maskcheck" repro "$split" --after "$stream" --server "$server" >"$work/out" 2>&1
if [[ $? -ne 0 || $(cat "$work/out") != "PASS $stream"$'\n'"PASS $split" ]]; then
  echo "FAIL: repro $split --after $stream should pass both, in that order:"
  cat "$work/out"
  failed=1
else
  echo "ok: repro $split --after $stream: both pass, in order"
fi
expect_bad_input "only to loopback" ws://10.1.2.3:80/
expect_bad_input "not a ws:// URL" https://127.0.0.1:80/
expect_bad_input "cannot connect" ws://127.0.0.1:1/
expect_bad_input "not both" ws://127.0.0.1:1/ --server "$server"
expect_bad_input "needs a server"
expect_bad_input "exited with status 0 before it printed 'listening PORT'" --server true
expect_bad_input "no 'listening PORT' line within 1 s" --server "sleep 30" --start-seconds 1
expect_bad_input "first line is 'hello'" --server "sh -c 'echo hello; sleep 10'"
printf '{"utf8": "yes"}' >"$work/policy.json"
expect_bad_input "policy.json" --server "$server" --policy "$work/policy.json"
expect_bad_input "cannot read the policy" --server "$server" --policy "$work/missing.json"
expect_bad_input "must look like" --server "$server" --case wire:split:h9
expect_bad_input "--header must be 6, 8 or 14" --server "$server" --header 7
# permessage-deflate: a server that declines it, a malformed offer, what only plain cases can do.
expect_bad_input "the server declined permessage-deflate" --server "$server" --deflate
expect_bad_input "unknown parameter 'level'" --server "$server" --deflate-offer "permessage-deflate; level=9"
expect_bad_input "add --deflate" --server "$server" --case wire:deflate:m1:f3:k00000000:server:c0,0
expect_bad_input "with --deflate run the compressed cases" --server "$server" --deflate --fuzz 5
expect_bad_input "the client offered no permessage-deflate" --client "$client" --deflate
expect_bad_input "a client makes its own offer" --client "$client" --deflate-offer permessage-deflate
expect_bad_input "add --deflate" --client "$client" --case wire:client:deflate:m1:f3:c0,0
# An HTTP server that is no WebSocket server.
http="python3 -c 'import http.server as h, sys
s = h.HTTPServer((\"127.0.0.1\", 0), h.SimpleHTTPRequestHandler)
print(\"listening\", s.server_port, flush=True)
s.serve_forever()' 2>/dev/null"
expect_bad_input "refused the upgrade: HTTP" --server "$http"
expect_bad_input "is both" --client "$client" --server "$server"
expect_bad_input "takes none" --client "$client" --policy "$work/policy.json"
expect_bad_input "exited with status 1 before it connected to ws://127.0.0.1:" --client false
expect_bad_input "did not connect to ws://127.0.0.1:" --client "sleep 30" --start-seconds 1
expect_bad_input "no wire case checks section '5.9'" --server "$server" --section 5.9
expect_bad_input "--case names its cases; --section picks" --server "$server" --section 5.5 \
  --case wire:stream:close-code-1003:server
expect_bad_input "--fuzz runs fuzzed cases" --server "$server" --section 5 --fuzz 1
expect_bad_input "--repro-dir replays server cases" --client "$client" --repro-dir "$work/scripts"
expect_bad_input "--header must be 2, 4 or 10 with --client" --client "$client" --header 6
expect_bad_input "must look like wire:client:binary:n300" --client "$client" --case wire:client:split:h9
# A client that connects and sends no WebSocket request.
silent="python3 -c 'import os, socket, time
s = socket.create_connection((\"127.0.0.1\", int(os.environ[\"MASKCHECK_URL\"].split(\":\")[2].strip(\"/\"))))
s.sendall(b\"hello\\r\\n\\r\\n\"); time.sleep(30)'"
expect_bad_input "opening handshake is not HTTP" --client "$silent"

# A command is a bash line run with the variables in its environment: it may expand
# $MASKCHECK_URL itself, and be compound (cd first).
printf '#!/bin/bash\n# The echo client, told its URL only by its first argument.\nexec env -u MASKCHECK_URL MASKCHECK_URL="$1" %q\n' "$client" >"$work/by_argument"
chmod +x "$work/by_argument"
expect_pass() {
  local case_id=$1
  shift
  timeout 60 "$maskcheck" wire "$@" --case "$case_id" >"$work/out" 2>&1
  local code=$?
  if [[ $code -ne 0 ]] || ! grep -qx "PASS $case_id" "$work/out"; then
    echo "FAIL: wire $* should pass $case_id (exit $code):"; tail -5 "$work/out"; failed=1
  else
    echo "ok: wire $*: PASS $case_id"
  fi
}
expect_pass wire:client:binary:n3 --client "$work/by_argument \"\$MASKCHECK_URL\""
expect_pass wire:client:binary:n3 --client "cd $work && ./by_argument \"\$MASKCHECK_URL\""
expect_pass wire:stream:fragmented-with-controls-one-read:server --server "cd $work && $server"

# Every wire id repro's help gives as an example names a case: it runs, or a compressed one reaches
# the handshake maskcheck's plain echo server declines (its id is read before the connection).
examples=$("$maskcheck" repro --help | sed -n 's/.*an id like \(.*\) (a wire id.*/\1/p' | sed 's/, /\n/g')
[[ $examples == *wire:* ]] || { echo "FAIL: repro --help names no wire id"; failed=1; }
for id in $(grep '^wire:' <<<"$examples"); do
  case $id in
    wire:client:*) expect_pass "$id" --client "$client" ;;
    wire:deflate:*) expect_bad_input_of repro "declined permessage-deflate" "$id" --server "$server" --deflate ;;
    *) expect_pass "$id" --server "$server" ;;
  esac
done

# --json for named cases, as repro of a wire id prints it: each case's result, a failure in full.
# The echo server counting (MASKCHECK_COUNT=1) takes binary messages without echoing them.
uncounted=wire:split:h6:n5:k00000000:server:c0,0
timeout 60 "$maskcheck" repro "$uncounted" --server "env MASKCHECK_COUNT=1 $server" --json >"$work/out" 2>&1
code=$?
if [[ $code -ne 1 ]] || ! python3 -c '
import json, sys
out = json.load(open(sys.argv[1]))
case = out["cases"][0]
assert out["result"] == "fail" and case["result"] == "fail" and case["case_id"] == sys.argv[2]
assert "sent 0 of the 2 echoes" in case["failure"]["headline"] and " repro " in case["failure"]["repro"]
' "$work/out" "$uncounted"; then
  echo "FAIL: repro $uncounted --json should print its failure as JSON (exit $code):"; cat "$work/out"
  failed=1
else
  echo "ok: repro $uncounted --json: $(tr -d '\n ' <"$work/out" | head -c 80)..."
fi

# --junit for a wire run: the server's suite, each failure a test named by its case id.
timeout 60 "$maskcheck" wire --server "env MASKCHECK_COUNT=1 $server" --no-streams --header 6 \
  --max-failures 2 --quiet --junit "$work/wire.xml" >"$work/out" 2>&1
code=$?
if [[ $code -ne 1 ]] || ! python3 -c '
import sys
import xml.etree.ElementTree as tree
root = tree.parse(sys.argv[1]).getroot()
suites = root.findall("testsuite")
failed = [case for case in root.iter("testcase") if case.find("failure") is not None]
assert len(suites) == 1 and suites[0].get("name").startswith("wire server ")
assert len(failed) == 2 and all(case.get("name").startswith("wire:split:h6:") for case in failed)
' "$work/wire.xml"; then
  echo "FAIL: wire --junit should write the run's two failures as JUnit XML (exit $code):"
  cat "$work/out" "$work/wire.xml"
  failed=1
else
  echo "ok: wire --junit: $(grep -c '<failure' "$work/wire.xml") failures in $work/wire.xml"
fi

# Killed a second in, the server leaves a run of many seconds: a finding, in bounded time. Which
# words say so depends on who notices first: the run, that the process is gone, or the cases in
# flight, that their connections ended (three of those end the run before the first is noticed).
timeout 120 "$maskcheck" wire --server "timeout 1 $server" --quiet --max-failures 3 >"$work/out" 2>&1
code=$?
if [[ $code -ne 1 ]] ||
   ! grep -q "the server is gone\|FAIL: the server\|and ended the connection" "$work/out"; then
  echo "FAIL: a server dying mid-run should fail the run (exit $code):"
  tail -20 "$work/out"
  failed=1
else
  echo "ok: a server dying mid-run: $(grep -m1 'the server' "$work/out")"
fi

# Each client lives a second: the cases it leaves unanswered are findings, the run ends.
timeout 120 "$maskcheck" wire --client "timeout 1 $client" --quiet --max-failures 3 >"$work/out" 2>&1
code=$?
if [[ $code -ne 1 ]] || ! grep -q "the client" "$work/out"; then
  echo "FAIL: a client dying mid-run should fail the run (exit $code):"
  tail -20 "$work/out"
  failed=1
else
  echo "ok: a client dying mid-run: $(grep -m1 'the client' "$work/out")"
fi
exit "$failed"
