#!/usr/bin/env bash
# Runs the performance measurements of BENCHMARKS.md and prints one table (markdown).
#
#   bash scripts/measure.sh [build-dir]     # default build-perf (a Release build)
#
# Benchmarks run with 5 repetitions and report medians; window runs use Xvfb at 1280x720 with
# SDL's software renderer. Timings depend on the machine and on what else runs on it: quote them
# with the machine's description.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-perf}
bin=$build/game/ticklab
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
reps=(--benchmark_repetitions=5 --benchmark_report_aggregates_only=true --benchmark_format=json)

cmake --build "$build" -j2 --target ticklab balls_bench scheduler_bench geometry_batch_bench frame_pacer_bench >/dev/null

"$build/bench/balls_bench" "${reps[@]}" \
    --benchmark_filter='balls_tick|balls_wave_cycle|all_pairs_tick' >"$out/balls.json"
if [[ -n ${PLOT:-} ]]; then python3 scripts/plot_scaling.py "$out/balls.json" "$PLOT"; fi
"$build/bench/scheduler_bench" "${reps[@]}" --benchmark_filter='dispatch.*/100000' >"$out/sched.json"
"$build/bench/geometry_batch_bench" "${reps[@]}" >"$out/batch.json"
"$build/bench/frame_pacer_bench" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
    --benchmark_format=json >"$out/pacer.json"

# A window run under Xvfb for `seconds`, ended by SIGINT (SDL turns it into a quit, which writes
# the report); /usr/bin/time adds the peak resident set.
window_run() {
    local name=$1 seconds=$2
    shift 2
    SDL_RENDER_DRIVER=software xvfb-run -a -s "-screen 0 1280x720x24" \
        /usr/bin/time -f '%M' -o "$out/$name.rss" \
        timeout -s INT "$seconds" "$bin" --no-vsync --report "$out/$name.json" "$@" >/dev/null 2>&1 || true
}
window_run render10k 10 --balls 10000
window_run wait60 10 --balls 200 --fps-cap 60
window_run wait60_no_panel 10 --balls 200 --fps-cap 60 --no-panel
window_run uncapped 10 --balls 200 --fps-cap 0
# Start-up: process start to the first frame drawn and read back (a 1-frame screenshot run).
start=$(date +%s.%N)
SDL_RENDER_DRIVER=software xvfb-run -a -s "-screen 0 1280x720x24" "$bin" --balls 10000 --frames 1 \
    --screenshot "$out/first.png" >/dev/null 2>&1
end=$(date +%s.%N)
# Includes starting Xvfb: measure Xvfb alone and subtract it.
xs=$(date +%s.%N); xvfb-run -a -s "-screen 0 1280x720x24" true; xe=$(date +%s.%N)
"$bin" --headless --balls 10000 --tick-rate 240 --time-scale 16 --frames 600 --report "$out/push.json" >/dev/null

python3 - "$out" "$start" "$end" "$xs" "$xe" <<'PY'
import json, sys, os
out, start, end, xs, xe = sys.argv[1], *map(float, sys.argv[2:])
def medians(name):
    data = json.load(open(os.path.join(out, name)))
    return {b["run_name"]: b for b in data["benchmarks"] if b.get("aggregate_name") == "median"}
def report(name):
    path = os.path.join(out, name + ".json")
    return json.load(open(path)) if os.path.exists(path) else {}
def rss(name):
    try: return int(open(os.path.join(out, name + ".rss")).read().split()[-1]) / 1024
    except Exception: return float("nan")
b, s, g = medians("balls.json"), medians("sched.json"), medians("batch.json")
ms = lambda r: r["real_time"] * {"ms": 1, "us": 1e-3, "ns": 1e-6}[r["time_unit"]]
rows = []
base = ms(b["all_pairs_tick/2000"])
for n in (1000, 2000, 10000, 30000, 100000):
    for grav in (1, 0):
        r = b.get(f"balls_tick/{n}/{grav}")
        if r: rows.append((f"balls tick, {n} balls, {'resting pile' if grav else 'gravity off'}", f"{ms(r):.3f} ms",
                          f"all-pairs 2,000: {base:.2f} ms", f"{base / ms(r):.1f}x" if n == 2000 else ""))
