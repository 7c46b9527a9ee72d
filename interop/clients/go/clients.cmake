# Echo clients over gorilla/websocket and coder/websocket (nhooyr.io/websocket), one Go program
# built from the Debian packages the servers suite found (interop/servers/go/servers.cmake) in
# GOPATH mode; its argument picks the library.
set(go_echo_client ${PROJECT_BINARY_DIR}/clients/go/echo)
file(GLOB go_echo_client_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/echo/*.go)
add_custom_command(
  OUTPUT ${go_echo_client}
  COMMAND ${CMAKE_COMMAND} -E env GOCACHE=${PROJECT_BINARY_DIR}/go-cache GO111MODULE=off
          GOPATH=${GORILLA_GOPATH}:${CODER_GOPATH} ${GO_EXECUTABLE} build -o ${go_echo_client} .
  WORKING_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/echo
  DEPENDS ${go_echo_client_sources}
  COMMENT "Building the Go echo clients")
add_custom_target(maskcheck_go_echo_clients ALL DEPENDS ${go_echo_client})
foreach(library gorilla coder)
  maskcheck_echo_client(${library} COMMAND ${go_echo_client} ${library})
  maskcheck_echo_client(${library}-deflate COMMAND ${go_echo_client} ${library}
                        ENVIRONMENT MASKCHECK_DEFLATE=1 DEFLATE)
endforeach()
