#!/bin/bash -eu
# ClusterFuzzLite's and OSS-Fuzz's entry point: their Swift flags, then the build every machine
# uses (Fuzz/build.sh builds the targets into $OUT with seed corpora and dictionaries).
. precompile_swift
exec "$SRC/countme-harness/Fuzz/build.sh"