rows.append(("balls tick, all-pairs baseline, 2,000 balls", f"{base:.3f} ms", "", ""))
for n in (10000, 100000):
    rest, awake = b.get(f"balls_tick/{n}/1"), b.get(f"balls_tick_awake/{n}")
    if rest and awake:
        rows.append((f"balls tick, {n} balls, resting pile, sleeping off", f"{ms(awake):.3f} ms",
                     f"sleeping on: {ms(rest):.3f} ms", f"{ms(awake) / ms(rest):.1f}x slower"))
    cycle = b.get(f"balls_wave_cycle/{n}")
    if cycle:
        rows.append((f"balls tick, {n} balls, mean over a 4 s wave cycle (480 ticks)", f"{ms(cycle) / 480:.3f} ms", "", ""))
un, me = s["scheduler_dispatch_unmeasured/100000"], s["scheduler_dispatch_measured/100000"]
ll = s["linked_list_dispatch/100000"]
for label, r in (("unmeasured", un), ("measured (sampled)", me)):
    rows.append((f"scheduler dispatch, 100,000 tasks, {label}", f"{r['items_per_second'] / 1e6:.2f} M/s",
                 f"linked list: {ll['items_per_second'] / 1e3:.1f} k/s", f"{r['items_per_second'] / ll['items_per_second']:.0f}x"))
for n in (10000, 100000):
    for k in ("scene_draw", "batch_build"):
        r = g.get(f"{k}/{n}")
        if r: rows.append((f"{k}, {n} balls", f"{ms(r):.3f} ms", "", ""))
at, dg = g.get("draw_atlas/10000"), g.get("draw_disc_geometry/10000")
if at and dg:
    rows.append(("drawing 10,000 balls on the software renderer: disc atlas (kept)", f"{ms(at):.2f} ms",
                 f"disc texture via SDL_RenderGeometry: {ms(dg):.2f} ms", f"{ms(dg) / ms(at):.1f}x faster"))
r = report("render10k")
if r:
    fps = r["frames"] / r["real_time_s"]
    rows.append(("window 1280x720 software, 10,000 balls: FPS", f"{fps:.1f}", "", ""))
    rows.append(("  render_ms mean / p99", f"{r['render_ms_mean']:.2f} / {r['render_ms_p99']:.2f}", "", ""))
    rows.append(("  tick_ms mean / p99", f"{r['tick_ms_mean']:.3f} / {r['tick_ms_p99']:.3f}", "", ""))
    rows.append(("  peak RSS", f"{rss('render10k'):.0f} MB", "", ""))
pm = medians("pacer.json")
pw, bw = pm.get("pacer_wait_60fps/iterations:300/real_time"), pm.get("busy_wait_60fps/iterations:300/real_time")
if pw and bw:
    rows.append(("waiting alone, 60 FPS, empty frame: CPU of one core", f"{pw['cpu_percent']:.2f} %",
                 f"busy-wait loop: {bw['cpu_percent']:.1f} %", f"{bw['cpu_percent'] / pw['cpu_percent']:.0f}x less"))
    rows.append(("  frame interval p99 / max (pacer)", f"{pw['p99_ms']:.2f} / {pw['max_ms']:.2f} ms", "", ""))
for name, label in (("wait60", "with panel"), ("wait60_no_panel", "panel hidden (--no-panel)")):
    w = report(name)
    if w:
        rows.append((f"window, 60 FPS cap, 200 balls, {label}: CPU of one core", f"{100 * w['cpu_s'] / w['real_time_s']:.1f} %", "", ""))
        rows.append(("  frame_ms mean / p99; render_ms mean", f"{w['frame_ms_mean']:.2f} / {w['frame_ms_p99']:.2f}; {w['render_ms_mean']:.2f}", "", ""))
u = report("uncapped")
if u:
    rows.append(("window, no cap, 200 balls, with panel: FPS / CPU ms per frame", f"{u['frames'] / u['real_time_s']:.0f} / {1000 * u['cpu_s'] / u['frames']:.2f}", "", ""))
rows.append(("start-up to first frame (screenshot run, less Xvfb start)", f"{1000 * ((end - start) - (xe - xs)):.0f} ms", "", ""))
p = report("push")
if p:
    rows.append(("headless 10,000 balls, 240 Hz, x16: tick_ms mean / p99", f"{p['tick_ms_mean']:.3f} / {p['tick_ms_p99']:.3f}", "", ""))
print("| measurement | median | baseline | ratio |")
print("|---|---|---|---|")
for row in rows: print("| " + " | ".join(row) + " |")
PY
