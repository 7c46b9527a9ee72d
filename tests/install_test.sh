#!/usr/bin/env bash
# cmake --install gives a library's CI what the README promises: the README's own C plug-in
# example, built by a project that only does find_package(maskcheck), passes a sweep run by the
# installed command.
# Usage: install_test.sh BUILD_DIR README
set -euo pipefail
build=$1 readme=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cp "$(dirname "$0")/install_consumer/CMakeLists.txt" "$work/"
# The README's example, verbatim: the fenced C block that starts with "/* mine.c".
awk '/^```c$/ {on = 1; next} /^```$/ {on = 0} on' "$readme" |
  awk '/^\/\* mine\.c/ {keep = 1} keep' >"$work/mine.c"
[[ -s $work/mine.c ]] || { echo "FAIL: no mine.c example in $readme"; exit 1; }
cmake -S "$work" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
ctest --test-dir "$work/build" --output-on-failure
