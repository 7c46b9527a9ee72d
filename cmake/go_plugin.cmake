# maskcheck_go_plugin(TARGET DIRECTORY OUTPUT [ENV name=value...]): a plug-in library written in
# Go, the package in DIRECTORY (its .go and .c files) built with go build -buildmode=c-shared
# against maskcheck/plugin.h; ENV sets the Go environment (module mode, GOPATH).
function(maskcheck_go_plugin target directory output)
  cmake_parse_arguments(PARSE_ARGV 3 go "" "" "ENV")
  file(GLOB sources CONFIGURE_DEPENDS ${directory}/*.go ${directory}/*.c ${directory}/go.mod)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -E env GOCACHE=${PROJECT_BINARY_DIR}/go-cache
            CGO_CFLAGS=-I${PROJECT_SOURCE_DIR}/harness/include ${go_ENV}
            ${GO_EXECUTABLE} build -buildmode=c-shared -o ${output} .
    WORKING_DIRECTORY ${directory}
    DEPENDS ${sources} ${PROJECT_SOURCE_DIR}/harness/include/maskcheck/plugin.h
    COMMENT "Building the Go plug-in ${target}")
  add_custom_target(${target} ALL DEPENDS ${output})
endfunction()
