# Echo clients over Bun's own WebSocket client, in the two releases the servers suite fetches
# (interop/servers/bun/servers.cmake), plain and compressing; the script is the Node.js family's,
# which picks Bun's client.
foreach(bun_version 1.4.5 1.4.4)
  set(bun ${PROJECT_BINARY_DIR}/servers/bun/bun-${bun_version}/package/bin/bun)
  maskcheck_echo_client(bun-${bun_version} COMMAND ${bun} ${CMAKE_CURRENT_SOURCE_DIR}/node/echo_client.js)
  maskcheck_echo_client(bun-${bun_version}-deflate
                        COMMAND ${bun} ${CMAKE_CURRENT_SOURCE_DIR}/node/echo_client.js
                        ENVIRONMENT MASKCHECK_DEFLATE=1 DEFLATE)
endforeach()
