#!/usr/bin/env bash
# Builds the fuzz targets the OSS-Fuzz / ClusterFuzzLite way, from $CXX, $CXXFLAGS,
# $LIB_FUZZING_ENGINE and $OUT, or locally (clang, ASan + UBSan, libFuzzer, build/oss-fuzz/out)
# when those are unset. Writes each target with its seed corpus zip, dictionary and options.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
CC=${CC:-clang}
CXX=${CXX:-clang++}
CXXFLAGS=${CXXFLAGS:--O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link}
LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}
OUT=${OUT:-$src/build/oss-fuzz/out}
work=${WORK:-$src/build/oss-fuzz}/work

# The sanitizers and coverage come in through CXXFLAGS, so the project adds none of its own.
cmake -S "$src" -B "$work" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$CC" \
  -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_C_FLAGS="${CFLAGS:-$CXXFLAGS}" -DCMAKE_C_FLAGS_RELEASE="" \
  -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DCMAKE_CXX_FLAGS_RELEASE="" -DCMAKE_EXE_LINKER_FLAGS="$CXXFLAGS" \
  -DMASKCHECK_TESTS=OFF -DMASKCHECK_BENCH=OFF -DMASKCHECK_WIRE=OFF -DMASKCHECK_LIBFUZZER=ON \
  -DCMAKE_UNITY_BUILD=ON -DMASKCHECK_FUZZING_ENGINE="$LIB_FUZZING_ENGINE" >/dev/null
cmake --build "$work" --target kernel_diff stream_diff maskcheck_seeds

mkdir -p "$OUT"
for target in kernel_diff stream_diff; do
  cp "$work/bin/$target" "$OUT/$target"
  cp "$src/corpus/$target.dict" "$OUT/$target.dict"
  printf '[libfuzzer]\nmax_len = 70000\ndict = %s.dict\n' "$target" >"$OUT/$target.options"
  rm -f "$OUT/${target}_seed_corpus.zip"
  (cd "$work/corpus/$target" && cmake -E tar cf "$OUT/${target}_seed_corpus.zip" --format=zip -- *)
done
echo "fuzz/build.sh: targets, seed corpora, dictionaries and options in $OUT"
