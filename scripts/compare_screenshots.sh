#!/usr/bin/env bash
# Pictures and state hashes of a fixed set of runs, to check that a refactor changes nothing a user
# can see: make the set with the old binary and the new one, then compare them pixel by pixel.
#   bash scripts/compare_screenshots.sh make BINARY FOLDER   # the PNGs and hashes.txt into FOLDER
#   bash scripts/compare_screenshots.sh compare OLD NEW      # exit 0 when every picture and hash matches
# Screenshot runs use a manual clock, so the same binary makes the same pixels on every run.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy

# name | arguments (a screenshot run each)
shots=(
  "balls_default|--frames 120"
  "balls_10000|--balls 10000 --frames 240"
  "balls_100000_no_panel|--balls 100000 --frames 60 --no-panel"
  "balls_no_panel|--no-panel --frames 120"
  "lander_autopilot|--scene lander --autopilot --frames 300"
  "lesson_10hz|--lesson 10hz --frames 90"
  "lesson_beat_jitter|--lesson beat --frame-jitter-ms 1.5 --frames 200"
  "lesson_spiral|--lesson spiral --frames 60"
  "compare_ghost|--compare stepping=variable --frames 150 --frame-ms 8.3"
  "paused_step|--paused --frames 10"
  "replay|--replay REPLAY --frame-ms 4"
)
# name | arguments (a headless run each; its report's state_hash, frames and ticks are kept)
runs=(
  "headless_balls|--frames 600"
  "headless_balls_10000|--balls 10000 --ticks 300"
  "headless_lander_60|--scene lander --autopilot --ticks 7200"
  "headless_lander_5|--scene lander --autopilot --tick-rate 5 --ticks 600"
  "headless_variable|--stepping variable --frames 300 --frame-ms 7"
  "headless_debt|--catch-up debt --lesson spiral --frames 200"
  "headless_extrapolate|--smoothing extrapolate --time-scale 3 --frames 400"
  "headless_compare|--compare catch-up=clamp --frames 300"
  "headless_replay|--replay REPLAY --frame-ms 8.3"
)

make_set() {
  local binary="$1" out="$2"
  mkdir -p "$out"
  : >"$out/hashes.txt"
  # One recording with pointer input and a thrust, used by both replay entries.
  "$binary" --headless --scene lander --seed 9 --ticks 400 --record "$out/run.replay" >/dev/null
  for entry in "${shots[@]}"; do
    local name="${entry%%|*}" args="${entry#*|}"
    # shellcheck disable=SC2086
    "$binary" --screenshot "$out/$name.png" ${args//REPLAY/$out/run.replay} >/dev/null
  done
  for entry in "${runs[@]}"; do
    local name="${entry%%|*}" args="${entry#*|}"
    # shellcheck disable=SC2086
    "$binary" --headless ${args//REPLAY/$out/run.replay} --report - |
      python3 -c 'import json,sys; r=json.load(sys.stdin); print(sys.argv[1], r["state_hash"], r["frames"], r["ticks"], r["virtual_time_s"], r["dropped_time_s"])' "$name" >>"$out/hashes.txt"
  done
  echo "made $(ls "$out"/*.png | wc -l) screenshots and $(wc -l <"$out/hashes.txt") hashes in $out"
}

compare_sets() {
  local old="$1" new="$2" failed=0
  if diff "$old/hashes.txt" "$new/hashes.txt"; then
    echo "hashes: $(wc -l <"$old/hashes.txt") runs identical"
  else
    failed=1
  fi
  for picture in "$old"/*.png; do
    local name; name="$(basename "$picture")"
    if [ ! -f "$new/$name" ]; then echo "$name: missing in $new"; failed=1; continue; fi
    if cmp -s "$picture" "$new/$name"; then
      echo "$name: identical (same bytes)"
    elif result="$(python3 "$here/png_diff.py" "$picture" "$new/$name")"; then
      echo "$name: identical pixels ($result)"
    else
      echo "$name: DIFFERENT: $result"; failed=1
    fi
  done
  return "$failed"
}

case "${1:-}" in
  make) [ $# -eq 3 ] || { echo "usage: $0 make BINARY FOLDER" >&2; exit 2; }; make_set "$2" "$3" ;;
  compare) [ $# -eq 3 ] || { echo "usage: $0 compare OLD NEW" >&2; exit 2; }; compare_sets "$2" "$3" ;;
  *) echo "usage: $0 make BINARY FOLDER | compare OLD NEW" >&2; exit 2 ;;
esac
