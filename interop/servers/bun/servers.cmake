# The Bun family: one echo server (echo.js, over Bun.serve) run by two releases of Bun, each the
# prebuilt binary of the npm package @oven/bun-linux-x64 unpacked into the build tree at build time;
# a stamp keeps a rebuild from fetching it again.
find_program(NPM_EXECUTABLE npm)
if(NOT NPM_EXECUTABLE)
  message(FATAL_ERROR "The Bun echo servers need npm to fetch Bun, "
                      "or configure with -DMASKCHECK_SERVERS=OFF")
endif()

set(bun_servers_dir ${PROJECT_BINARY_DIR}/servers/bun)
foreach(bun_version 1.4.5 1.4.4)
  set(bun_folder ${bun_servers_dir}/bun-${bun_version})
  add_custom_command(
    OUTPUT ${bun_folder}/installed.stamp
    COMMAND ${CMAKE_COMMAND} -DNPM=${NPM_EXECUTABLE} -DDESTINATION=${bun_servers_dir}
            -DPACKAGES=bun-${bun_version}=@oven/bun-linux-x64@${bun_version}
            -P ${PROJECT_SOURCE_DIR}/interop/npm_unpack.cmake
    COMMAND ${CMAKE_COMMAND} -E rm -f ${bun_folder}/oven-bun-linux-x64-${bun_version}.tgz
    COMMAND ${CMAKE_COMMAND} -E touch ${bun_folder}/installed.stamp
    DEPENDS ${PROJECT_SOURCE_DIR}/interop/npm_unpack.cmake
    COMMENT "Fetching @oven/bun-linux-x64@${bun_version} from the npm registry"
    VERBATIM)
  maskcheck_echo_server(bun-${bun_version} POLICY ${CMAKE_CURRENT_LIST_DIR}/bun-${bun_version}.json
    COMMAND ${bun_folder}/package/bin/bun ${CMAKE_CURRENT_LIST_DIR}/echo.js
    DEPENDS ${bun_folder}/installed.stamp)
  maskcheck_echo_server(bun-${bun_version}-deflate
    POLICY ${CMAKE_CURRENT_LIST_DIR}/bun-${bun_version}.json
    COMMAND ${bun_folder}/package/bin/bun ${CMAKE_CURRENT_LIST_DIR}/echo.js
    ENVIRONMENT MASKCHECK_DEFLATE=1 DEFLATE)
endforeach()
