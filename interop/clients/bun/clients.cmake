# Echo clients over Bun's own WebSocket client, in the two releases the servers suite fetches
# (interop/servers/bun/servers.cmake); the script is the Node.js family's, which picks Bun's client.
foreach(bun_version 1.4.5 1.4.4)
  maskcheck_echo_client(bun-${bun_version}
    COMMAND ${PROJECT_BINARY_DIR}/servers/bun/bun-${bun_version}/package/bin/bun
            ${CMAKE_CURRENT_SOURCE_DIR}/node/echo_client.js)
endforeach()
