# The libraries maskcheck builds against, as the targets the CMakeLists.txt files link:
# CLI11::CLI11, nlohmann_json::nlohmann_json and (with MASKCHECK_TESTS) GTest::gtest and
# GTest::gtest_main. A native build finds Debian's packages. A cross build takes the two
# header-only libraries from the build machine's /usr/include, each through a folder of its own
# (all of /usr/include would put the build machine's C library before the target's), and builds
# GoogleTest from the sources Debian ships in /usr/src/googletest.
if(NOT CMAKE_CROSSCOMPILING)
  find_package(CLI11 REQUIRED)
  find_package(nlohmann_json REQUIRED)
  if(MASKCHECK_TESTS)
    find_package(GTest REQUIRED)
  endif()
  return()
endif()

# An INTERFACE target whose include folder holds only /usr/include/FOLDER.
function(maskcheck_header_only_library target folder)
  if(NOT EXISTS /usr/include/${folder})
    message(FATAL_ERROR "/usr/include/${folder} is missing: run scripts/setup")
  endif()
  set(staged ${PROJECT_BINARY_DIR}/header_only/${folder})
  file(MAKE_DIRECTORY ${staged})
  file(CREATE_LINK /usr/include/${folder} ${staged}/${folder} SYMBOLIC)
  add_library(${target} INTERFACE IMPORTED GLOBAL)
  target_include_directories(${target} SYSTEM INTERFACE ${staged})
endfunction()

maskcheck_header_only_library(CLI11::CLI11 CLI)
maskcheck_header_only_library(nlohmann_json::nlohmann_json nlohmann)

if(MASKCHECK_TESTS)
  set(googletest_source /usr/src/googletest)
  if(NOT EXISTS ${googletest_source}/CMakeLists.txt)
    message(FATAL_ERROR "${googletest_source} is missing: run scripts/setup (libgtest-dev)")
  endif()
  set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
  set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
  # Its own CMakeLists.txt names the targets GTest::gtest and GTest::gtest_main too.
  add_subdirectory(${googletest_source} ${PROJECT_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)
endif()
