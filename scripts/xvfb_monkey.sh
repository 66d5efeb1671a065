#!/usr/bin/env bash
# A seeded monkey on the real windowed binary under a virtual X server (Xvfb), as ctest's
# xvfb_monkey runs: for MONKEY_SECONDS (default 60) it sends every key the program binds (Escape
# excepted), held keys, clicks and drags anywhere in the window (the panel included), the wheel over
# the panel and digits typed into whatever has focus, in random order with 10 to 300 ms between
# them. It fails if the program exits, prints a line it should not, or stops drawing its scene; at
# the end two Escapes must quit with exit code 0 and write the --report.
#   MONKEY_SEED=7 MONKEY_SECONDS=180 bash scripts/xvfb_monkey.sh [path/to/ticklab]
# The same seed sends the same sequence of actions (bash's RANDOM, seeded; only the timing of the
# window differs). Each action is logged with its time to monkey.log in the work folder; on failure
# the last 40 are printed and the work folder (log, stdout, stderr, config, the window as it was) is kept.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="${1:-$root/build/game/ticklab}"
xvfb_screen=1280x720x24
seed="${MONKEY_SEED:-1}"
seconds="${MONKEY_SECONDS:-60}"
[[ "$seed" =~ ^[0-9]+$ ]] || { echo "xvfb_monkey.sh: MONKEY_SEED '$seed' must be a whole number" >&2; exit 2; }
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "xvfb_monkey.sh: MONKEY_SECONDS '$seconds' must be a whole number of seconds, 1 or more" >&2
  exit 2
fi
[ -x "$binary" ] || { echo "xvfb_monkey.sh: no program at '$binary' (build it first)" >&2; exit 2; }
binary="$(realpath "$binary")"  # the program runs in the work folder
command -v import >/dev/null || { echo "xvfb_monkey.sh: import (imagemagick) is missing (bash scripts/setup.sh)" >&2; exit 1; }
# shellcheck source=scripts/xvfb_common.sh
source "$root/scripts/xvfb_common.sh"

# xvfb_common's cleanup removes the work folder; a failure keeps it, so the run can be looked at.
keep_work="${MONKEY_KEEP:-}"  # MONKEY_KEEP=1 keeps it after a pass too
cleanup() {
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  if [ -n "$keep_work" ]; then echo "xvfb_monkey.sh: kept $work (monkey.log, out, err, report.json, pictures/)" >&2; else rm -rf "$work"; fi
}
log="$work/monkey.log"
monkey_fail() {
  keep_work=1
  {
    echo "xvfb_monkey.sh: replay with MONKEY_SEED=$seed MONKEY_SECONDS=$seconds bash scripts/xvfb_monkey.sh $binary"
    echo "xvfb_monkey.sh: the last 40 actions (seconds since the start, action number, action):"
    tail -n 40 "$log" | sed 's/^/  /'
  } >&2
  fail "$*"
}

mkdir -p "$work/config" "$work/pictures" "$work/home"
cd "$work"  # a relative path typed into the panel (a recording) lands here
# Never the user's files: settings (text size, fullscreen), F12's screenshots, recordings.
HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_PICTURES_DIR="$work/pictures" \
  "$binary" --report "$work/report.json" >"$work/out" 2>"$work/err" &
pid=$!
window="$(timeout 30 xdotool search --sync --pid "$pid" --name Ticklab | head -n 1)" || fail "no window within 30 s"
sleep 2
echo "seed=$seed seconds=$seconds binary=$binary window=$window" >"$log"

start="$EPOCHREALTIME"
elapsed_ms() { local now="$EPOCHREALTIME"; echo $(((${now/./} - ${start/./}) / 1000)); }
count=0
note() { count=$((count + 1)); printf '%8.3f #%d %s\n' "$(elapsed_ms)e-3" "$count" "$*" >>"$log"; }

alive() {
  [ -s "$work/err" ] && monkey_fail "ticklab wrote to stderr, $(elapsed_ms) ms in"
  kill -0 "$pid" 2>/dev/null && return 0
  local status=0
  wait "$pid" || status=$?
  pid=""
  monkey_fail "ticklab exited (code $status) during the monkey, $(elapsed_ms) ms in"
}
# An xdotool call that fails because the window is gone reports the exit, not xdotool's error.
xdo() { xdotool "$@" 2>>"$work/xdotool.err" || { alive; monkey_fail "xdotool $* failed: $(tail -n 1 "$work/xdotool.err")"; }; }

