#!/usr/bin/env bash
# Builds every libFuzzer target of CountMe Harness into $OUT, each with its seed corpus and its
# dictionary. ClusterFuzzLite and OSS-Fuzz run it from .clusterfuzzlite/build.sh (after
# `precompile_swift`, which sets $SWIFTFLAGS); it runs the same on any Linux machine with a Swift
# toolchain, without Docker:   Fuzz/build.sh   (OUT defaults to .build-fuzz/out, CONFIG to release)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${OUT:-$root/.build-fuzz/out}"
mkdir -p "$out" && out="$(cd "$out" && pwd)"
# The fuzzer and the address sanitizer on every module, the harness included (OSS-Fuzz's own
# sanitizer flags when it gives them). NB: SwiftPM's `--sanitize fuzzer` alone does not
# instrument (it passes -sanitize=fuzzer and -sanitize=address as two flags and the second wins),
# but it is what lets the executable link without its own `main`; the combined -Xswiftc flag
# instruments. -parse-as-library because main.swift holds only libFuzzer's entry points.
config="${CONFIG:-release}"
flags="${SWIFTFLAGS:--Xswiftc -sanitize=fuzzer,address}"
# shellcheck disable=SC2086
(cd "$root/Fuzz" && swift build -c "$config" --scratch-path "$root/.build-fuzz/build" --sanitize fuzzer $flags \
  -Xswiftc -g -Xswiftc -parse-as-library)
# BINARY_ONLY=1 stops here: the binary alone, without the main package's build (CI builds it beside
# the tests, which own that package's .build).
if [ "${BINARY_ONLY:-0}" = 1 ]; then exit 0; fi
binary="$root/.build-fuzz/build/$config/countme-fuzz-target"
# Seed corpora and dictionaries come from the harness itself: the corpus and the generators.
(cd "$root" && swift build --product countme-fuzz)
tool="$root/.build/debug/countme-fuzz"
seeds="$root/.build-fuzz/seeds"
rm -rf "$seeds"
"$tool" fuzz-target seeds --dir "$seeds"
count=0
for target in $("$tool" fuzz-target list --names); do
  cp "$binary" "$out/countme-fuzz-$target"
  cp "$seeds/$target.dict" "$out/countme-fuzz-$target.dict"
  rm -f "$out/countme-fuzz-${target}_seed_corpus.zip"
  (cd "$seeds/$target" && zip -q -r "$out/countme-fuzz-${target}_seed_corpus.zip" .)
  count=$((count + 1))
done
echo "built $count fuzz targets into $out"
