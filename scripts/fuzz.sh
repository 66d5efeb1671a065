#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan, build-fuzz/) and runs each one from its seed
# corpus in fuzz/corpus/<target>/. New inputs go to a scratch folder, never into the repository.
#   bash scripts/fuzz.sh              every target for 30 s
#   bash scripts/fuzz.sh 600          every target for 600 s (by hand)
#   bash scripts/fuzz.sh 600 NAME     one target (e.g. command_line_fuzz)
#   bash scripts/fuzz.sh --build      only build them
#   FUZZ_SEED=1 bash scripts/fuzz.sh 30   the same inputs in the same order on every run (CI uses a
#                                         seed: a faster machine only goes further along them, so a
#                                         longer local run with the seed covers what CI will try)
#   FUZZ_BUILD=build-asan bash scripts/fuzz.sh 50
#                                         the targets the sanitizer build already made (scripts/test.sh
#                                         --sanitize configures it with them), not a build of their own:
#                                         what CI runs. Same sanitizers, at -O1 with assertions: 0.52-0.86x
#                                         the inputs a second of build-fuzz's -O2 (measured, 3 targets)
# A crash, a leak, a UB report or an input that runs longer than 10 s fails the run; libFuzzer
# leaves the input in build-fuzz/findings/<target>/ and the log says how to replay it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_only=0
if [ "${1:-}" = "--build" ]; then
  build_only=1
  shift
fi
seconds="${1:-30}"
only="${2:-}"
case "$seconds" in
  ''|*[!0-9]*) echo "fuzz.sh: '$seconds' is not a number of seconds: use a whole number, or --build" >&2; exit 2 ;;
esac
seed=()
[ -n "${FUZZ_SEED:-}" ] && seed=("-seed=$FUZZ_SEED")
if [ -n "${FUZZ_BUILD:-}" ]; then
  # A relative folder is the checkout's, as CI names it.
  targets="$(cd "$root" && cd "$FUZZ_BUILD" 2>/dev/null && pwd)/fuzz" \
    || { echo "fuzz.sh: FUZZ_BUILD '$FUZZ_BUILD' is not a folder: name a build configured with -DTICKLAB_FUZZ=ON" >&2; exit 2; }
  [ "$build_only" -eq 1 ] && { echo "fuzz.sh: --build builds build-fuzz/: leave FUZZ_BUILD unset" >&2; exit 2; }
else
  targets="$root/build-fuzz/fuzz"
  bash "$root/scripts/setup.sh"
  CC=clang CXX=clang++ cmake -S "$root" -B "$root/build-fuzz" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTICKLAB_FUZZ=ON \
    -DTICKLAB_BUILD_TESTS=OFF -DTICKLAB_BUILD_BENCHMARKS=OFF -DTICKLAB_WERROR=ON >/dev/null
  cmake --build "$root/build-fuzz" --target fuzzers -j "$(nproc)"
  [ "$build_only" -eq 1 ] && exit 0
fi

export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
status=0
for source in "$root"/fuzz/*_fuzz.cpp; do
  target="$(basename "$source" .cpp)"
  [ -n "$only" ] && [ "$target" != "$only" ] && continue
  [ -x "$targets/$target" ] || { echo "fuzz.sh: $targets/$target is not built: that build needs -DTICKLAB_FUZZ=ON" >&2; status=1; continue; }
  # Seeds in fuzz/corpus/<target>/, or fuzz/corpus/<target without _fuzz>/.
  corpus="$root/fuzz/corpus/$target"
  [ -d "$corpus" ] || corpus="$root/fuzz/corpus/${target%_fuzz}"
  [ -d "$corpus" ] || { echo "fuzz.sh: $target has no seed corpus in fuzz/corpus/$target/" >&2; status=1; continue; }
  work="$root/build-fuzz/corpus/$target"
  findings="$root/build-fuzz/findings/$target"
  # Each target runs from a folder of its own, so a relative path a fuzzed command line names lands
  # there, never in the checkout.
  cwd="$root/build-fuzz/cwd/$target"
  mkdir -p "$work" "$findings" "$cwd"
  # A dictionary beside the target (fuzz/<target>.dict) gives libFuzzer its words: flags, values.
  dict=()
  [ -f "$root/fuzz/$target.dict" ] && dict=("-dict=$root/fuzz/$target.dict")
  echo "fuzz.sh: $target for ${seconds} s" >&2
  # First folder: where libFuzzer adds new inputs; the second is the seed corpus, only read.
  if ! (cd "$cwd" && exec "$targets/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 "${dict[@]}" \
      -print_final_stats=1 "${seed[@]}" -artifact_prefix="$findings/" "$work" "$corpus") 2>"$root/build-fuzz/$target.log"; then
    status=1
    tail -n 40 "$root/build-fuzz/$target.log" >&2
  fi
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^Done ' \
    "$root/build-fuzz/$target.log" >&2 || true
done
exit "$status"
