# Echo servers over gorilla/websocket and coder/websocket (nhooyr.io/websocket), one Go program
# built from Debian's Go packages in GOPATH mode (golang-github-gorilla-websocket-dev,
# golang-nhooyr-websocket-dev); its argument picks the library.
find_program(GO_EXECUTABLE go)
find_path(GORILLA_GOPATH src/github.com/gorilla/websocket/mask.go PATHS /usr/share/gocode)
find_path(CODER_GOPATH src/nhooyr.io/websocket/frame.go PATHS /usr/share/gocode)
foreach(needed GO_EXECUTABLE GORILLA_GOPATH CODER_GOPATH)
  if(NOT ${needed})
    message(FATAL_ERROR "MASKCHECK_SERVERS needs ${needed}: scripts/setup installs it "
                        "(or configure with -DMASKCHECK_SERVERS=OFF)")
  endif()
endforeach()

set(go_echo ${PROJECT_BINARY_DIR}/servers/go/echo)
file(GLOB go_echo_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/echo/*.go)
add_custom_command(
  OUTPUT ${go_echo}
  COMMAND ${CMAKE_COMMAND} -E env GOCACHE=${PROJECT_BINARY_DIR}/go-cache GO111MODULE=off
          GOPATH=${GORILLA_GOPATH}:${CODER_GOPATH} ${GO_EXECUTABLE} build -o ${go_echo} .
  WORKING_DIRECTORY ${CMAKE_CURRENT_LIST_DIR}/echo
  DEPENDS ${go_echo_sources}
  COMMENT "Building the Go echo servers")
foreach(library gorilla coder)
  maskcheck_echo_server(${library} POLICY ${CMAKE_CURRENT_LIST_DIR}/${library}.json
                        COMMAND ${go_echo} ${library} DEPENDS ${go_echo})
  maskcheck_echo_server(${library}-deflate POLICY ${CMAKE_CURRENT_LIST_DIR}/${library}.json
                        COMMAND ${go_echo} ${library} ENVIRONMENT MASKCHECK_DEFLATE=1 DEFLATE)
endforeach()
