#!/usr/bin/env bash
# Faults on the real windowed binary under a virtual X server (Xvfb), as ctest's xvfb_faults runs:
#   1. SIGSTOP for 10 s, then SIGCONT: the loop runs at most MAX_LOOPS ticks and reports the gap
#      as dropped time, then goes on.
#   2. 300 resizes in a row: no crash, the loop goes on.
#   3. Hidden (unmapped) for 3 s: no busy loop (well under a core of CPU), then shown again.
# Then SIGTERM (SDL turns it into a quit) and the --report written at exit is checked.
#   bash scripts/xvfb_faults.sh [path/to/ticklab]     (default build/game/ticklab)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary="${1:-$root/build/game/ticklab}"
xvfb_screen=1600x1000x24
# shellcheck source=scripts/xvfb_common.sh
source "$root/scripts/xvfb_common.sh"
alive() { kill -0 "$pid" 2>/dev/null || fail "ticklab died during $1"; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }  # user + system, in clock ticks

# No FPS cap and no vsync: visible, the loop runs flat out, so only the hidden rule keeps it idle.
"$binary" --tick-rate 60 --max-loops 8 --fps-cap 0 --no-vsync --report "$work/report.json" \
  >"$work/out" 2>"$work/err" &
pid=$!
window="$(timeout 30 xdotool search --sync --pid "$pid" --name Ticklab | head -n 1)" || fail "no window within 30 s"
sleep 2
alive "start-up"

# 1. Stopped for 10 s, as a debugger or a suspended laptop would.
kill -STOP "$pid"
sleep 10
kill -CONT "$pid"
sleep 2
alive "SIGSTOP/SIGCONT"
echo "xvfb_faults.sh: stopped 10 s and continued" >&2

# 2. A resize storm (a window edge dragged for a long time).
for i in $(seq 1 300); do
  xdotool windowsize "$window" $((700 + (i * 37) % 800)) $((450 + (i * 53) % 500)) 2>/dev/null || true
done
sleep 1
alive "the resize storm"
echo "xvfb_faults.sh: resized 300 times" >&2

# 3. Hidden: the rule is no drawing and no busy loop (docs/inputs.md, "The window").
xdotool windowunmap "$window"
sleep 1
before="$(cpu_ticks)"
sleep 3
used=$(( $(cpu_ticks) - before ))
hz="$(getconf CLK_TCK)"
xdotool windowmap "$window"
sleep 1
alive "hiding"
echo "xvfb_faults.sh: hidden 3 s, CPU used $used/$((3 * hz)) ticks" >&2
[ "$used" -lt "$hz" ] || fail "hidden for 3 s it used $used clock ticks of CPU (limit $hz): a busy loop"

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=""
[ "$status" -eq 0 ] || fail "exit code $status after SIGTERM"
[ -f "$work/report.json" ] || fail "no report written at exit"
report="$(cat "$work/report.json")"
echo "xvfb_faults.sh: report $report" >&2
field() { sed -E "s/.*\"$1\": ([^,}]*).*/\1/" <<<"$report"; }
max_ticks="$(field max_ticks_per_frame)"
dropped="$(field dropped_time_s)"
[ "$max_ticks" -le 8 ] || fail "max_ticks_per_frame $max_ticks is above --max-loops 8"
awk -v d="$dropped" 'BEGIN { exit !(d >= 9.5) }' || fail "dropped_time_s $dropped does not show the 10 s stop"
ticks="$(field ticks)"
[ "$ticks" -gt 60 ] || fail "only $ticks ticks: the loop did not go on"
echo "xvfb_faults.sh: PASS (dropped ${dropped} s, max_ticks_per_frame ${max_ticks}, ticks ${ticks})" >&2
