#!/bin/bash
# Lander with the autopilot, headless, 90 s of frames at 16.7 ms, per tick rate.
B=${1:-build/game/ticklab}
D=$(mktemp -d)
printf "%4s %-8s %8s %8s %8s  %s\n" Hz outcome t_s vy vx reason
for hz in $(seq 3 20) 24 30 40 60; do
  $B --headless --scene lander --autopilot --tick-rate $hz --frame-ms 16.7 --frames 5400 --report $D/r$hz.json >/dev/null 2>&1
  python3 - $hz $D <<'PY'
import json,sys
hz=sys.argv[1]; r=json.load(open(f"{sys.argv[2]}/r{hz}.json"))
print(f"{hz:>4} {r['lander_state']:<8} {r.get('touchdown_s','-'):>8} {r.get('touchdown_vy','-'):>8} {r.get('touchdown_vx','-'):>8}  {r.get('crash_reason')}")
PY
done
