#!/usr/bin/env bash
# Sets up, builds and runs every test. Needs no display: the tests use SDL's offscreen driver.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/build.sh" -DTICKLAB_WERROR=ON
cd "$root/build"
SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software ctest --output-on-failure -j "$(nproc)"
