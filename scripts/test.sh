#!/usr/bin/env bash
# Sets up, builds and runs every test. Needs no display: the tests use SDL's offscreen driver.
#   bash scripts/test.sh              Release build with -Werror, every test
#   bash scripts/test.sh --sanitize   the same suite built with clang under ASan + UBSan (build-asan/)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy

case "${1:-}" in
  "")
    bash "$root/scripts/build.sh" -DTICKLAB_WERROR=ON
    cd "$root/build"
    ;;
  --sanitize)
    bash "$root/scripts/setup.sh"
    export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1
    export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
    export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:print_suppressions=0"
    # With the libFuzzer targets too (FUZZ_BUILD=build-asan bash scripts/fuzz.sh runs them): a build of their
    # own compiles the game library a third time (408 s of CPU); here they add 68 s, and the libraries'
    # coverage left the suite's time as it was (659 s of CPU without, 666 with).
    CC=clang CXX=clang++ cmake -S "$root" -B "$root/build-asan" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS=-O1 \
      -DTICKLAB_SANITIZE=address,undefined -DTICKLAB_BUILD_BENCHMARKS=OFF -DTICKLAB_WERROR=ON -DTICKLAB_FUZZ=ON >/dev/null
    cmake --build "$root/build-asan" -j "$(nproc)"
    cd "$root/build-asan"
    ;;
  *)
    echo "test.sh: unknown option '$1': use no option, or --sanitize" >&2
    exit 2
    ;;
esac
# The 10,000,000-tick soak (label soak) and the 30-minute window run (label long) are run by hand:
# ctest -L soak, ctest -L long.
ctest --output-on-failure --timeout 300 -j "$(nproc)" -LE 'soak|long'
