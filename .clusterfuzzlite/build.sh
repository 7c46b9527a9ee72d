#!/bin/bash -eu
# ClusterFuzzLite: the project's own build script does the work.
"$SRC/maskcheck/fuzz/build.sh"
