#!/usr/bin/env bash
# A long run of the real windowed binary under a virtual X server (Xvfb), as ctest's long_window_run
# runs it (label long: CI skips it; run it by hand):
#   the balls scene (default ball count, a wave every 4 s from its own script), the panel open,
#   60 frames a second, --record on; resident memory (VmRSS) is sampled every 10 s; at the end
#   SIGTERM makes it write its report and recording. Checks:
#   - resident memory is flat: the least-squares slope after the first minute is at most
#     TICKLAB_LONG_MAX_SLOPE_KB_PER_MIN (default 64 KB/min);
#   - no frame ran more than MAX_LOOPS ticks (the report's max_ticks_per_frame <= max_loops);
#   - the recording is complete: replayed headless it ends on the window's tick count and state_hash.
#   bash scripts/long_window_run.sh [SECONDS [path/to/ticklab]]   (default 1800 s, build/game/ticklab)
# Prints one line of figures (samples, first/last/peak RSS, slope, ticks, frames, hashes) to stdout.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-1800}"
binary="${2:-$root/build/game/ticklab}"
case "$seconds" in
  '' | *[!0-9]*) echo "long_window_run.sh: duration '$seconds' is not a whole number of seconds (at least 30)" >&2; exit 2 ;;
esac
[ "$seconds" -ge 30 ] || { echo "long_window_run.sh: duration $seconds s is too short: use at least 30 s" >&2; exit 2; }
[ -x "$binary" ] || { echo "long_window_run.sh: '$binary' is not an executable ticklab" >&2; exit 2; }
max_slope="${TICKLAB_LONG_MAX_SLOPE_KB_PER_MIN:-64}"
interval=10
xvfb_screen=1280x720x24
xvfb_args=("$seconds" "$binary")
# shellcheck source=scripts/xvfb_common.sh
source "$root/scripts/xvfb_common.sh"
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status"; }
json_field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }

"$binary" --scene balls --fps-cap 60 --no-vsync --panel --record "$work/run.replay" --report "$work/window.json" \
  >"$work/out" 2>"$work/err" &
pid=$!
timeout 30 xdotool search --sync --pid "$pid" --name Ticklab >/dev/null || fail "no window within 30 s"

: >"$work/rss"
start=$(date +%s)
while :; do
  now=$(date +%s)
  elapsed=$((now - start))
  kill -0 "$pid" 2>/dev/null || fail "ticklab died after $elapsed s"
  echo "$elapsed $(rss_kb)" >>"$work/rss"
  [ "$elapsed" -ge "$seconds" ] && break
  sleep $((interval - (now - start) % interval))
done

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=""
[ "$status" -eq 0 ] || fail "exit code $status after SIGTERM"
[ -f "$work/window.json" ] || fail "no report written at exit"
[ -f "$work/run.replay" ] || fail "no recording written at exit"

# Least squares over the samples after the first minute (start-up: fonts, atlas, first waves).
read -r samples first_kb last_kb peak_kb slope < <(awk '
  { t[NR] = $1; m[NR] = $2; if ($2 > peak) peak = $2 }
  END {
    for (i = 1; i <= NR; ++i) if (t[i] >= 60 || NR < 8) { n++; x = t[i] / 60; sx += x; sy += m[i]; sxx += x * x; sxy += x * m[i] }
    slope = (n > 1 && n * sxx - sx * sx > 0) ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : 0
    printf "%d %d %d %d %.2f\n", NR, m[1], m[NR], peak, slope
  }' "$work/rss")

ticks="$(json_field "$work/window.json" ticks)"
frames="$(json_field "$work/window.json" frames)"
hash="$(json_field "$work/window.json" state_hash)"
max_ticks="$(json_field "$work/window.json" max_ticks_per_frame)"
max_loops="$(json_field "$work/window.json" max_loops)"

"$binary" --headless --replay "$work/run.replay" --report "$work/replay.json" >/dev/null 2>"$work/replay_err" ||
  fail "the recording does not replay: $(cat "$work/replay_err")"
replay_ticks="$(json_field "$work/replay.json" ticks)"
replay_hash="$(json_field "$work/replay.json" state_hash)"

echo "long_window_run: ${seconds} s, ${samples} RSS samples every ${interval} s: first ${first_kb} KB, last ${last_kb} KB," \
  "peak ${peak_kb} KB, slope ${slope} KB/min (after the first minute); frames ${frames}, ticks ${ticks}," \
  "max_ticks_per_frame ${max_ticks} (max_loops ${max_loops}); state_hash ${hash}, replayed ${replay_ticks} ticks ${replay_hash}"
[ -n "${TICKLAB_LONG_RSS_LOG:-}" ] && cp "$work/rss" "$TICKLAB_LONG_RSS_LOG"

awk -v s="$slope" -v m="$max_slope" 'BEGIN { exit !(s <= m) }' ||
  fail "resident memory grows by $slope KB/min (limit $max_slope KB/min)"
[ "$max_ticks" -le "$max_loops" ] || fail "a frame ran $max_ticks ticks: more than max_loops $max_loops"
[ "$replay_ticks" = "$ticks" ] || fail "the recording replays $replay_ticks ticks, the window ran $ticks"
[ "$replay_hash" = "$hash" ] || fail "the recording replays to state_hash $replay_hash, the window ended on $hash"
echo "long_window_run.sh: passed" >&2
