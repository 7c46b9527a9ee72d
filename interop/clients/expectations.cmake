# What each echo client must do under maskcheck wire --client: "NAME pass", or "NAME CASE_ID
# PATTERN" for a known finding (its first case id, and a variable naming what its report says).
# gorilla/websocket masks with keys from math/rand's global source, which Go before 1.20 seeds the
# same way in every process (Debian's Go is 1.19): each client process sends the same keys.
set(keys_repeat "the client's mask keys come again on a new connection: 64 of the second client's 64")
# Boost.Beast 1.74's mask keys (its chacha20 generator, secure_prng's default) come round every 16.
set(keys_cycle "the client's mask keys come again on one connection: frame 17's key, [0-9a-f]+, was frame 1's")
set(client_expectations
    "maskcheck pass"
    "python-websockets pass"
    "ws pass"
    "ws-no-bufferutil pass"
    "bun-1.4.5 pass"
    "bun-1.4.4 pass"
    "gorilla wire:client:fresh-keys keys_repeat"
    "coder pass"
    "websocketpp pass"
    "beast wire:client:fresh-keys keys_cycle"
    "python-websockets-deflate pass"
    "ws-deflate pass"
    "gorilla-deflate pass"
    "coder-deflate pass"
    "websocketpp-deflate pass"
    "beast-deflate pass"
    "bun-1.4.5-deflate pass"
    "bun-1.4.4-deflate pass")

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

# Every client and its expectation, for scripts/servers --clients:
# "NAME<TAB>COMMAND<TAB>EXPECTED<TAB>WIRE_OPTIONS".
set(client_table "")
foreach(expectation IN LISTS client_expectations)
  maskcheck_read_expectation("${expectation}")
  get_property(command GLOBAL PROPERTY maskcheck_echo_client_${name}_command)
  if(NOT command)
    if(MASKCHECK_SANITIZE)  # only those built from source there (CMakeLists.txt)
      continue()
    endif()
    message(FATAL_ERROR "clients expectation for '${name}': no such client")
  endif()
  get_property(options GLOBAL PROPERTY maskcheck_echo_client_${name}_wire_options)
  string(APPEND client_table "${name}\t${command}\t${expected}\t${options}\n")
  add_test(NAME client_${name}
           COMMAND bash ${PROJECT_SOURCE_DIR}/interop/expect_wire.sh ${expected} "${pattern}"
                   $<TARGET_FILE:maskcheck> wire --client "${command}" ${options})
  if(options)
    set(slice "MASKCHECK_WIRE_SLICE=--no-splits --no-fresh-keys --longest-stream ${deflate_longest} --shard ${deflate_turn}/${deflate_turns}")
    math(EXPR deflate_turn "${deflate_turn} % ${deflate_turns} + 1")
  else()
    set(slice "MASKCHECK_WIRE_SLICE=--no-splits;MASKCHECK_WIRE_PASSING=--no-fresh-keys --shard ${split_turn}/${split_turns}${split_headers}")
    math(EXPR split_turn "${split_turn} % ${split_turns} + 1")
  endif()
  set_tests_properties(client_${name} PROPERTIES LABELS clients TIMEOUT 900 ENVIRONMENT "${slice}")
endforeach()
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/clients/clients.tsv CONTENT "${client_table}")

# The planted bugs, each in maskcheck's own echo client: one key for every frame, a phase that
# restarts at every 7-byte chunk of a payload, and a ping left unanswered inside an echo.
set(reused_key "the client masked two frames in a row with one key, 5e11a73c")
set(phase_restart "echo 0 .binary.: payload differs from the reference first at byte 7 ")
set(ping_lost "the client sent 0 of the 1 pong the reference expects")
set(planted_expectations
    "reused-key wire:client:binary:n0 reused_key"
    "phase-restart-per-chunk wire:client:binary:n8 phase_restart"
    "ping-lost-inside-echo wire:client:ping-inside-echo:n70001 ping_lost")
foreach(planted IN LISTS planted_expectations)
  maskcheck_read_expectation("${planted}")
  add_test(NAME client_planted_${name}
           COMMAND bash ${PROJECT_SOURCE_DIR}/interop/expect_wire.sh ${expected} "${pattern}"
                   $<TARGET_FILE:maskcheck> wire
                   --client "$<TARGET_FILE:maskcheck_echo_client> --planted ${name}")
  set_tests_properties(client_planted_${name} PROPERTIES LABELS clients TIMEOUT 300
                       ENVIRONMENT "MASKCHECK_WIRE_SLICE=--no-splits --connections 1")
endforeach()
