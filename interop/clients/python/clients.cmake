# An echo client over Python websockets, run by the interpreter the servers suite found with the
# package (interop/servers/python/servers.cmake).
maskcheck_echo_client(python-websockets
                      COMMAND ${MASKCHECK_SERVERS_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/echo_client.py)
maskcheck_echo_client(python-websockets-deflate
                      COMMAND ${MASKCHECK_SERVERS_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/echo_client.py
                      ENVIRONMENT MASKCHECK_DEFLATE=1 DEFLATE)
