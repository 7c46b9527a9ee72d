# The tests that drive maskcheck's programs from shell scripts, with the plug-in libraries they load.
# Included by tests/CMakeLists.txt in native builds only: ctest runs a cross build's test commands
# through the emulator, but not the programs a script starts.

# Plug-in kernel libraries for the cli test: one to sweep, one built for another ABI.
include(${CMAKE_CURRENT_LIST_DIR}/../plugins/plugin_library.cmake)
maskcheck_test_plugin(current plugin_kernels.c 0)
maskcheck_test_plugin(wrong_abi plugin_kernels.c 1)
maskcheck_test_plugin(contracts plugin_contracts.c 0)
# A parser plug-in library (maskcheck/parser_plugin.h): impl's parser behind the C ABI, in three
# shapes, for the parser plug-in test.
# impl's sources are compiled into it, position-independent, as a library's own parser would be.
get_target_property(impl_sources maskcheck_impl SOURCES)
list(TRANSFORM impl_sources PREPEND ${PROJECT_SOURCE_DIR}/impl/)
add_library(maskcheck_test_parser_plugin MODULE plugins/plugin_parsers.cpp ${impl_sources})
target_include_directories(maskcheck_test_parser_plugin PRIVATE ${PROJECT_SOURCE_DIR}/harness/include
                                                                ${PROJECT_SOURCE_DIR}/impl/include)
set_target_properties(maskcheck_test_parser_plugin PROPERTIES UNITY_BUILD OFF)
target_link_libraries(maskcheck_test_parser_plugin PRIVATE maskcheck_warnings)
add_test(NAME cli COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/cli_test.sh $<TARGET_FILE:maskcheck>
                          $<TARGET_FILE:maskcheck_test_plugin_current>
                          $<TARGET_FILE:maskcheck_test_plugin_wrong_abi>
                          $<TARGET_FILE:maskcheck_test_plugin_contracts>
                          $<BOOL:${MASKCHECK_SANITIZE}>)
add_test(NAME cli_runs COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/cli_runs_test.sh $<TARGET_FILE:maskcheck>
                               $<TARGET_FILE:maskcheck_test_plugin_current>
                               $<TARGET_FILE:maskcheck_test_plugin_contracts>)
# COST: the longest single tests under the sanitizers; started first, they do not trail the run.
set_tests_properties(cli cli_runs PROPERTIES LABELS cli TIMEOUT 600 COST 30)
# Parser plug-ins with one flaw in their declaration each (FLAW 1..11; 0 has none), in C alone.
foreach(flaw RANGE 11)
  set(target maskcheck_test_parser_flaw_${flaw})
  add_library(${target} MODULE plugins/plugin_parser_flaws.c)
  set_target_properties(${target} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/harness/include)
  target_compile_definitions(${target} PRIVATE FLAW=${flaw})
  target_link_libraries(${target} PRIVATE maskcheck_warnings)
endforeach()
if(TARGET stream_diff AND MASKCHECK_PROPERTIES)  # it runs the parser properties too
  add_test(NAME parser_plugin
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/parser_plugin_test.sh $<TARGET_FILE:maskcheck>
                   $<TARGET_FILE:maskcheck_test_parser_plugin>
                   $<TARGET_FILE:maskcheck_test_plugin_current> $<TARGET_FILE:stream_diff>
                   ${PROJECT_BINARY_DIR}/corpus/stream_diff $<TARGET_FILE:property_tests>
                   $<TARGET_FILE_DIR:maskcheck_test_parser_flaw_0>)
  set_tests_properties(parser_plugin PROPERTIES LABELS cli TIMEOUT 600 COST 20)
endif()
include(${CMAKE_CURRENT_LIST_DIR}/../docs/docs_tests.cmake)
if(TARGET kernel_diff)
  add_test(NAME fuzz_kernel_diff_plugin
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/fuzz_plugin_test.sh $<TARGET_FILE:kernel_diff>
                   $<TARGET_FILE:maskcheck_test_plugin_current> ${PROJECT_BINARY_DIR}/corpus/kernel_diff)
  set_tests_properties(fuzz_kernel_diff_plugin PROPERTIES LABELS fuzz TIMEOUT 120)
endif()
