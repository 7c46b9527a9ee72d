# What each echo server must do under maskcheck wire: "NAME pass", or "NAME CASE_ID PATTERN" for a
# known finding (its first case id, and a variable naming what its report says). The broken echo
# servers (tests/broken_echo_server.cpp, one planted bug each) are findings by construction.
# uWebSockets ignores the mask bit (it takes the four bytes after an unmasked frame's length as
# its key and echoes what that unmasks to) and joins a binary frame to an open text message.
set(ignores_mask_bit "the server sent 3 echoes. the reference expects 1 .the first extra: a binary of 6")
# websocketpp lets a fragmented text message end inside a character (it checks completeness only
# when the last frame's opcode is text); Beast echoes text that an empty last fragment ends inside
# a character (it checks when payload arrives), and sends back a client's close code 5000.
set(accepts_unfinished_text "the server sent 1 echo. the reference expects 0 .the first extra: a text of 2")
set(empty_fragment_ends_text "the server sent 1 echo. the reference expects 0 .the first extra: a text of 3")
# uWebSockets.js with permessage-deflate ends the connection, echoing nothing, when a compressed
# frame's header comes in a read of its own and its payload with the next frame in the next read.
set(drops_after_split_header "the server sent 0 of the 2 echoes the reference expects and ended the connection")
set(server_expectations
    "maskcheck pass"
    "ws pass"
    "ws-no-bufferutil pass"
    "uws wire:stream:error-unmasked-frame-then-4-bytes-one-read:server ignores_mask_bit"
    "bun-1.4.5 pass"
    "bun-1.4.4 pass"
    "gorilla pass"
    "coder pass"
    "python-websockets pass"
    "websocketpp wire:stream:utf8-message-ends-inside-character:server accepts_unfinished_text"
    "beast wire:stream:utf8-character-cut-by-empty-last-fragment:server empty_fragment_ends_text"
    "python-websockets-deflate pass"
    "ws-deflate pass"
    "bun-1.4.5-deflate pass"
    "bun-1.4.4-deflate pass"
    "gorilla-deflate pass"
    "coder-deflate pass"
    "uws-deflate wire:deflate:m0:f1:k00000000:server:c0,6 drops_after_split_header"
    "beast-deflate pass"
    "websocketpp-deflate pass")

# The cases CI sends each server: the named streams up to 4 MiB (the 16 and 64 MiB frames are left
# to scripts/servers), where the known findings are; then a sixth of the splits, which every server
# passes, the servers taking turns so that CI sends every split to one of them at least (and
# command_servers sends each a third of the 6-byte header's). scripts/servers sends every case.
# Under the sanitizers, where three servers run, a third of the splits of the 6- and 8-byte headers
# each: a 14-byte header's split carries 64 KiB, and half of them took an ASan websocketpp 50 s; the
# streams send frames with 64-bit lengths there too.
set(server_slice "--longest-stream 4194304 --no-splits")
set(split_turn 1)
set(split_turns 6)
# The compressed servers (--deflate) that pass get an eighth of the compressed cases each, by turns,
# and no splits: every compressed case of a message up to 200000 bytes (14-byte headers included)
# goes to one of them in CI; scripts/servers sends the 600000-byte ones too (Python: 110 s more).
# One with a known finding runs until its first failure.
set(deflate_turn 1)
set(deflate_turns 8)
set(deflate_longest 200000)
set(split_headers "")
if(MASKCHECK_SANITIZE)
  set(split_turns 3)
  set(split_headers " --header 6 --header 8")
  set(deflate_longest 65536)  # Beast's deflate under ASan: the 14-byte headers are release's
endif()

# Every server and its expectation, for scripts/servers:
# "NAME<TAB>COMMAND<TAB>POLICY<TAB>EXPECTED<TAB>WIRE_OPTIONS".
set(server_table "")
foreach(expectation IN LISTS server_expectations)
  maskcheck_read_expectation("${expectation}")
  get_property(built GLOBAL PROPERTY maskcheck_echo_server_${name}_command SET)
  if(MASKCHECK_SANITIZE AND NOT built)  # the servers built from source there (CMakeLists.txt)
    continue()
  endif()
  get_property(command GLOBAL PROPERTY maskcheck_echo_server_${name}_command)
  get_property(policy GLOBAL PROPERTY maskcheck_echo_server_${name}_policy)
  if(NOT command)
    message(FATAL_ERROR "servers expectation for '${name}': no such server")
  endif()
  get_property(options GLOBAL PROPERTY maskcheck_echo_server_${name}_wire_options)
  string(APPEND server_table "${name}\t${command}\t${policy}\t${expected}\t${options}\n")
  add_test(NAME server_${name}
           COMMAND bash ${PROJECT_SOURCE_DIR}/interop/expect_wire.sh ${expected} "${pattern}"
                   $<TARGET_FILE:maskcheck> wire --server "${command}" --policy ${policy} ${options})
  if(options AND NOT expected STREQUAL "pass")
    set(slice "MASKCHECK_WIRE_SLICE=--no-splits")
  elseif(options)
    set(slice "MASKCHECK_WIRE_SLICE=--no-splits --longest-stream ${deflate_longest} --shard ${deflate_turn}/${deflate_turns}")
    math(EXPR deflate_turn "${deflate_turn} % ${deflate_turns} + 1")
  else()
    set(slice "MASKCHECK_WIRE_SLICE=${server_slice};MASKCHECK_WIRE_PASSING=--no-streams --shard ${split_turn}/${split_turns}${split_headers}")
    math(EXPR split_turn "${split_turn} % ${split_turns} + 1")
  endif()
  set_tests_properties(server_${name} PROPERTIES LABELS servers TIMEOUT 900 ENVIRONMENT "${slice}")
