# Every command the README and docs/ show is run as written by a test (tests/docs/commands/, through
# documented.sh), shortened only by options appended, checking what it promises;
# docs_commands_covered fails on a documented command no test runs so (documented_commands.py says
# what counts as a command). Registered in the release tree, whose programs they use.
set(commands ${CMAKE_CURRENT_LIST_DIR}/commands)
set(covered "")

# maskcheck_documented(TEST COMMAND...): TEST runs each documented COMMAND ("ci": .ci/run itself).
function(maskcheck_documented test)
  foreach(command IN LISTS ARGN)
    string(APPEND covered "${command}\t${test}\n")
  endforeach()
  set(covered "${covered}" PARENT_SCOPE)
endfunction()

# maskcheck_command_test(NAME TIMEOUT TREE SCRIPT ARGUMENTS...): TREE names the build tree the
# command builds or uses, locked while it runs (two builds of one tree collide), "-" for none.
# They start first (COST, for a tree with no timings yet): the long ones beside the short tests.
function(maskcheck_command_test name timeout tree)
  add_test(NAME ${name} COMMAND bash ${ARGN})
  set_tests_properties(${name} PROPERTIES LABELS commands TIMEOUT ${timeout} COST 10000)
  if(NOT tree STREQUAL "-")
    set_tests_properties(${name} PROPERTIES RESOURCE_LOCK ${tree})
  endif()
endfunction()

maskcheck_command_test(command_verify 900 verify_tree ${commands}/verify.sh ${PROJECT_SOURCE_DIR})
maskcheck_documented(command_verify "scripts/verify" "scripts/verify --shard 2/4"
  "scripts/verify --shard 1/8" "scripts/setup verify")
maskcheck_documented(ci "scripts/test")

maskcheck_command_test(command_maskcheck_examples 600 - ${commands}/maskcheck_examples.sh
                       ${PROJECT_SOURCE_DIR})
maskcheck_documented(command_maskcheck_examples
  "build/release/bin/maskcheck repro block:exact:n5:a3:d4:k37fa213d:p1"
  "build/release/bin/maskcheck sweep --kernel block --entry exact --lengths 0..64,4097 --alignments 0..7"
  "build/release/bin/maskcheck sweep --shifts 4,6,8,14 --exhaustive --json"
  "build/release/bin/maskcheck list"
  "build/release/bin/maskcheck sweep --jobs 1"
  "build/release/bin/maskcheck sweep --exhaustive --shard 2/3 --json"
  "build/release/bin/maskcheck sweep --kernel block --lengths 0..64 --junit build/maskcheck-junit.xml"
  "build/release/bin/maskcheck split --kernel block --header 6 --variant over-key"
  "build/release/bin/maskcheck repro block:split:h6:n77:k37fa213d:over-header:c3,40"
  "build/release/bin/maskcheck repro block:stream:large-frame-512k-reads:over-key"
  "P=build/release/tests/libmaskcheck_test_parser_plugin.so"
  "build/release/bin/maskcheck list --parser-plugin $P"
  "build/release/bin/maskcheck split --parser-plugin $P --parser whole-messages --header 6"
  "build/release/bin/maskcheck split --parser-plugin $P --parser whole-messages-short --header 6")

maskcheck_command_test(command_bench 900 build_release_tree ${commands}/bench.sh
                       ${PROJECT_SOURCE_DIR}
                       $<TARGET_FILE:maskcheck_test_plugin_contracts>)
maskcheck_documented(command_bench "scripts/bench" "scripts/bench --benchmark_min_time=1"
  "build/release/bin/kernel_bench --benchmark_filter='^(words/avx2|words/avx512|memmove|copy32)/(256|1024|16384|65536)$' --benchmark_min_time=1 --benchmark_repetitions=5 --benchmark_report_aggregates_only=true"
  "build/release/bin/parser_bench --benchmark_filter='(parser|moved|unmask)/(avx2|avx512)/(16384|65536)/' --benchmark_min_time=0.2 --benchmark_repetitions=5 --benchmark_report_aggregates_only=true"
  "build/release/bin/parser_bench --benchmark_filter='(parser|parser-in-place|moved|unmask)/(avx2|avx512)/(16384|65536)/' --benchmark_min_time=0.2 --benchmark_repetitions=5 --benchmark_report_aggregates_only=true")

maskcheck_command_test(command_servers 900 build_release_tree ${commands}/servers.sh
                       ${PROJECT_SOURCE_DIR})
maskcheck_documented(command_servers "scripts/servers" "scripts/servers --clients"
  "scripts/servers --html build/servers-html" "scripts/servers --clients --html build/clients-html"
  "build/release/bin/maskcheck wire --server build/release/servers/maskcheck/maskcheck_echo_server --policy interop/servers/maskcheck/maskcheck.json"
  "build/release/bin/maskcheck wire --server \"env MASKCHECK_DEFLATE=1 /usr/bin/python3 interop/servers/python/echo.py\" --policy interop/servers/python/python-websockets.json --deflate"
  "build/release/bin/maskcheck wire --client build/release/clients/maskcheck/maskcheck_echo_client"
  "build/release/bin/maskcheck wire --list"
  "build/release/bin/maskcheck wire --server build/release/servers/maskcheck/maskcheck_echo_server --policy interop/servers/maskcheck/maskcheck.json --section 5.5"
  "S=build/release/servers/maskcheck/maskcheck_echo_server"
  "build/release/bin/maskcheck throughput --server \"reference=$S --kernel reference\" --server \"block=$S --kernel block\"")
