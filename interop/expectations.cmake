# What each real library's entry point must do under maskcheck: "ADAPTER KERNEL ENTRY FINDING",
# ENTRY "split" for every split through the frame parser (on the first entry that fits it).
# Release builds check semantics only: every entry passes its full sweep. Under ASan + UBSan the
# known undefined behaviour must be found in its first case; the others pass there too, except the
# Go libraries, which are not built under the sanitizers.
set(misaligned "runtime error: store to misaligned address .* for type '(size_t|uint64_t)")
set(interop_expectations
    "websocketpp websocketpp byte_mask_circ pass"
    "websocketpp websocketpp word_mask_circ websocketpp:word_mask_circ:n8:a0:d4:k00000000:p3"
    "websocketpp websocketpp split pass"
    "beast beast mask_inplace pass"
    "bufferutil bufferutil mask bufferutil:mask:n8:a0:d4:k00000000:p0"
    "bufferutil bufferutil split bufferutil:split:h6:n8:k00000000:over-header:c0,3"
    "bufferutil bufferutil unmask pass"
    "go gorilla maskBytes pass"
    "go coder mask pass")

foreach(expectation IN LISTS interop_expectations)
  string(REPLACE " " ";" fields "${expectation}")
  list(GET fields 0 adapter)
  list(GET fields 1 kernel)
  list(GET fields 2 entry)
  list(GET fields 3 finding)
  if(NOT TARGET maskcheck_interop_${adapter})
    continue()
  endif()
  set(plugin $<TARGET_FILE:maskcheck_interop_${adapter}>)
  if(adapter STREQUAL "go")
    set(plugin ${PROJECT_BINARY_DIR}/interop/libgo.so)  # built by go, not a CMake library
  endif()
  set(arguments pass)
  if(MASKCHECK_SANITIZE AND NOT finding STREQUAL "pass")
    set(arguments ${finding} ${misaligned})
  endif()
  add_test(NAME interop_${kernel}_${entry}
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/expect.sh $<TARGET_FILE:maskcheck> ${plugin}
                   ${kernel} ${entry} ${arguments})
  # COST: among the longest tests; started first, they do not trail the run on their own.
  set_tests_properties(interop_${kernel}_${entry} PROPERTIES LABELS interop TIMEOUT 900 COST 30)
endforeach()
