# The documents' own tests: each guide in docs/guides runs as written (tests/docs/run_guide.sh),
# and every link resolves. Only in the tree the guides build and install from (build/release):
# each guide reconfigures and builds it, one guide at a time, so a guide that stops working fails.
if(PROJECT_BINARY_DIR STREQUAL "${PROJECT_SOURCE_DIR}/build/release")
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  file(GLOB guides CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/guides/*.md)
  foreach(guide IN LISTS guides)
    get_filename_component(name ${guide} NAME_WE)
    add_test(NAME guide_${name}
             COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/run_guide.sh ${guide} ${PROJECT_SOURCE_DIR})
    # Go's build cache is the tree's own (a reader's machine keeps one too): a fresh one costs the
    # Go guide half a minute of compiling the standard library.
    set_tests_properties(guide_${name} PROPERTIES LABELS guides TIMEOUT 600
                         RESOURCE_LOCK build_release_tree
                         ENVIRONMENT GOCACHE=${PROJECT_BINARY_DIR}/go-cache)
  endforeach()
  include(${CMAKE_CURRENT_LIST_DIR}/commands.cmake)
  # Every link of the README and docs/ names a file of the checkout and, with an anchor, a heading.
  add_test(NAME docs_links COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/links.py
                                   ${PROJECT_SOURCE_DIR})
  set_tests_properties(docs_links PROPERTIES LABELS docs TIMEOUT 60)
endif()

# docs/cli.md shows each command's help as the command prints it.
if(MASKCHECK_WIRE)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  add_test(NAME docs_cli_help COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/cli_help.py
                                      $<TARGET_FILE:maskcheck> ${PROJECT_SOURCE_DIR}/docs/cli.md)
  set_tests_properties(docs_cli_help PROPERTIES LABELS cli TIMEOUT 60)
endif()
