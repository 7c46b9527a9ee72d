# cmake -DNPM=npm -DDESTINATION=dir "-DPACKAGES=folder=name@version;..." -P npm_unpack.cmake
# Fetches each package's tarball from the npm registry and unpacks it into DESTINATION/folder.
foreach(package IN LISTS PACKAGES)
  string(REPLACE "=" ";" parts "${package}")
  list(GET parts 0 folder)
  list(GET parts 1 spec)
  file(REMOVE_RECURSE ${DESTINATION}/${folder})
  file(MAKE_DIRECTORY ${DESTINATION}/${folder})
  execute_process(COMMAND ${NPM} pack ${spec} --silent --pack-destination ${DESTINATION}/${folder}
                  OUTPUT_VARIABLE tarball OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "npm pack ${spec} failed: is the npm registry reachable?")
  endif()
  file(ARCHIVE_EXTRACT INPUT ${DESTINATION}/${folder}/${tarball} DESTINATION ${DESTINATION}/${folder})
endforeach()
