#!/usr/bin/env python3
"""scripts/ticklab-plot on a trace the real binary wrote: the picture is a real SVG (its five panels
named, a title with only the settings that act, the trace's marks labelled) and a real PNG; bad input gets one line on stderr and exit 2, and writes nothing.

    python3 tests/scripts/ticklab_plot_test.py BUILD/game/ticklab BUILD/scripts/ticklab-plot
"""
import os
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

PANELS = ["Ticks per frame", "Frame time (ms)", "Alpha (ticks)", "Dropped time (ms)", "Debt (ms)"]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what, file=sys.stderr)


def svg_texts(path):
    root = ET.parse(path).getroot()
    return ["".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text")]


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=120)


def main(ticklab, plot):
    with tempfile.TemporaryDirectory() as folder:
        trace = os.path.join(folder, "run.csv")
        made = run(ticklab, "--headless", "--lesson", "spiral", "--catch-up", "drop", "--frames", "60", "--trace", trace)
        check(made.returncode == 0, f"ticklab wrote no trace: {made.stderr}")

        svg = os.path.join(folder, "run.svg")
        drawn = run(plot, trace, svg)
        check(drawn.returncode == 0 and drawn.stderr == "", f"plot to SVG: exit {drawn.returncode}: {drawn.stderr}")
        root = ET.parse(svg).getroot()
        check(root.tag == "{http://www.w3.org/2000/svg}svg", f"the SVG's root is {root.tag}")
        texts = ["".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text")]
        for title in PANELS:
            check(texts.count(title) == 1, f"panel '{title}' is in the SVG {texts.count(title)} times")
        heading = [t for t in texts if t.startswith("ticklab: ")]
        check(len(heading) == 1 and "lesson spiral" in heading[0] and "MAX_LOOPS 3" in heading[0],
              f"the title names the run's settings: {heading}")
        check(any(t == "real time (s)" for t in texts), "the time axis is labelled")

        # catch-up none has no cap: the title names no MAX_LOOPS, though the lesson sets 3.
        uncapped = os.path.join(folder, "uncapped.csv")
        made = run(ticklab, "--headless", "--lesson", "spiral", "--frames", "30", "--trace", uncapped)
        check(made.returncode == 0, f"ticklab wrote no trace: {made.stderr}")
        uncapped_svg = os.path.join(folder, "uncapped.svg")
        drawn = run(plot, uncapped, uncapped_svg)
        check(drawn.returncode == 0, f"plot of the uncapped run: exit {drawn.returncode}: {drawn.stderr}")
        heading = [t for t in svg_texts(uncapped_svg) if t.startswith("ticklab: ")]
        check(len(heading) == 1 and "catch-up none" in heading[0] and "MAX_LOOPS" not in heading[0],
              f"the title names only settings that act: {heading}")

        # The trace's marks (a B switch, a pause, as a window run writes them) are drawn, labelled.
        with open(uncapped) as f:
            lines = f.read().splitlines()
        header = next(i for i, line in enumerate(lines) if line.startswith("frame,"))
        times = [float(line.split(",")[1]) for line in lines[header + 1 :]]
        marked = os.path.join(folder, "marked.csv")
        with open(marked, "w") as f:
            f.write("\n".join(lines[:header] + [f"# mark=10,{times[9]},catch_up=drop, max_loops=3",
                                                 f"# mark=20,{times[19]},paused"] + lines[header:]) + "\n")
        marked_svg = os.path.join(folder, "marked.svg")
        drawn = run(plot, marked, marked_svg)
        check(drawn.returncode == 0, f"plot with marks: exit {drawn.returncode}: {drawn.stderr}")
        texts = svg_texts(marked_svg)
        check("catch-up drop, MAX_LOOPS 3" in texts, f"the B switch's mark is labelled: {texts}")
        check("paused" in texts, f"the pause's mark is labelled: {texts}")
        check("MAX_LOOPS" in texts, f"MAX_LOOPS's line is drawn from the switch to drop: {texts}")

        png = os.path.join(folder, "run.png")
        drawn = run(plot, trace, png)
        check(drawn.returncode == 0, f"plot to PNG: exit {drawn.returncode}: {drawn.stderr}")
        with open(png, "rb") as f:
            head = f.read(24)
        check(head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", "the PNG has a PNG signature and IHDR")
        width, height = struct.unpack(">II", head[16:24])
        check(width >= 600 and height >= 600, f"the PNG is {width}x{height}")

        # Bad input: one line, exit 2, nothing written.
        not_ours = os.path.join(folder, "other.csv")
        with open(not_ours, "w") as f:
            f.write("a,b\n1,2\n")
        cut = os.path.join(folder, "cut.csv")
        with open(trace) as f:
            lines = f.read().splitlines()
        with open(cut, "w") as f:
            f.write("\n".join(line for line in lines if line.startswith("#")) + "\n")
        empty = os.path.join(folder, "empty.csv")
        with open(empty, "w") as f:
            f.write("\n".join(line for line in lines if line.startswith("#") or line.startswith("frame,")) + "\n")
        out = os.path.join(folder, "bad.svg")
        for args, says in [
            ((os.path.join(folder, "missing.csv"), out), "no such file"),
            ((not_ours, out), "not a ticklab trace CSV"),
            ((folder, out), "is a folder"),
            ((cut, out), "no header row"),
            ((empty, out), "no frames"),
            ((trace, os.path.join(folder, "bad.pdf")), ".svg or .png"),
            ((trace, os.path.join(folder, "no", "bad.svg")), "does not exist"),
            ((trace,), "usage"),
        ]:
            got = run(plot, *args)
            check(got.returncode == 2, f"{args}: exit {got.returncode}, expected 2")
            check(got.stderr.count("\n") == 1 and got.stderr.startswith("ticklab-plot: ") and says in got.stderr,
                  f"{args}: stderr {got.stderr!r}, expected one line saying '{says}'")
            check(not os.path.exists(out) and not os.path.exists(os.path.join(folder, "bad.pdf")),
                  f"{args}: a picture was written")
    if failures:
        print(f"{len(failures)} failure(s)", file=sys.stderr)
        return 1
    print("ticklab-plot: SVG with five panels, its title and marks, PNG, and eight kinds of bad input checked")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
