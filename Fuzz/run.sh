#!/usr/bin/env bash
# Builds every fuzz target (Fuzz/build.sh) and runs each for a time budget, locally, without
# Docker:   Fuzz/run.sh [SECONDS] [TARGET...]     (default 30 seconds, every target)
# SKIP_BUILD=1 reuses the last build. RUNS=N runs N inputs per target from libFuzzer seed 1
# instead of a time budget: the same inputs every time, as CI wants (.ci/run). Each target keeps
# the inputs it found interesting in .build-fuzz/corpus/<target>/ (so the next run starts where
# this one stopped) and writes a crash to .build-fuzz/crashes/<target>/; reproduce one with
#   swift run countme-fuzz fuzz-target run <target> <crash file>
# Prints one line per target: executions, executions per second, coverage, crashes. Exit 1 if a
# target crashed. JOBS=N runs N targets at once (default: the number of cores).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-30}"
shift || true
out="${OUT:-$root/.build-fuzz/out}"
mkdir -p "$out" && out="$(cd "$out" && pwd)"
if [ "${SKIP_BUILD:-0}" != 1 ]; then OUT="$out" "$root/Fuzz/build.sh"; fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cd "$out" && ls countme-fuzz-*.dict | sed 's/^countme-fuzz-//; s/\.dict$//')
fi
# Each target runs on its own (a fuzzer is one process), as many at once as the machine has cores;
# the lines print in the targets' order once all are done.
jobs="${JOBS:-$(nproc)}"
results="$root/.build-fuzz/results"
rm -rf "$results" && mkdir -p "$results"
run_target() {
  local target="$1"
  local binary="$out/countme-fuzz-$target"
  local corpus="$root/.build-fuzz/corpus/$target"
  local seeds="$root/.build-fuzz/seeds-unzipped/$target"
  local crashes="$root/.build-fuzz/crashes/$target"
  mkdir -p "$corpus" "$crashes"
  rm -rf "$seeds" && mkdir -p "$seeds"
  (cd "$seeds" && unzip -q -o "$out/countme-fuzz-${target}_seed_corpus.zip")
  local log="$root/.build-fuzz/$target.log"
  # Leak checking off (Swift's runtime keeps caches LeakSanitizer reports), and Swift's own
  # backtracer, which ASan flags as it reads memory after a finding. 10 s per input at most.
  local budget=(-max_total_time="$seconds")
  local hashing=()
  # NB: libFuzzer's seed alone did not make a run repeat: Swift seeds Set and Dictionary hashing per
  # process, which changes the paths taken and so the coverage libFuzzer steers by.
  if [ -n "${RUNS:-}" ]; then budget=(-runs="$RUNS" -seed=1) hashing=(SWIFT_DETERMINISTIC_HASHING=1); fi
  local result
  if env "${hashing[@]}" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$binary" "$corpus" "$seeds" \
    -dict="$out/countme-fuzz-$target.dict" \
    "${budget[@]}" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$crashes/" >"$log" 2>&1; then
    result=ok
  else
    result="CRASH (see $log)"
    touch "$results/$target.crashed"
  fi
  local runs rate cov
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
  echo "$target: $result, $runs executions, $rate/s, coverage $cov edges, corpus $(ls "$corpus" | wc -l) inputs" \
    >"$results/$target.line"
}
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_target "$target" &
done
wait
status=0
for target in "${targets[@]}"; do
  cat "$results/$target.line"
  if [ -e "$results/$target.crashed" ]; then status=1; fi
done
exit $status
