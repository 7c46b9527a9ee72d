# Cross-compiling with Debian's gcc cross compilers, and running what is built under qemu-user
# (ctest runs every test command through CMAKE_CROSSCOMPILING_EMULATOR). The preset names the
# target's GNU triple in MASKCHECK_CROSS_TRIPLE, e.g. aarch64-linux-gnu or s390x-linux-gnu.
if(NOT MASKCHECK_CROSS_TRIPLE)
  message(FATAL_ERROR "cross_toolchain.cmake: set MASKCHECK_CROSS_TRIPLE (e.g. aarch64-linux-gnu)")
endif()
# The compiler checks' own projects read this file again: hand them the triple.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES MASKCHECK_CROSS_TRIPLE)

string(REGEX MATCH "^[^-]+" maskcheck_cross_arch "${MASKCHECK_CROSS_TRIPLE}")
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${maskcheck_cross_arch})
set(CMAKE_C_COMPILER ${MASKCHECK_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${MASKCHECK_CROSS_TRIPLE}-g++)

# Libraries and headers of the target only; programs (bash, python3) of the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/${MASKCHECK_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# -L: where qemu finds the target's dynamic loader and C library. LeakSanitizer stops the world
# with ptrace, which qemu-user does not offer: leak checks off, the rest of ASan runs. Set for
# qemu itself, since ASan reads its options from /proc/self/environ, which is qemu's.
set(CMAKE_CROSSCOMPILING_EMULATOR env ASAN_OPTIONS=detect_leaks=0
                                  qemu-${maskcheck_cross_arch}-static -L /usr/${MASKCHECK_CROSS_TRIPLE})
