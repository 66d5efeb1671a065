#!/usr/bin/env python3
"""A check that the simulation calls no C library transcendental (issue 24).

Usage:
  python3 scripts/portable_math_check.py [ROOT]    # exit 1, one line per finding; ROOT defaults to the checkout

libm rounds the last bit of sin, cos, atan2, hypot, exp, pow... differently from one C library to
another (glibc on the desktop, musl in the browser), so a simulation that called them would give a
different state_hash on each. engine/ and game/ (but game/app/, the window, and *_view.cpp, which only
draw) use game/sim/portable_math.hpp instead; sqrt, fabs, floor, fmod and the like are exact everywhere
and stay allowed. Standard library only (python3).
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ("engine", "game")
SKIP_FOLDERS = (os.path.join("game", "app"),)
SKIP_FILES = {os.path.join("game", "sim", "portable_math.cpp"), os.path.join("game", "sim", "portable_math.hpp")}
NAMES = ("sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh exp exp2 expm1 log log2 log10 log1p "
         "pow hypot cbrt erf erfc lgamma tgamma").split()
# std::sin( or a bare sin( / sinf( that is not a member (.sin), a qualified other (x::sin) or a longer name.
CALL = re.compile(r"(?:\bstd::|(?<![\w.:>]))(" + "|".join(NAMES) + r")[fl]?\s*\(")


def main():
    findings = []
    for top in FOLDERS:
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            rel_folder = os.path.relpath(folder, ROOT)
            if any(rel_folder == s or rel_folder.startswith(s + os.sep) for s in SKIP_FOLDERS):
                continue
            for name in sorted(files):
                if not name.endswith((".cpp", ".hpp")) or name.endswith("_view.cpp"):
                    continue
                rel = os.path.join(rel_folder, name)
                if rel in SKIP_FILES:
                    continue
                with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        code = line.split("//", 1)[0]
                        if m := CALL.search(code):
                            findings.append(f"{rel}:{number}: calls the C library's {m.group(1)}: use "
                                            f"portable_math::{m.group(1)} (sim/portable_math.hpp), or add it there")
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
