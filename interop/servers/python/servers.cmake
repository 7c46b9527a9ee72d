# An echo server over Python websockets (Debian's python3-websockets), run by Debian's interpreter:
# the python3 first on PATH may be another (pyenv) without the package.
find_program(MASKCHECK_SERVERS_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(MASKCHECK_SERVERS_PYTHON python3)
if(NOT MASKCHECK_SERVERS_PYTHON)
  message(FATAL_ERROR "MASKCHECK_SERVERS needs python3 with websockets: scripts/setup installs "
                      "python3-websockets (or configure with -DMASKCHECK_SERVERS=OFF)")
endif()
execute_process(COMMAND ${MASKCHECK_SERVERS_PYTHON} -c "import websockets"
                RESULT_VARIABLE websockets_missing OUTPUT_QUIET ERROR_QUIET)
if(websockets_missing)
  message(FATAL_ERROR "MASKCHECK_SERVERS: ${MASKCHECK_SERVERS_PYTHON} cannot import websockets: "
                      "scripts/setup installs python3-websockets (or configure with "
                      "-DMASKCHECK_SERVERS=OFF, or set MASKCHECK_SERVERS_PYTHON to an interpreter "
                      "that has it)")
endif()

maskcheck_echo_server(python-websockets POLICY ${CMAKE_CURRENT_LIST_DIR}/python-websockets.json
                      COMMAND ${MASKCHECK_SERVERS_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/echo.py)
maskcheck_echo_server(python-websockets-deflate POLICY ${CMAKE_CURRENT_LIST_DIR}/python-websockets.json
                      COMMAND ${MASKCHECK_SERVERS_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/echo.py
                      ENVIRONMENT MASKCHECK_DEFLATE=1 DEFLATE)
