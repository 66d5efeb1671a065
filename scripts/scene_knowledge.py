#!/usr/bin/env python3
"""A check that knowledge of particular scenes stays in game/scenes/ (issue 23).

Usage:
  python3 scripts/scene_knowledge.py [ROOT]    # exit 1, one line per finding; ROOT defaults to the checkout

A scene brings its panel controls, HUD figures, keys and facts as data (game/sim/scene_parts.hpp), so
nothing outside game/scenes/ may: dynamic_cast to a scene's class, include a scene's own header
(anything in scenes/ but scene_registry.hpp), or compare a text with a scene's name. The scene
classes are those in game/scenes/ deriving from `scene`; the names are those scene_registry.cpp
lists. game/sim/scene_snapshot.hpp casts to its own snapshot template, not to a scene, and is left
out. Standard library only (python3).
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAME = os.path.join(ROOT, "game")
SCENES = os.path.join(GAME, "scenes")
EXEMPT = {os.path.join("game", "sim", "scene_snapshot.hpp")}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def scene_classes():
    classes = set()
    for name in os.listdir(SCENES):
        if name.endswith(".hpp"):
            classes.update(re.findall(r"class\s+(\w+)\s+final\s*:\s*public\s+scene\b", read(os.path.join(SCENES, name))))
    return classes


def scene_names():
    return set(re.findall(r'\{\s*"([a-z0-9_-]+)"\s*,\s*"', read(os.path.join(SCENES, "scene_registry.cpp"))))


def main():
    classes = scene_classes()
    names = scene_names()
    if not classes or not names:
        print("scene_knowledge: found no scene classes or no registry names: the check would pass on nothing")
        return 1
    cast = re.compile(r"dynamic_cast\s*<[^>]*\b(" + "|".join(sorted(classes)) + r")\b")
    own_header = re.compile(r'#include\s+"scenes/(?!scene_registry\.hpp")([^"]+)"')
    quoted = "|".join(re.escape(n) for n in sorted(names))
    compare = re.compile(r'[!=]=\s*"(' + quoted + r')"|"(' + quoted + r')"\s*[!=]=')
    findings = []
    for folder, _, files in os.walk(GAME):
        if os.path.abspath(folder).startswith(os.path.abspath(SCENES)):
            continue
        for name in sorted(files):
            if not name.endswith((".cpp", ".hpp")):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, ROOT)
            if rel in EXEMPT:
                continue
            for number, line in enumerate(read(path).splitlines(), 1):
                code = line.split("//", 1)[0]
                if m := cast.search(code):
                    findings.append(f"{rel}:{number}: dynamic_cast to scene class {m.group(1)}")
                if m := own_header.search(code):
                    findings.append(f"{rel}:{number}: includes scenes/{m.group(1)}, a scene's own header")
                if m := compare.search(code):
                    findings.append(f"{rel}:{number}: compares with scene name '{m.group(1) or m.group(2)}'")
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
