# Every client's test: what it must do is in interop/findings.json (pass, or its known findings,
# each asserted by its cases; every other failure turns the test red). The planted bugs of
# maskcheck's own echo client must be caught at their first case.

# The cases CI sends each client: every whole message, the fragmented ones and the fresh keys, and
# a sixth of the splits, the clients taking turns so that CI sends every split to one of them at
# least. Under the sanitizers, where the clients built from source run (maskcheck's own and the C++
# family), a third of the 2- and 4-byte headers' splits each (a 10-byte header's carries 64 KiB and
# more: half of them took maskcheck's own client 30 s there). scripts/servers --clients sends every
# case.
set(split_turn 1)
set(split_turns 6)
set(split_headers "")
# The compressing clients (--deflate) get the whole and fragmented messages and an eighth of the
# compressed cases up to 200000 bytes each, by turns, and no splits or fresh keys (their plain
# twins run those, and the known findings are there).
set(deflate_turn 1)
set(deflate_turns 8)
set(deflate_longest 200000)
if(MASKCHECK_SANITIZE)
  set(split_turns 3)
  set(split_headers " --header 2 --header 4")
  set(deflate_longest 65536)
endif()

# Every client, for scripts/servers --clients: "NAME<TAB>COMMAND<TAB>WIRE_OPTIONS".
maskcheck_expected_peers(clients expected_clients)
set(client_table "")
foreach(name IN LISTS expected_clients)
  get_property(command GLOBAL PROPERTY maskcheck_echo_client_${name}_command)
  get_property(options GLOBAL PROPERTY maskcheck_echo_client_${name}_wire_options)
  string(APPEND client_table "${name}\t${command}\t${options}\n")
  if(options)
    set(slices "--no-splits --no-fresh-keys --longest-stream ${deflate_longest} --shard ${deflate_turn}/${deflate_turns}")
    math(EXPR deflate_turn "${deflate_turn} % ${deflate_turns} + 1")
  else()
    set(slices "--no-splits | --no-fresh-keys --shard ${split_turn}/${split_turns}${split_headers}")
    math(EXPR split_turn "${split_turn} % ${split_turns} + 1")
  endif()
  maskcheck_wire_expectation(clients ${name} "${slices}" --client "${command}" ${options})
endforeach()
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/clients/clients.tsv CONTENT "${client_table}")

# The planted bugs, each in maskcheck's own echo client (echo_client.cpp lists them), each breaking
# one thing maskcheck wire judges of a client: fresh keys (in a row, on one connection, across
# processes, against the handshake's nonce), the mask bit, the masking's phase, the pongs.
set(planted_client "$<TARGET_FILE:maskcheck_echo_client> --planted")
maskcheck_planted_bug(client_planted_reused-key clients wire:client:binary:n0
  "the client masked two frames in a row with one key, 5e11a73c" "--no-splits --connections 1"
  --client "${planted_client} reused-key")
maskcheck_planted_bug(client_planted_unmasked-frames clients wire:client:binary:n0
  "the client sent an unmasked frame" "--no-splits --connections 1"
  --client "${planted_client} unmasked-frames")
maskcheck_planted_bug(client_planted_keys-cycle-of-4 clients wire:client:fresh-keys
  "the client's mask keys come again on one connection: frame 5's key, [0-9a-f]+, was frame 1's. all 64 come round every 4 frames"
  "--no-splits --connections 1" --client "${planted_client} keys-cycle-of-4")
maskcheck_planted_bug(client_planted_keys-same-every-process clients wire:client:fresh-keys
  "the client's mask keys come again on a new connection: 64 of the second client's 64"
  "--no-splits --connections 1" --client "${planted_client} keys-same-every-process")
maskcheck_planted_bug(client_planted_keys-from-handshake clients wire:client:fresh-keys
  "frames 1, 2, 3, 4 .4 of 64. were masked with words of the client's Sec-WebSocket-Key"
  "--no-splits --connections 1" --client "${planted_client} keys-from-handshake")
maskcheck_planted_bug(client_planted_phase-restart-per-chunk clients wire:client:binary:n8
  "echo 0 .binary.: payload differs from the reference first at byte 7 "
  "--no-splits --connections 1" --client "${planted_client} phase-restart-per-chunk")
maskcheck_planted_bug(client_planted_ping-lost-inside-echo clients
  wire:client:ping-inside-echo:n70001 "the client sent 0 of the 1 pong the reference expects"
  "--no-splits --connections 1" --client "${planted_client} ping-lost-inside-echo")
