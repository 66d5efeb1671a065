#!/usr/bin/env python3
"""Checks that README.md's "The loop, in one frame" block is window_app::frame's body, line for line.

Usage: python3 scripts/check_readme_loop.py   (exit 0 when they agree; else prints both and exits 1)
Compares the lines with their indentation stripped; blank lines are ignored. Standard library only.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def readme_block():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as text:
        lines = text.read().splitlines()
    start = lines.index("## The loop, in one frame")
    begin = lines.index("```cpp", start) + 1
    end = lines.index("```", begin)
    return lines[begin:end]


def frame_body():
    with open(os.path.join(ROOT, "game/app/window_app.cpp"), encoding="utf-8") as text:
        lines = text.read().splitlines()
    begin = lines.index("const ticklab::frame_stats& window_app::frame() {") + 1
    end = lines.index("}", begin)  # the function's closing brace, alone at column 0
    return lines[begin:end]


def main():
    readme = [line.strip() for line in readme_block() if line.strip()]
    code = [line.strip() for line in frame_body() if line.strip()]
    if readme == code:
        print(f"check_readme_loop: README.md and window_app::frame agree ({len(code)} lines)")
        return 0
    print("check_readme_loop: README.md's loop block is not window_app::frame's body", file=sys.stderr)
    print("README.md:", *readme, sep="\n  ", file=sys.stderr)
    print("game/app/window_app.cpp:", *code, sep="\n  ", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
