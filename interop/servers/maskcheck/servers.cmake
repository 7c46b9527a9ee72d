# maskcheck's own parser as a live echo server, on the fastest kernel here (or any, --kernel): the
# servers suite checks it like the others, and the benchmarks of issue 36 measure kernels in it.
find_package(Boost 1.74 REQUIRED)
add_library(maskcheck_echo_server_core STATIC
  ${CMAKE_CURRENT_LIST_DIR}/echo_server.cpp ${CMAKE_CURRENT_LIST_DIR}/upgrade_request.cpp)
target_include_directories(maskcheck_echo_server_core PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(maskcheck_echo_server_core PUBLIC maskcheck_harness
                      PRIVATE maskcheck_wire Boost::headers maskcheck_warnings)
# Beast's parser, alone in its unit as in the wire room.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/upgrade_request.cpp PROPERTIES
                            SKIP_UNITY_BUILD_INCLUSION ON)
add_executable(maskcheck_echo_server ${CMAKE_CURRENT_LIST_DIR}/main.cpp)
target_link_libraries(maskcheck_echo_server PRIVATE maskcheck_echo_server_core CLI11::CLI11
                      maskcheck_warnings)
set_target_properties(maskcheck_echo_server PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                      ${PROJECT_BINARY_DIR}/servers/maskcheck)
maskcheck_echo_server(maskcheck POLICY ${CMAKE_CURRENT_LIST_DIR}/maskcheck.json
  COMMAND ${PROJECT_BINARY_DIR}/servers/maskcheck/maskcheck_echo_server
  DEPENDS maskcheck_echo_server)
# The same, keeping a connection open after the client shut down its writing (as a server may):
# a stream that stops inside a frame or a message may then get no close at all.
maskcheck_echo_server(maskcheck-stays-open POLICY ${CMAKE_CURRENT_LIST_DIR}/maskcheck.json
  COMMAND ${PROJECT_BINARY_DIR}/servers/maskcheck/maskcheck_echo_server --stay-open)
