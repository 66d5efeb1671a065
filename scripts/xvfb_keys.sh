#!/usr/bin/env bash
# Keys on the real windowed binary under a virtual X server (Xvfb), as ctest's xvfb_keys runs:
# Space pauses, Tab switches to the lander, Space resumes, Ctrl + enlarges the text and F11 goes
# fullscreen (both kept in the config folder's presentation.txt), one Escape only asks, a second
# quits, and the --report written at exit must show all of it. Guards a real bug: the Tab that switched scenes also moved ImGui's
# keyboard focus into a panel widget, which then swallowed every key that followed.
#   bash scripts/xvfb_keys.sh [path/to/ticklab]     (default build/game/ticklab)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="${1:-$root/build/game/ticklab}"
xvfb_screen=1280x720x24
# shellcheck source=scripts/xvfb_common.sh
source "$root/scripts/xvfb_common.sh"

export XDG_CONFIG_HOME="$work/config"  # never the user's own settings
"$binary" --report "$work/report.json" >"$work/out" 2>"$work/err" &
pid=$!
timeout 30 xdotool search --sync --pid "$pid" --name Ticklab >/dev/null || fail "no window within 30 s"
sleep 2
xdotool mousemove 400 300  # over the scene, not the panel
for key in space Tab space; do
  xdotool key "$key"
  sleep 0.5
done
xdotool key ctrl+plus
sleep 0.5
xdotool key F11
sleep 1
settings="$(cat "$work/config/ticklab/presentation.txt" 2>/dev/null)" || fail "no presentation.txt written"
grep -q 'text_scale=1.25' <<<"$settings" || fail "Ctrl + did not set the text scale: $settings"
grep -q 'fullscreen=1' <<<"$settings" || fail "F11 did not go fullscreen: $settings"
xdotool key Escape
sleep 1
kill -0 "$pid" 2>/dev/null || fail "one Escape quit without asking"
xdotool key Escape
for _ in $(seq 1 100); do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$pid" 2>/dev/null && fail "a second Escape did not quit (a panel widget has the keyboard?)"
wait "$pid" || fail "ticklab exited with $?"
pid=""

report="$(cat "$work/report.json")" || fail "no report written"
grep -q '"scene": "lander"' <<<"$report" || fail "Tab did not switch to the lander: $report"
grep -q '"paused": false' <<<"$report" || fail "Space after Tab did not resume: $report"
echo "xvfb_keys.sh: Space, Tab, Space, Ctrl +, F11 and Escape twice all reached the game" >&2