endforeach()
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/servers/servers.tsv CONTENT "${server_table}")

# The planted bugs, each in maskcheck's echo server on the block kernel.
if(TARGET maskcheck_broken_parsers)
  add_executable(maskcheck_broken_echo_server ${PROJECT_SOURCE_DIR}/tests/broken_echo_server.cpp)
  target_include_directories(maskcheck_broken_echo_server PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(maskcheck_broken_echo_server PRIVATE maskcheck_echo_server_core
                        maskcheck_broken_parsers maskcheck_warnings)
  set(wrong_byte "echo 0 .binary.: payload differs from the reference first at byte 1 ")
  set(short_echo "echo 0 .binary.: payload differs .* .1 byte sent back, 2 expected.")
  # One connection: the planted parsers count a frame's parts for one connection at a time.
  set(planted_expectations
      "key-not-rotated-after-first-part wire:split:h6:n2:k37fa213d:server:c0,7 wrong_byte"
      "last-byte-dropped-after-three-reads wire:split:h6:n2:k37fa213d:server:c6,7 short_echo")
  foreach(planted IN LISTS planted_expectations)
    maskcheck_read_expectation("${planted}")
    add_test(NAME server_planted_${name}
             COMMAND bash ${PROJECT_SOURCE_DIR}/interop/expect_wire.sh ${expected} "${pattern}"
                     $<TARGET_FILE:maskcheck> wire
                     --server "$<TARGET_FILE:maskcheck_broken_echo_server> ${name}"
                     --policy ${CMAKE_CURRENT_SOURCE_DIR}/maskcheck/maskcheck.json)
    set_tests_properties(server_planted_${name} PROPERTIES LABELS servers TIMEOUT 300
                         ENVIRONMENT "MASKCHECK_WIRE_SLICE=--no-streams --connections 1")
  endforeach()
  # Fuzzing finds it too: on one connection the fuzzed cases run in order, so the first to fail
  # is the same every time, whatever the machine's speed.
  add_test(NAME server_fuzz_planted
           COMMAND bash ${PROJECT_SOURCE_DIR}/interop/expect_wire.sh wire:fuzz:s1:i15
                   "echo 1 .text.: payload differs from the reference first at byte 2"
                   $<TARGET_FILE:maskcheck> wire
                   --server "$<TARGET_FILE:maskcheck_broken_echo_server> key-not-rotated-after-first-part"
                   --policy ${CMAKE_CURRENT_SOURCE_DIR}/maskcheck/maskcheck.json)
  set_tests_properties(server_fuzz_planted PROPERTIES LABELS servers TIMEOUT 300
                       ENVIRONMENT "MASKCHECK_WIRE_SLICE=--fuzz 60 --connections 1")
endif()

# A compressed message's fragments each inflated as a new stream (Python websockets' own
# echo server with its inflater replaced): the first case whose compressed bytes span fragments.
if(MASKCHECK_SERVERS_PYTHON)
  add_test(NAME server_planted_inflate-reset-per-fragment
           COMMAND bash ${PROJECT_SOURCE_DIR}/interop/expect_wire.sh
                   wire:deflate:m1:f3:k00000000:server:c0,0
                   "echo 0 .text.: payload differs from the reference first at byte 0 "
                   $<TARGET_FILE:maskcheck> wire
                   --server "${MASKCHECK_SERVERS_PYTHON} ${PROJECT_SOURCE_DIR}/tests/broken_deflate_echo_server.py ${CMAKE_CURRENT_SOURCE_DIR}/python/echo.py"
                   --policy ${CMAKE_CURRENT_SOURCE_DIR}/python/python-websockets.json --deflate)
  set_tests_properties(server_planted_inflate-reset-per-fragment PROPERTIES LABELS servers
                       TIMEOUT 300 ENVIRONMENT "MASKCHECK_WIRE_SLICE=--no-splits --connections 1")
endif()