# Stdout carries only F12's line, and only into the work folder's pictures; stderr nothing: a normal
# window run prints nothing there (its only lines are a presentation.txt that cannot be read or
# written, which must not happen here), so any line is an error.
check_output() {
  local bad
  bad="$(grep -v -E "^ticklab: Screenshot saved to $work/pictures/[^/]+\.png$" "$work/out" || true)"
  [ -z "$bad" ] || monkey_fail "unexpected lines on stdout: $bad"
  [ -s "$work/err" ] && monkey_fail "ticklab wrote to stderr"
  return 0
}

# The window's size, read again after F11 and at each grab.
width=""
height=""
geometry() {
  local WIDTH=1280 HEIGHT=720
  eval "$(xdotool getwindowgeometry --shell "$window" 2>/dev/null | grep -E '^(WIDTH|HEIGHT)=[0-9]+$')"
  width=$WIDTH height=$HEIGHT
}

# The scene area is the window's left quarter: the panel takes at most 45% of the width
# (app/screen_layout.hpp, max_panel_share), so that quarter is never panel. The rule, every ~5 s:
#   - not flat: fewer than 8 distinct colours is a window with nothing drawn (the HUD's anti-aliased
#     text alone has hundreds). One flat grab is forgiven (a frame caught mid-switch), two in a row
#     fail.
#   - not frozen: the HUD over the scene redraws its figures (FPS, frame time) even while paused
#     (a network lesson's HUD does not: paused, it can stay still), and the monkey changes what is
#     shown a few times a second (scene, lesson, text size, panel, key list), so pixels identical in
#     4 grabs in a row (15 s and more, some 35 actions) mean the program stopped drawing.
# The window as it is when a check fails, for whoever looks at the kept work folder.
picture() { import -window "$window" "$work/failure.png" 2>/dev/null && echo " (the window: $work/failure.png)"; }
grabs=0
last_grab=0
flat_run=0
same_run=0
last_signature=""
grab() {
  alive
  local stats colours signature same=""
  geometry
  grabs=$((grabs + 1))
  last_grab=$(elapsed_ms)
  # Counted straight from the X server (a PNG per grab would cost half a second on a busy machine).
  stats="$(import -window "$window" -crop "$((width / 4))x${height}+0+0" +repage -format '%k %#' info: 2>>"$work/import.err")" ||
    { alive; monkey_fail "import could not grab the window"; }
  read -r colours signature <<<"$stats"
  if [ "$signature" = "$last_signature" ]; then same_run=$((same_run + 1)) same=", unchanged"; else same_run=1; fi
  last_signature="$signature"
  if [ "$colours" -lt 8 ]; then flat_run=$((flat_run + 1)); else flat_run=0; fi
  printf '%8.3f grab %d: %d colours in the scene area%s\n' "$last_grab"e-3 "$grabs" "$colours" "$same" >>"$log"
  [ "$flat_run" -ge 2 ] && monkey_fail "the scene area is one flat colour in two grabs in a row$(picture)"
  [ "$same_run" -ge 4 ] && monkey_fail "the scene area did not change in 4 grabs in a row: drawing stopped$(picture)"
  check_output
}

# Every value below comes from bash's RANDOM in this shell (never in a $(...) subshell, whose draws
# would not advance the sequence), so a seed always sends the same actions.
RANDOM="$seed"
pick() { r=$((RANDOM % $1)); }
pause_ms() { pick 291; ms=$((10 + r)); }
ms_sleep() { sleep "$(printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)))"; }
# A point anywhere in the window, drawn as thousandths of its size (so the sequence does not depend
# on it), half of them in the right third where the panel is.
point() {
  pick 2
  if [ "$r" -eq 0 ]; then pick 1000; px=$r; else pick 334; px=$((666 + r)); fi
  pick 1000; py=$r
}
to_pixels() {
  [ -n "$width" ] || geometry
  x=$(($1 * width / 1000)) y=$(($2 * height / 1000))
}

# Every key the program binds (game/app/input/action.cpp's table and its other keys for the same
# action), as xdotool names them. Escape is left out: it is the end.
keys=(space period KP_Decimal plus equal KP_Add minus KP_Subtract bracketleft bracketright r Tab Next Prior b
  Up w Left a Right d F1 F2 F11 F12 ctrl+plus ctrl+equal ctrl+minus ctrl+0)
