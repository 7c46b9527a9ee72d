# What each real library's entry point must do under maskcheck: "ADAPTER KERNEL ENTRY FINDING
# [PATTERN]". ENTRY "split" is every split through the frame parser (on the first entry that fits
# it); "parser-split" and "parser-stream" are a real parser's splits and named streams (KERNEL names
# the parser). FINDING is "pass", or the first case id of a known finding: with PATTERN (a variable
# naming what the report says) in every build; without, under ASan + UBSan only, where the known
# undefined behaviour is found (release builds check semantics only, and pass). The Go libraries
# are not built under the sanitizers.
set(misaligned "runtime error: store to misaligned address .* for type '(size_t|uint64_t)")
# websocketpp reserves a message's declared length when its header arrives: with no size limit a
# frame declaring 2^40 bytes throws from consume() (bad_alloc; length_error for 2^63 - 1), and
# under ASan the process dies (allocation-size-too-big). There its split runs skip header 14: ASan
# maps each 4 GiB reservation of the frames declaring 2^32 bytes, about 4 s a case.
# (No ';' in a pattern: CMake would split it; '.' stands for it.)
set(reserves_declared "error unspecified. the reference decoded 0 complete events and error none")
# And it lets a fragmented text message end inside a character: finalize_message() checks that
# the text is complete only when the last frame's opcode is text, and a last fragment's is
# continuation.
set(accepts_unfinished_text
    "error none. the reference decoded 0 complete events and error invalid-utf8")
set(interop_expectations
    "websocketpp websocketpp byte_mask_circ pass"
    "websocketpp websocketpp word_mask_circ websocketpp:word_mask_circ:n8:a0:d4:k00000000:p3"
    "websocketpp websocketpp split pass"
    "websocketpp_parser websocketpp-hybi13 parser-split websocketpp-hybi13@:split:h14:n1099511627776:k37fa213d:server:c0,0 reserves_declared"
    "websocketpp_parser websocketpp-hybi13 parser-stream websocketpp-hybi13@:stream:utf8-message-ends-inside-character:server accepts_unfinished_text"
    "beast beast mask_inplace pass"
    "bufferutil bufferutil mask bufferutil:mask:n8:a0:d4:k00000000:p0"
    "bufferutil bufferutil split bufferutil:split:h6:n8:k00000000:over-header:c0,3"
    "bufferutil bufferutil unmask pass"
    "go gorilla maskBytes pass"
    "go coder mask pass")

# Sweeps take the span tier (1 MiB .. 64 MiB + 127) where the tests sweep it: the release preset.
if(MASKCHECK_SPAN_SWEEP)
  set(interop_spans with)
else()
  set(interop_spans without)
endif()
set(asserted_findings "")
foreach(expectation IN LISTS interop_expectations)
  string(REPLACE " " ";" fields "${expectation}")
  list(GET fields 0 adapter)
  list(GET fields 1 kernel)
  list(GET fields 2 entry)
  list(GET fields 3 finding)
  if(NOT finding STREQUAL "pass")
    string(APPEND asserted_findings "${finding}\n")
  endif()
  list(LENGTH fields field_count)
  set(pattern misaligned)
  if(field_count GREATER 4)
    list(GET fields 4 pattern)
  endif()
  if(NOT TARGET maskcheck_interop_${adapter})
    continue()
  endif()
  set(plugin $<TARGET_FILE:maskcheck_interop_${adapter}>)
  if(adapter STREQUAL "go")
    set(plugin ${PROJECT_BINARY_DIR}/interop/libgo.so)  # built by go, not a CMake library
  endif()
  set(arguments ${entry} pass)
  if(MASKCHECK_SANITIZE AND entry STREQUAL "parser-split")
    set(arguments parser-split-h6-h8 pass)
  elseif(NOT finding STREQUAL "pass" AND (MASKCHECK_SANITIZE OR field_count GREATER 4))
    set(arguments ${entry} ${finding} ${${pattern}})
  endif()
  add_test(NAME interop_${kernel}_${entry}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/expect.sh $<TARGET_FILE:maskcheck> ${plugin}
                   ${kernel} ${arguments})
  # COST: among the longest tests; started first, they do not trail the run on their own.
  set_tests_properties(interop_${kernel}_${entry} PROPERTIES LABELS interop TIMEOUT 900 COST 30
                                                    ENVIRONMENT MASKCHECK_SPANS=${interop_spans})
endforeach()
# The findings these expectations assert (each in the presets it names), for interop_readme_findings.
file(WRITE ${PROJECT_BINARY_DIR}/interop/asserted_findings.txt "${asserted_findings}")
