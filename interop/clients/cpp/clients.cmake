# The C++ family: echo clients written here over the client sides of the two header-only
# libraries the servers suite's C++ servers use (interop/servers/cpp/servers.cmake, which finds
# their headers), each on Boost.Asio with one thread, built into clients/cpp/.
find_package(Threads REQUIRED)
find_package(ZLIB REQUIRED)  # websocketpp's permessage-deflate

# maskcheck_cpp_echo_client(NAME SOURCE INCLUDE_DIRS...): clients/cpp/NAME over one library.
function(maskcheck_cpp_echo_client name source)
  set(target maskcheck_${name}_echo_client)
  add_executable(${target} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${source})
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${name}
                        RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/clients/cpp)
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_FUNCTION_LIST_DIR}
                                               ${PROJECT_SOURCE_DIR}/interop)
  target_include_directories(${target} SYSTEM PRIVATE ${ARGN})  # their headers, their warnings
  target_link_libraries(${target} PRIVATE Threads::Threads maskcheck_warnings)
  maskcheck_echo_client(${name} COMMAND $<TARGET_FILE:${target}>)
endfunction()

maskcheck_cpp_echo_client(websocketpp websocketpp_echo_client.cpp ${WEBSOCKETPP_INCLUDE_DIR}
                          ${BOOST_ASIO_INCLUDE_DIR})
target_link_libraries(maskcheck_websocketpp_echo_client PRIVATE ZLIB::ZLIB)
maskcheck_echo_client(websocketpp-deflate COMMAND $<TARGET_FILE:maskcheck_websocketpp_echo_client>
                      ENVIRONMENT MASKCHECK_DEFLATE=1 DEFLATE)
maskcheck_cpp_echo_client(beast beast_echo_client.cpp ${BEAST_INCLUDE_DIR})
maskcheck_echo_client(beast-deflate COMMAND $<TARGET_FILE:maskcheck_beast_echo_client>
                      ENVIRONMENT MASKCHECK_DEFLATE=1 DEFLATE)
# Beast's other generator, secure_prng(false): a PCG, whose keys do not come round.
maskcheck_echo_client(beast-pcg COMMAND $<TARGET_FILE:maskcheck_beast_echo_client>
                      ENVIRONMENT MASKCHECK_FAST_PRNG=1)
