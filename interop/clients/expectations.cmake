# What each echo client must do under maskcheck wire --client: "NAME pass", or "NAME CASE_ID
# PATTERN" for a known finding (its first case id, and a variable naming what its report says).
# gorilla/websocket masks with keys from math/rand's global source, which Go before 1.20 seeds the
# same way in every process (Debian's Go is 1.19): each client process sends the same keys.
set(keys_repeat "the client's mask keys come again on a new connection: 16 of the second client's 16")
set(client_expectations
    "maskcheck pass"
    "python-websockets pass"
    "ws pass"
    "ws-no-bufferutil pass"
    "bun-1.4.5 pass"
    "bun-1.4.4 pass"
    "gorilla wire:client:fresh-keys keys_repeat"
    "coder pass")

# The cases CI sends each client: every whole message, the fragmented ones and the fresh keys, and
# a quarter of the splits, the clients taking turns so that CI sends every split to two of them.
# Under the sanitizers, where maskcheck's own client is the only one, every split of the 2- and
# 4-byte headers (a 10-byte header's carries 64 KiB and more: half of them took it 30 s there).
# scripts/servers --clients sends every case.
set(split_quarter 1)

# Every client and its expectation, for scripts/servers --clients: "NAME<TAB>COMMAND<TAB>EXPECTED".
set(client_table "")
foreach(expectation IN LISTS client_expectations)
  maskcheck_read_expectation("${expectation}")
  set(split_slice "--shard ${split_quarter}/4")
  if(MASKCHECK_SANITIZE)
    set(split_slice "--header 2 --header 4")
  endif()
  get_property(command GLOBAL PROPERTY maskcheck_echo_client_${name}_command)
  if(NOT command)
    if(MASKCHECK_SANITIZE)  # only maskcheck's own there (CMakeLists.txt)
      continue()
    endif()
    message(FATAL_ERROR "clients expectation for '${name}': no such client")
  endif()
  string(APPEND client_table "${name}\t${command}\t${expected}\n")
  add_test(NAME client_${name}
           COMMAND bash ${PROJECT_SOURCE_DIR}/interop/expect_wire.sh ${expected} "${pattern}"
                   $<TARGET_FILE:maskcheck> wire --client "${command}")
  set_tests_properties(client_${name} PROPERTIES LABELS clients TIMEOUT 900 ENVIRONMENT
    "MASKCHECK_WIRE_SLICE=--no-splits;MASKCHECK_WIRE_PASSING=--no-fresh-keys ${split_slice}")
  math(EXPR split_quarter "${split_quarter} % 4 + 1")
endforeach()
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/clients/clients.tsv CONTENT "${client_table}")

# The planted bugs, each in maskcheck's own echo client: one key for every frame, and a phase that
# restarts at every 7-byte chunk of a payload.
set(reused_key "the client masked two frames in a row with one key, 5e11a73c")
set(phase_restart "echo 0 .binary.: payload differs from the reference first at byte 7 ")
set(planted_expectations
    "reused-key wire:client:binary:n0 reused_key"
    "phase-restart-per-chunk wire:client:binary:n8 phase_restart")
foreach(planted IN LISTS planted_expectations)
  maskcheck_read_expectation("${planted}")
  add_test(NAME client_planted_${name}
           COMMAND bash ${PROJECT_SOURCE_DIR}/interop/expect_wire.sh ${expected} "${pattern}"
                   $<TARGET_FILE:maskcheck> wire
                   --client "$<TARGET_FILE:maskcheck_echo_client> --planted ${name}")
  set_tests_properties(client_planted_${name} PROPERTIES LABELS clients TIMEOUT 300
                       ENVIRONMENT "MASKCHECK_WIRE_SLICE=--no-splits --connections 1")
endforeach()