maskcheck_command_test(command_bench_servers 1200 build_release_tree ${commands}/bench_servers.sh
                       ${PROJECT_SOURCE_DIR})
maskcheck_documented(command_bench_servers "scripts/bench --servers"
  "scripts/bench --servers --payloads 256,1024,16384,65536 --rounds 6 --megabytes 32")
# Its perf check takes a late attach and nothing else, shown with a stand-in perf.
add_test(NAME command_bench_servers_teeth
         COMMAND bash ${commands}/perf_lines_teeth.sh $<TARGET_FILE:maskcheck>
                 $<TARGET_FILE:maskcheck_echo_server>)
set_tests_properties(command_bench_servers_teeth PROPERTIES LABELS commands TIMEOUT 120)

# The mutation runs share the mutation test's worker slots (its trees are built once), locked from
# it, and run beside other tests: a check that times out there runs again alone before it counts.
maskcheck_command_test(command_mutate 1800 mutation_slots ${commands}/mutate.sh ${PROJECT_SOURCE_DIR}
                       ${PROJECT_BINARY_DIR}/mutation)
maskcheck_documented(command_mutate "scripts/mutate --fuzz" "scripts/mutate --fuzz --fuzz-runs 0"
  "scripts/mutate --operators" "scripts/mutate --operators impl/block_unmask.cpp --jobs 2"
  "scripts/mutate --only imprecise-8-past key-rotation-reversed")
# The mutation tests (tests/CMakeLists.txt) run each room's whole curated catalogue.
maskcheck_documented(mutation "scripts/mutate" "scripts/mutate --ci --first-kill")
maskcheck_documented(mutation_wire "scripts/mutate --room wire" "scripts/mutate --room wire --ci --first-kill"
  "scripts/mutate --room wire --operators")

# ctest's label selections and scripts/test's presets: CI runs what they select.
maskcheck_command_test(command_test_selection 120 - ${commands}/test_selection.sh
                       ${PROJECT_SOURCE_DIR})
maskcheck_documented(command_test_selection "ctest --preset release -L guides"
  "ctest --preset release -L interop" "ctest --preset release -L mutation"
  "ctest --preset release -L teeth" "scripts/test aarch64 s390x")

maskcheck_command_test(command_fuzz 1200 fuzz_tree ${commands}/fuzz.sh ${PROJECT_SOURCE_DIR})
maskcheck_documented(command_fuzz "scripts/fuzz kernel_diff 10" "scripts/fuzz stream_diff 60 2"
  "scripts/fuzz kernel_diff_planted 5" "scripts/fuzz stream_diff_planted 5"
  "MASKCHECK_PARSER_PLUGINS=$PWD/$P scripts/fuzz stream_diff 10")
maskcheck_command_test(command_fuzz_build 1200 - ${commands}/fuzz_build.sh ${PROJECT_SOURCE_DIR}
                       ${PROJECT_BINARY_DIR}/command-oss-fuzz)
maskcheck_documented(command_fuzz_build "fuzz/build.sh")
maskcheck_command_test(command_coverage 1800 coverage_tree ${commands}/coverage.sh
                       ${PROJECT_SOURCE_DIR})
maskcheck_documented(command_coverage "scripts/coverage")

if(MASKCHECK_PROPERTIES)  # build/release/bin/property_tests
  maskcheck_command_test(command_properties 600 - ${commands}/properties.sh ${PROJECT_SOURCE_DIR})
  maskcheck_documented(command_properties "RC_PARAMS=\"seed=42\" build/release/bin/property_tests"
    "RC_PARAMS=\"seed=42 max_success=20000\" build/release/bin/property_tests --gtest_filter='*block*'")
endif()

maskcheck_command_test(command_interop 1800 build_release_tree ${commands}/interop.sh
                       ${PROJECT_SOURCE_DIR})
maskcheck_documented(command_interop "scripts/interop" "scripts/interop --benchmark_filter=/16384")

# Not run, and so not listed: the illustrations, lines whose comment begins "# your" (your server,
# your library): MASKCHECK_KERNEL=block ./server, which the UnmaskSelection tests check in a child
# process; MASKCHECK_PLUGINS=$PWD/libmine.so scripts/bench, which command_bench runs with a test
# plug-in; the plug-in fuzz campaign, which fuzz_kernel_diff_plugin runs; and maskcheck wire on a
# URL, which server_url runs.

file(WRITE ${PROJECT_BINARY_DIR}/documented_commands.tsv "${covered}")
file(GLOB documents CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
add_test(NAME docs_commands_covered
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/documented_commands.py
                 ${PROJECT_BINARY_DIR}/documented_commands.tsv ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR}/README.md ${documents})
set_tests_properties(docs_commands_covered PROPERTIES LABELS commands TIMEOUT 60)
add_test(NAME docs_commands_teeth
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/commands_teeth.sh
                 ${CMAKE_CURRENT_LIST_DIR}/documented_commands.py)
set_tests_properties(docs_commands_teeth PROPERTIES LABELS commands TIMEOUT 60)