held=(Up w Left a Right d "Up Left" "w d")

act() {
  local i
  pick 100
  if [ "$r" -lt 35 ]; then
    pick ${#keys[@]}
    note "key ${keys[r]}"
    xdo key "${keys[r]}"
    if [ "${keys[r]}" = F11 ]; then width=""; fi
  elif [ "$r" -lt 45 ]; then
    pick ${#held[@]}; local what="${held[r]}"
    pick 750; local hold=$((50 + r))
    note "hold $what for $hold ms"
    # shellcheck disable=SC2086  # "Up Left" is two keys held together
    xdo keydown $what
    ms_sleep "$hold"
    # shellcheck disable=SC2086
    xdo keyup $what
  elif [ "$r" -lt 65 ]; then
    point; pick 4; local clicks=$((r == 0 ? 2 : 1))
    to_pixels "$px" "$py"
    note "click x$clicks at $x,$y"
    xdo mousemove --window "$window" "$x" "$y" click --repeat "$clicks" 1
  elif [ "$r" -lt 80 ]; then
    point; pick 6; local steps=$((2 + r))
    to_pixels "$px" "$py"
    local moves=""
    for ((i = 0; i < steps; i++)); do
      pick 121; local dx=$((r - 60)); pick 121
      moves+=" $dx,$((r - 60))"
    done
    note "drag from $x,$y by$moves"
    xdo mousemove --window "$window" "$x" "$y" mousedown 1
    for move in $moves; do
      xdo mousemove_relative -- "${move%,*}" "${move#*,}"
      sleep 0.03
    done
    xdo mouseup 1
  elif [ "$r" -lt 88 ]; then
    pick 334; local wx=$((666 + r)); pick 1000; local wy=$r
    pick 2; local button=$((4 + r)); pick 5; local turns=$((1 + r))
    to_pixels "$wx" "$wy"
    note "wheel $([ "$button" -eq 4 ] && echo up || echo down) x$turns at $x,$y"
    xdo mousemove --window "$window" "$x" "$y" click --repeat "$turns" "$button"
  elif [ "$r" -lt 95 ]; then
    pick 6; local length=$((1 + r)) text=""
    for ((i = 0; i < length; i++)); do pick 10; text+="$r"; done
    pick 3; local enter=$((r == 0))
    note "type $text$([ "$enter" -eq 1 ] && echo ' and Return')"
    xdo type --delay 20 -- "$text"
    if [ "$enter" -eq 1 ]; then xdo key Return; fi
  else
    point
    to_pixels "$px" "$py"
    note "move to $x,$y"
    xdo mousemove --window "$window" "$x" "$y"
  fi
}

grab
next_grab=5000
while [ "$(elapsed_ms)" -lt $((seconds * 1000)) ]; do
  act
  alive
  pause_ms
  ms_sleep "$ms"
  if [ "$(elapsed_ms)" -ge "$next_grab" ]; then
    grab
    next_grab=$(($(elapsed_ms) + 5000))
  fi
done
[ $(($(elapsed_ms) - last_grab)) -lt 1000 ] || grab
actions=$count

# The end: a click on the scene takes the keyboard from any panel field, then Escape asks and a
# second Escape quits.
to_pixels 125 500
note "end: click at $x,$y, Escape, Escape"
xdo mousemove --window "$window" "$x" "$y" click 1
sleep 0.5
xdo key Escape
sleep 0.5
alive
xdotool key Escape 2>/dev/null || true
for _ in $(seq 1 50); do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$pid" 2>/dev/null && monkey_fail "two Escapes did not quit within 5 s"
status=0
wait "$pid" || status=$?
pid=""
[ "$status" -eq 0 ] || monkey_fail "ticklab exited with $status after two Escapes"
check_output
[ -s "$work/report.json" ] || monkey_fail "no report written at exit"
python3 -m json.tool "$work/report.json" >/dev/null || monkey_fail "the report is not JSON"
shots="$(find "$work/pictures" -name '*.png' | wc -l)"
echo "xvfb_monkey.sh: seed $seed, $seconds s, $actions actions, $grabs grabs, $shots F12 screenshots: never exited," \
  "printed no error, drew its scene throughout; two Escapes quit with 0 and wrote the report" >&2
