#!/usr/bin/env bash
# F11 in a real window on a 1920x1080 virtual X server with no window manager, as ctest's
# xvfb_fullscreen runs (issue 22, finding 4): F11 makes the window 1920x1080 at 0,0 and the picture
# fills it (the panel along its right edge), F11 again puts it back at 1280x720 where it was, with
# the panel's right edge at the window's. Then a run started with fullscreen saved in
# presentation.txt comes up covering the screen and its F11 gives the 1280x720 window. Guards a
# real bug: SDL took the screen's size for the window's while the X window, whose fullscreen
# request no window manager handled, stayed 1280x720 (the layout was cut off at the right).
#   bash scripts/xvfb_fullscreen.sh [path/to/ticklab]     (default build/game/ticklab)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="${1:-$root/build/game/ticklab}"
xvfb_screen=1920x1080x24
command -v import >/dev/null || { echo "xvfb_fullscreen.sh: import is missing (imagemagick; bash scripts/setup.sh)" >&2; exit 1; }
# shellcheck source=scripts/xvfb_common.sh
source "$root/scripts/xvfb_common.sh"

export XDG_CONFIG_HOME="$work/config"  # never the user's own settings
panel_colour='#181B24'                 # theme::panel_background
grabs="${TICKLAB_FULLSCREEN_GRABS:-$work}"  # set it to keep the window grabs and look at them

start() {
  "$binary" >"$work/out" 2>"$work/err" &
  pid=$!
  window="$(timeout 30 xdotool search --sync --pid "$pid" --name Ticklab | head -n 1)" || fail "no window within 30 s"
  sleep 2
}

# "W H X Y": the window's size and place as the X server has them.
geometry() {
  xdotool getwindowgeometry "$window" |
    sed -n 's/.*Position: \([0-9-]*\),\([0-9-]*\).*/\1 \2/p; s/.*Geometry: \([0-9]*\)x\([0-9]*\).*/\1 \2/p' |
    tr '\n' ' ' | awk '{print $3, $4, $1, $2}'
}

# Waits up to 5 s for the window to be `W H X Y`.
expect_geometry() {
  local want="$1" what="$2" got=""
  for _ in $(seq 1 50); do
    got="$(geometry)"
    [ "$got" = "$want" ] && return 0
    sleep 0.1
  done
  fail "$what: the window is $got (width height x y), not $want"
}

# The window as shown, grabbed from the screen: the panel's colour must run from about 370 px left
# of the window's right edge (the panel's width at 1x) to that edge, on a row just above the bottom.
expect_panel_at_right_edge() {
  local width="$1" height="$2" what="$3" name="$4" row start
  sleep 1  # a frame or two drawn at the new size
  import -window "$window" "$grabs/$name.png" 2>/dev/null || fail "$what: cannot grab the window"
  local size
  size="$(identify -format '%w %h' "$grabs/$name.png")"
  [ "$size" = "$width $height" ] || fail "$what: the grab is $size, not $width $height"
  row=$((height - 20))
  # The x where the row's last run of one colour starts, and that colour.
  read -r start colour < <(convert "$grabs/$name.png" -crop "${width}x1+0+$row" +repage txt:- |
    awk 'NR > 1 { split($1, at, ","); if ($3 != colour) { colour = $3; start = at[1] } } END { print start, colour }')
  [ "$colour" = "$panel_colour" ] ||
    fail "$what: the window's right edge shows $colour, not the panel's $panel_colour (the picture does not fill it)"
  ((start > width - 450 && start < width - 300)) ||
    fail "$what: the panel starts at x=$start, not about $((width - 370)) (laid out for another size)"
}

start
xdotool mousemove 400 300  # over the scene, not the panel
expect_geometry "1280 720 320 180" "at start"
expect_panel_at_right_edge 1280 720 "at start" start
xdotool key F11
expect_geometry "1920 1080 0 0" "after F11"
expect_panel_at_right_edge 1920 1080 "after F11" fullscreen
grep -q 'fullscreen=1' "$work/config/ticklab/presentation.txt" || fail "F11 did not save fullscreen=1"
xdotool key F11
expect_geometry "1280 720 320 180" "after a second F11"
expect_panel_at_right_edge 1280 720 "after a second F11" windowed
grep -q 'fullscreen=0' "$work/config/ticklab/presentation.txt" || fail "the second F11 did not save fullscreen=0"
xdotool key F11
sleep 1
grep -q 'fullscreen=1' "$work/config/ticklab/presentation.txt" || fail "the third F11 did not save fullscreen=1"
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=""

# fullscreen=1 saved: the next run starts covering the screen, and F11 gives the window it was made as.
start
expect_geometry "1920 1080 0 0" "started with fullscreen=1 saved"
expect_panel_at_right_edge 1920 1080 "started with fullscreen=1 saved" saved_fullscreen
xdotool key F11
expect_geometry "1280 720 320 180" "F11 after starting fullscreen"
expect_panel_at_right_edge 1280 720 "F11 after starting fullscreen" saved_windowed
kill "$pid"
wait "$pid" 2>/dev/null || true
pid=""
grep -qi 'error\|refused' "$work/err" && fail "ticklab logged an error"
echo "xvfb_fullscreen.sh: F11 covered the 1920x1080 screen and put the 1280x720 window back, the picture fitting both" >&2
