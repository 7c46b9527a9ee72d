# The Node.js family: echo servers over ws 8 (masking with bufferutil's native code, and with ws's
# own JavaScript) and over uWebSockets.js, run by the machine's Node.js 20. Their npm packages are
# installed into the build tree at build time; a stamp keeps a rebuild from fetching them again.
find_program(NODE_EXECUTABLE NAMES node nodejs)
find_program(NPM_EXECUTABLE npm)
foreach(needed NODE_EXECUTABLE NPM_EXECUTABLE)
  if(NOT ${needed})
    message(FATAL_ERROR "The Node.js echo servers need ${needed} (Node.js 20 and its npm), "
                        "or configure with -DMASKCHECK_SERVERS=OFF")
  endif()
endforeach()
execute_process(COMMAND ${NODE_EXECUTABLE} --version OUTPUT_VARIABLE node_servers_version
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT node_servers_version MATCHES "^v20\\.")
  message(WARNING "The Node.js echo servers' policies name Node.js 20; "
                  "${NODE_EXECUTABLE} is ${node_servers_version}")
endif()

set(node_servers_dir ${PROJECT_BINARY_DIR}/servers/node)
# No install scripts: bufferutil's only looks for the prebuilt binary the package ships.
set(node_servers_npm_install ${NPM_EXECUTABLE} install --no-save --no-package-lock --no-audit
                             --no-fund --ignore-scripts --loglevel=error)

# node_servers_install(FOLDER PACKAGE... [OPTION...]): the packages installed into FOLDER once.
function(node_servers_install folder)
  add_custom_command(
    OUTPUT ${node_servers_dir}/${folder}/installed.stamp
    COMMAND ${node_servers_npm_install} --prefix ${node_servers_dir}/${folder} ${ARGN}
    COMMAND ${CMAKE_COMMAND} -E touch ${node_servers_dir}/${folder}/installed.stamp
    COMMENT "Installing ${ARGN} from the npm registry"
    VERBATIM)
endfunction()

node_servers_install(ws ws@8.18.3 bufferutil@4.1.0)
# ws masks with bufferutil when it can load it from beside itself, and under WS_NO_BUFFER_UTIL=1
# with its own JavaScript.
maskcheck_echo_server(ws POLICY ${CMAKE_CURRENT_LIST_DIR}/ws.json
  COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/ws_echo.js
  ENVIRONMENT NODE_PATH=${node_servers_dir}/ws/node_modules
  DEPENDS ${node_servers_dir}/ws/installed.stamp)
maskcheck_echo_server(ws-deflate POLICY ${CMAKE_CURRENT_LIST_DIR}/ws.json
  COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/ws_echo.js
  ENVIRONMENT NODE_PATH=${node_servers_dir}/ws/node_modules MASKCHECK_DEFLATE=1
  DEPENDS ${node_servers_dir}/ws/installed.stamp DEFLATE)
maskcheck_echo_server(ws-no-bufferutil POLICY ${CMAKE_CURRENT_LIST_DIR}/ws-no-bufferutil.json
  COMMAND ${NODE_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/ws_echo.js
  ENVIRONMENT NODE_PATH=${node_servers_dir}/ws/node_modules WS_NO_BUFFER_UTIL=1
  DEPENDS ${node_servers_dir}/ws/installed.stamp)

# The package's dependencies (ws and its addons) serve only its JavaScript fallback, which
# uws_echo.js never loads: the optional ones are left out.
node_servers_install(uws @trufflesuite/uws-js-unofficial@20.30.0-unofficial.0 --omit=optional)
# node_servers_uws(NAME PACKAGE_FOLDER ADDON_FOLDER): a uWebSockets.js build, plain and compressing.
function(node_servers_uws name package addons)
  set(command ${NODE_EXECUTABLE} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/uws_echo.js ${addons})
  set(modules NODE_PATH=${node_servers_dir}/${package}/node_modules)
  maskcheck_echo_server(${name} POLICY ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${name}.json
    COMMAND ${command} ENVIRONMENT ${modules} DEPENDS ${node_servers_dir}/${package}/installed.stamp)
  maskcheck_echo_server(${name}-deflate POLICY ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${name}.json
    COMMAND ${command} ENVIRONMENT ${modules} MASKCHECK_DEFLATE=1 DEFLATE)
endfunction()
node_servers_uws(uws uws @trufflesuite/uws-js-unofficial/dist)
# A newer uWebSockets.js: the npm package uwebsockets@3.0.6, a third party's repackaging (its
# package.json names github.com/NPM-Package-Jaykumar/uWebSockets; uNetworking publishes its
# builds on GitHub, not npm), whose Node 20 addon has uWebSockets v20.46.0's inflate fix.
node_servers_install(uwebsockets uwebsockets@3.0.6)
node_servers_uws(uwebsockets-3.0.6 uwebsockets uwebsockets)

# The ws server and client refuse to run on bufferutil's JavaScript fallback.
add_test(NAME ws_native_bufferutil
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/native_bufferutil_test.sh ${NODE_EXECUTABLE}
                 ${node_servers_dir}/ws/node_modules ${CMAKE_CURRENT_LIST_DIR}/ws_echo.js
                 ${PROJECT_SOURCE_DIR}/interop/clients/node/echo_client.js)
set_tests_properties(ws_native_bufferutil PROPERTIES LABELS servers TIMEOUT 60)
