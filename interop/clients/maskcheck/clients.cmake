# maskcheck's own echo client, masking with the fastest kernel here; with --planted, the planted
# bugs the clients suite must catch.
add_executable(maskcheck_echo_client ${CMAKE_CURRENT_LIST_DIR}/echo_client.cpp)
target_link_libraries(maskcheck_echo_client PRIVATE maskcheck_wire CLI11::CLI11
                      maskcheck_warnings)
set_target_properties(maskcheck_echo_client PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                      ${PROJECT_BINARY_DIR}/clients/maskcheck)
maskcheck_echo_client(maskcheck
                      COMMAND ${PROJECT_BINARY_DIR}/clients/maskcheck/maskcheck_echo_client)
