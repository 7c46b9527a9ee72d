# The C++ family: echo servers written here over two header-only libraries from Debian's packages,
# websocketpp 0.8.2 (libwebsocketpp-dev) and Boost.Beast 1.74 (libboost-dev), each on Boost.Asio
# with one thread, built into servers/cpp/.
find_path(WEBSOCKETPP_INCLUDE_DIR websocketpp/server.hpp)
find_path(BOOST_ASIO_INCLUDE_DIR boost/asio/io_context.hpp)
find_path(BEAST_INCLUDE_DIR boost/beast/websocket.hpp)
foreach(needed WEBSOCKETPP_INCLUDE_DIR BOOST_ASIO_INCLUDE_DIR BEAST_INCLUDE_DIR)
  if(NOT ${needed})
    message(FATAL_ERROR "The C++ echo servers need ${needed}: scripts/setup installs "
                        "libwebsocketpp-dev and libboost-dev (or configure with "
                        "-DMASKCHECK_SERVERS=OFF)")
  endif()
endforeach()
find_package(Threads REQUIRED)

# maskcheck_cpp_echo_server(NAME SOURCE INCLUDE_DIRS...): servers/cpp/NAME over one library.
function(maskcheck_cpp_echo_server name source)
  set(target maskcheck_${name}_echo)
  add_executable(${target} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${source})
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${name}
                        RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/servers/cpp)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/interop)  # echo_environment.h
  target_include_directories(${target} SYSTEM PRIVATE ${ARGN})  # their headers, their warnings
  target_link_libraries(${target} PRIVATE Threads::Threads maskcheck_warnings)
  maskcheck_echo_server(${name} POLICY ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${name}.json
                        COMMAND $<TARGET_FILE:${target}> DEPENDS ${target})
endfunction()

maskcheck_cpp_echo_server(websocketpp websocketpp_echo.cpp ${WEBSOCKETPP_INCLUDE_DIR}
                          ${BOOST_ASIO_INCLUDE_DIR})
# websocketpp 0.8.2 names constructors with template-ids (endpoint<connection,config>()), which g++
# rejects in C++20 and clang accepts: under g++ this one program is C++17.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set_target_properties(maskcheck_websocketpp_echo PROPERTIES CXX_STANDARD 17)
endif()
find_package(ZLIB REQUIRED)  # websocketpp's permessage-deflate
target_link_libraries(maskcheck_websocketpp_echo PRIVATE ZLIB::ZLIB)
maskcheck_echo_server(websocketpp-deflate POLICY ${CMAKE_CURRENT_LIST_DIR}/websocketpp.json
                      COMMAND $<TARGET_FILE:maskcheck_websocketpp_echo> ENVIRONMENT
                      MASKCHECK_DEFLATE=1 DEFLATE)
maskcheck_cpp_echo_server(beast beast_echo.cpp ${BEAST_INCLUDE_DIR})
maskcheck_echo_server(beast-deflate POLICY ${CMAKE_CURRENT_LIST_DIR}/beast.json
                      COMMAND $<TARGET_FILE:maskcheck_beast_echo> ENVIRONMENT MASKCHECK_DEFLATE=1
                      DEFLATE)
