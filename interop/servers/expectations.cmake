# Every server's test: what it must do is in interop/findings.json (pass, or its known findings,
# each asserted by its cases; every other failure turns the test red). The broken echo servers
# (tests/planted/broken_echo_server.cpp, one planted bug each) must be caught at their first case.

# The cases CI sends each server: the named streams up to 4 MiB (the 16 and 64 MiB frames are left
# to scripts/servers), where the known findings are; then a sixth of the splits, the servers taking
# turns so that CI sends every split to one of them at least (and command_servers sends each a
# third of the 6-byte header's). scripts/servers sends every case. Under the sanitizers, where
# three servers run, a third of the splits of the 6- and 8-byte headers each: a 14-byte header's
# split carries 64 KiB, and half of them took an ASan websocketpp 50 s; the streams send frames
# with 64-bit lengths there too.
set(stream_slice "--longest-stream 4194304 --no-splits")
set(split_turn 1)
set(split_turns 6)
# The compressed servers (--deflate) get an eighth of the compressed cases each, by turns, and no
# splits: every compressed case of a message up to 200000 bytes (14-byte headers included) goes to
# one of them in CI; scripts/servers sends the 600000-byte ones too (Python: 110 s more).
set(deflate_turn 1)
set(deflate_turns 8)
set(deflate_longest 200000)
set(split_headers "")
if(MASKCHECK_SANITIZE)
  set(split_turns 3)
  set(split_headers " --header 6 --header 8")
  set(deflate_longest 65536)  # Beast's deflate under ASan: the 14-byte headers are release's
endif()

# Every server, for scripts/servers: "NAME<TAB>COMMAND<TAB>POLICY<TAB>WIRE_OPTIONS".
maskcheck_expected_peers(servers expected_servers)
set(server_table "")
foreach(name IN LISTS expected_servers)
  get_property(command GLOBAL PROPERTY maskcheck_echo_server_${name}_command)
  get_property(policy GLOBAL PROPERTY maskcheck_echo_server_${name}_policy)
  get_property(options GLOBAL PROPERTY maskcheck_echo_server_${name}_wire_options)
  string(APPEND server_table "${name}\t${command}\t${policy}\t${options}\n")
  if(options)
    set(slices "--no-splits --longest-stream ${deflate_longest} --shard ${deflate_turn}/${deflate_turns}")
    math(EXPR deflate_turn "${deflate_turn} % ${deflate_turns} + 1")
  else()
    set(slices "${stream_slice} | --no-streams --shard ${split_turn}/${split_turns}${split_headers}")
    math(EXPR split_turn "${split_turn} % ${split_turns} + 1")
  endif()
  maskcheck_wire_expectation(servers ${name} "${slices}" --server "${command}" --policy ${policy}
                             ${options})
endforeach()
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/servers/servers.tsv CONTENT "${server_table}")

