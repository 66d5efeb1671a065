#!/usr/bin/env python3
"""Plots how the balls tick's cost grows with the ball count, from balls_bench's JSON output.

    build-perf/bench/balls_bench --benchmark_repetitions=5 --benchmark_format=json > balls.json
    python3 scripts/plot_scaling.py balls.json docs/balls_scaling.svg

Log-log axes: a line parallel to the dashed "linear" guide means cost proportional to the ball
count. Uses only the standard library (the SVG is written by hand), so it runs wherever the
benchmarks do.
"""
import json
import math
import os
import sys

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 190, 30, 50
SERIES = [  # (label, benchmark name prefix, suffix, colour)
    ("resting pile (sleeping)", "balls_tick/", "/1", "#2f9e6e"),
    ("resting pile, sleeping off", "balls_tick_awake/", "", "#d9822b"),
    ("gravity off (gas)", "balls_tick/", "/0", "#3b7dd8"),
    ("all pairs (baseline)", "all_pairs_tick/", "", "#c0392b"),
]


def medians(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as error:
        sys.exit(f"{path}: not a benchmark JSON file ({error})")
    unit = {"ms": 1.0, "us": 1e-3, "ns": 1e-6, "s": 1e3}
    out = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name", "median") == "median":
            name = b["run_name"] if "run_name" in b else b["name"]
            out[name] = b["real_time"] * unit[b["time_unit"]]
    return out


def series_points(times, prefix, suffix):
    points = []
    for name, ms in times.items():
        if not name.startswith(prefix) or not name.endswith(suffix):
            continue
        middle = name[len(prefix):len(name) - len(suffix)] if suffix else name[len(prefix):]
        if middle.isdigit():
            points.append((int(middle), ms))
    return sorted(points)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: plot_scaling.py BENCH_JSON OUT_SVG")
    times = medians(sys.argv[1])
    lines = [(label, series_points(times, p, s), colour) for label, p, s, colour in SERIES]
    lines = [line for line in lines if line[1]]
    if not lines:
        sys.exit(f"{sys.argv[1]}: no balls_tick or all_pairs_tick medians in it")
    xs = [n for _, pts, _ in lines for n, _ in pts]
    ys = [ms for _, pts, _ in lines for _, ms in pts]
    x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)

    def px(n):
        return LEFT + (math.log10(n) - x0) / (x1 - x0) * (WIDTH - LEFT - RIGHT)

    def py(ms):
        return HEIGHT - BOTTOM - (math.log10(ms) - y0) / (y1 - y0) * (HEIGHT - TOP - BOTTOM)

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="DejaVu Sans, sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT}" y="18" font-size="14">Balls: one 120 Hz tick, median ms (log-log)</text>']
    for e in range(x0, x1 + 1):
        x = px(10 ** e)
        svg.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{HEIGHT - BOTTOM}" stroke="#ddd"/>')
        svg.append(f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{10 ** e:,}</text>')
    for e in range(y0, y1 + 1):
        y = py(10 ** e)
        svg.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{10.0 ** e:g}</text>')
    svg.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 12}" text-anchor="middle">balls</text>')
    # Linear guide from the first series' smallest count to the largest count plotted.
    n_ref, ms_ref = lines[0][1][0]
    n_end = max(xs)
    svg.append(f'<line x1="{px(n_ref):.1f}" y1="{py(ms_ref):.1f}" x2="{px(n_end):.1f}" '
               f'y2="{py(ms_ref * n_end / n_ref):.1f}" stroke="#999" stroke-dasharray="4 4"/>')
    for k, (label, pts, colour) in enumerate(lines):
        path = " ".join(f"{px(n):.1f},{py(ms):.1f}" for n, ms in pts)
        svg.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for n, ms in pts:
            svg.append(f'<circle cx="{px(n):.1f}" cy="{py(ms):.1f}" r="3" fill="{colour}"/>')
        ly = TOP + 10 + 20 * k
        svg.append(f'<line x1="{WIDTH - RIGHT + 12}" y1="{ly}" x2="{WIDTH - RIGHT + 30}" y2="{ly}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        svg.append(f'<text x="{WIDTH - RIGHT + 36}" y="{ly + 4}">{label}</text>')
    ly = TOP + 10 + 20 * len(lines)
    svg.append(f'<line x1="{WIDTH - RIGHT + 12}" y1="{ly}" x2="{WIDTH - RIGHT + 30}" y2="{ly}" stroke="#999" '
               f'stroke-dasharray="4 4"/><text x="{WIDTH - RIGHT + 36}" y="{ly + 4}">linear</text>')
    svg.append("</svg>")
    tmp = sys.argv[2] + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("\n".join(svg) + "\n")
    os.replace(tmp, sys.argv[2])  # never a half-written plot


if __name__ == "__main__":
    main()
