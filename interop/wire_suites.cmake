# What the servers and clients suites (interop/servers/, interop/clients/) both use to declare their
# peers, read what each must do (interop/findings.json) and register its test.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(maskcheck_findings ${PROJECT_SOURCE_DIR}/interop/findings.json)
set(maskcheck_expect_wire ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/interop/expect_wire.py)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${maskcheck_findings})

# maskcheck_join_command(OUT COMMAND word... [ENVIRONMENT var=value...]): one line for bash,
# "env VAR=value... word...".
function(maskcheck_join_command out)
  cmake_parse_arguments(PARSE_ARGV 1 joined "" "" "COMMAND;ENVIRONMENT")
  list(JOIN joined_COMMAND " " command)
  if(joined_ENVIRONMENT)
    list(JOIN joined_ENVIRONMENT " " environment)
    set(command "env ${environment} ${command}")
  endif()
  set(${out} "${command}" PARENT_SCOPE)
endfunction()

# maskcheck_include_families(SIDE): each family's SIDE.cmake (servers.cmake, clients.cmake) of
# MASKCHECK_SERVER_FAMILIES (all: every folder that has one). Under the sanitizers the default is
# the families built here from source, maskcheck's own and the C++ one; the others are binaries and
# scripts, checked in the release preset.
macro(maskcheck_include_families side)
  if(MASKCHECK_SERVER_FAMILIES STREQUAL "all")
    file(GLOB families CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*/${side}.cmake)
  else()
    set(families "")
    foreach(family IN LISTS MASKCHECK_SERVER_FAMILIES)
      if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${family}/${side}.cmake)
        list(APPEND families ${CMAKE_CURRENT_SOURCE_DIR}/${family}/${side}.cmake)
      endif()
    endforeach()
  endif()
  foreach(family IN LISTS families)
    include(${family})
  endforeach()
endmacro()

# maskcheck_expected_peers(SIDE OUT): the peers registered on SIDE (servers, clients) by
# maskcheck_echo_server or maskcheck_echo_client, in interop/findings.json's order. A registered
# peer with no expectation there, or (every family built) an expectation naming no registered
# peer, is a configure error; so is a malformed file.
function(maskcheck_expected_peers side out)
  get_property(registered GLOBAL PROPERTY maskcheck_echo_${side})
  set(partial "")
  if(NOT MASKCHECK_SERVER_FAMILIES STREQUAL "all")
    set(partial --partial)
  endif()
  execute_process(COMMAND ${maskcheck_expect_wire} peers ${maskcheck_findings} ${side} ${partial}
                          ${registered}
                  OUTPUT_VARIABLE listed ERROR_VARIABLE problem RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${problem}")
  endif()
  string(STRIP "${listed}" listed)
  string(REPLACE "\n" ";" listed "${listed}")
  list(JOIN registered "\n" lines)
  file(WRITE ${PROJECT_BINARY_DIR}/${side}/registered.txt "${lines}\n")
  set(${out} ${listed} PARENT_SCOPE)
endfunction()

# maskcheck_wire_expectation(SIDE NAME SLICES WIRE_ARGUMENTS...): the test SIDE-less-s_NAME, that
# the peer does what interop/findings.json says over the slices of the cases SLICES picks (runs
# apart separated by '|'), under ctest label SIDE.
function(maskcheck_wire_expectation side name slices)
  string(REGEX REPLACE "s$" "" prefix ${side})
  add_test(NAME ${prefix}_${name}
           COMMAND ${maskcheck_expect_wire} peer ${maskcheck_findings} ${side} ${name} --
                   $<TARGET_FILE:maskcheck> wire ${ARGN})
  set_tests_properties(${prefix}_${name} PROPERTIES LABELS ${side} TIMEOUT 900
                                                    ENVIRONMENT "MASKCHECK_WIRE_SLICES=${slices}")
endfunction()

# maskcheck_planted_bug(TEST LABEL CASE_ID REPORT SLICE WIRE_ARGUMENTS...): a planted bug that the
# slice's cases find first at CASE_ID, with a report matching REPORT (no ';' in it: '.' stands in).
function(maskcheck_planted_bug test label case report slice)
  add_test(NAME ${test}
           COMMAND ${maskcheck_expect_wire} first ${case} ${report} -- $<TARGET_FILE:maskcheck> wire
                   ${ARGN})
  set_tests_properties(${test} PROPERTIES LABELS ${label} TIMEOUT 300
                                          ENVIRONMENT "MASKCHECK_WIRE_SLICES=${slice}")
endfunction()