# The planted bugs, each in maskcheck's echo server on the block kernel.
if(TARGET maskcheck_broken_parsers)
  add_executable(maskcheck_broken_echo_server ${PROJECT_SOURCE_DIR}/tests/planted/broken_echo_server.cpp)
  target_include_directories(maskcheck_broken_echo_server PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(maskcheck_broken_echo_server PRIVATE maskcheck_echo_server_core
                        maskcheck_broken_parsers maskcheck_warnings)
  set(policy ${CMAKE_CURRENT_SOURCE_DIR}/maskcheck/maskcheck.json)
  # One connection: the planted parsers count a frame's parts for one connection at a time.
  maskcheck_planted_bug(server_planted_key-not-rotated-after-first-part servers
    wire:split:h6:n2:k37fa213d:server:c0,7
    "echo 0 .binary.: payload differs from the reference first at byte 1 "
    "--no-streams --connections 1"
    --server "$<TARGET_FILE:maskcheck_broken_echo_server> key-not-rotated-after-first-part"
    --policy ${policy})
  maskcheck_planted_bug(server_planted_last-byte-dropped-after-three-reads servers
    wire:split:h6:n2:k37fa213d:server:c6,7
    "echo 0 .binary.: payload differs .* .1 byte sent back, 2 expected."
    "--no-streams --connections 1"
    --server "$<TARGET_FILE:maskcheck_broken_echo_server> last-byte-dropped-after-three-reads"
    --policy ${policy})
  # A bug planted in the replies for each thing maskcheck wire judges of them (echo_server.h),
  # each caught, over the named streams on one connection, at its first case, with its report
  # ("CASE|REPORT", the report's ';' written '.').
  set(stream "wire:stream:every-length-one-read:server")
  set(controls "wire:stream:fragmented-with-controls-one-read:server")
  set(unmasked "wire:stream:error-unmasked-frame-one-read:server")
  set(planted_replies
    "text-echoed-as-binary|${stream}|the server sent 305 echoes. the reference expects 304 .the first extra: a binary of 17 bytes"
    "binary-echoed-as-text|${stream}|echo 0: the server sent a text of 0 bytes. the reference expects a binary"
    "frames-masked|${stream}|the server sent a masked frame"
    "frames-with-rsv2|${stream}|the server sent a frame with reserved bits set, and no extension was agreed"
    "text-echoed-with-opcode-3|${stream}|the server sent a frame with the reserved opcode 3"
    "pong-not-final|${stream}|the server sent a control frame that is fragmented or over 125 bytes"
    "echo-as-continuation|${stream}|the server sent a continuation frame outside a message"
    "echo-in-two-first-frames|${stream}|the server began a message inside another"
    "pong-payload-dropped|${stream}|pong 0 .pong.: payload differs from the reference first at byte 0"
    "ping-unanswered|${stream}|the server sent 0 of the 304 pongs the reference expects and kept the connection open"
    "frame-after-close|${controls}|the server sent a pong of 0 bytes after its close frame"
    "close-answered-with-1000|wire:stream:close-code-1001:server|the server answered the client's close with code 1000. its policy: 1001"
    "close-unanswered|${controls}|the client closed with 1000: the server sent no close frame"
    "errors-closed-with-1000|${unmasked}|the server closed with code 1000, its policy says 1002"
    "errors-closed-without-frame|${unmasked}|the server should close with 1002, but it ended the connection without a close frame"
    "fence-answered-with-close|${stream}|every frame was whole and valid, but the server closed with code 1000"
    "fence-answered-by-ending|${stream}|every frame was whole and valid, but the server ended the connection without a close frame"
    "fence-unanswered|${stream}|the server stopped answering"
    "replies-lost-at-close|${controls}|the server sent 0 of the 2 echoes the reference expects and ended the connection"
    "replies-held-inside-a-frame|wire:stream:message-then-frame-cut-inside-payload:server|the server sent 0 of the 1 echo the reference expects and stopped answering"
    "partial-message-echoed-at-end|wire:stream:message-then-frame-cut-inside-payload:server|the server sent 2 echoes. the reference expects 1 .the first extra: a binary of 4 bytes")
  foreach(planted IN LISTS planted_replies)
    string(REPLACE "|" ";" fields "${planted}")
    list(GET fields 0 name)
    list(GET fields 1 case)
    list(GET fields 2 report)
    maskcheck_planted_bug(server_planted_${name} servers ${case} "${report}"
      "--no-splits --connections 1" --server "$<TARGET_FILE:maskcheck_broken_echo_server> ${name}"
      --policy ${policy})
  endforeach()
  # Fuzzing finds it too: on one connection the fuzzed cases run in order, so the first to fail
  # is the same every time, whatever the machine's speed.
  maskcheck_planted_bug(server_fuzz_planted servers wire:fuzz:s1:i0
    "echo 0 .text.: payload differs from the reference first at byte 1" "--fuzz 60 --connections 1"
    --server "$<TARGET_FILE:maskcheck_broken_echo_server> key-not-rotated-after-first-part"
    --policy ${policy})
endif()

# Python websockets' own echo server with one bug planted in its permessage-deflate
# (tests/planted/broken_deflate_echo_server.py), each caught at its case on one connection: fragments each
# inflated as a new stream (the first case whose compressed bytes span fragments), an answer over
# the offer or short of what it asked, a window kept though no context takeover was agreed, RSV1 on
# echoes that are not compressed.
if(MASKCHECK_SERVERS_PYTHON)
  set(deflate_bugs
    "inflate-reset-per-fragment|wire:deflate:m1:f3:k00000000:server:c0,0|echo 0 .text.: payload differs from the reference first at byte 0 |permessage-deflate. client_max_window_bits"
    "window-bits-over-offer|wire:deflate:agreement:server|the server answered server_max_window_bits=15, over the offered 10|permessage-deflate. client_max_window_bits. server_max_window_bits=10"
    "no-context-takeover-dropped|wire:deflate:agreement:server|the server left out server_no_context_takeover, which the offer asked for|permessage-deflate. client_max_window_bits. server_no_context_takeover"
    "context-kept|wire:deflate:m0:f1:k37fa213d:server:c0,1|the server's compressed message of 6 bytes is not one: it does not inflate|permessage-deflate. client_max_window_bits. server_no_context_takeover"
    "echo-flagged-not-compressed|wire:deflate:m0:f1:k00000000:server:c0,0|echo 1 .text.: payload differs from the reference first at byte 0|permessage-deflate. client_max_window_bits")
  foreach(planted IN LISTS deflate_bugs)
    string(REPLACE "|" ";" fields "${planted}")
    list(GET fields 0 name)
    list(GET fields 1 case)
    list(GET fields 2 report)
    list(GET fields 3 offer)
    string(REPLACE ". " "$<SEMICOLON> " offer "${offer}")  # the offer's ; written . above
    maskcheck_planted_bug(server_planted_${name} servers ${case} "${report}"
      "--no-splits --connections 1"
      --server "${MASKCHECK_SERVERS_PYTHON} ${PROJECT_SOURCE_DIR}/tests/planted/broken_deflate_echo_server.py ${name} ${CMAKE_CURRENT_SOURCE_DIR}/python/echo.py"
      --policy ${CMAKE_CURRENT_SOURCE_DIR}/python/python-websockets.json --deflate-offer "${offer}")
  endforeach()
endif()
