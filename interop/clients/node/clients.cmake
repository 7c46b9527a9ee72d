# Echo clients over ws 8, with and without bufferutil, run by Node.js from the packages the servers
# suite installs (interop/servers/node/servers.cmake).
set(ws_modules ${PROJECT_BINARY_DIR}/servers/node/ws/node_modules)
maskcheck_echo_client(ws COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/node/echo_client.js
                      ENVIRONMENT NODE_PATH=${ws_modules})
maskcheck_echo_client(ws-deflate
                      COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/node/echo_client.js
                      ENVIRONMENT NODE_PATH=${ws_modules} MASKCHECK_DEFLATE=1 DEFLATE)
maskcheck_echo_client(ws-no-bufferutil
                      COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/node/echo_client.js
                      ENVIRONMENT NODE_PATH=${ws_modules} WS_NO_BUFFER_UTIL=1)
