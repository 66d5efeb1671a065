#!/usr/bin/env python3
"""docs/lessons.md's per-lesson sections, written from the lesson files themselves (assets/lessons/*.json)
in the order game/run/lesson_library.cpp lists them, so the guided tour says what each lesson's file says.

  python3 scripts/lessons_doc.py            rewrite docs/lessons.md's sections 1..N in place
  python3 scripts/lessons_doc.py --check    exit 1 (one line) when docs/lessons.md is not what it would write

The network lessons share one hand-written section (they are a story told in docs/network.md); the text
before the first section and from the network section on is kept as it is.
"""
import json
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
doc_path = root / "docs" / "lessons.md"
# How many frames each lesson's picture shows: long enough for what its text describes to be on screen.
picture_frames = {"basics": 120, "10hz": 120, "10hz-smooth": 200, "interpolation-lag": 44, "slow-machine": 60, "spiral": 40,
                  "scale-4x": 120, "autopilot-5hz": 870, "beat": 120, "overshoot": 120, "tunnelling": 124,
                  "render-tick": 124, "task-budget": 90, "target-gone": 225,
                  "euler-explodes": 600, "orbit-follows-tick-rate": 600}


def builtin_order():
    source = (root / "game" / "run" / "lesson_library.cpp").read_text()
    block = re.search(r"builtin_names\{([^}]*)\}", source)
    return re.findall(r'"([^"]+)"', block.group(1))


def section(number, lesson):
    name = lesson["name"]
    out = [f"## {number}. `{name}`: {lesson['title']}", lesson["text"], ""]
    if lesson.get("claim"):
        out += [f"**Claim (tested):** {lesson['claim']}", ""]
    details = []
    if lesson.get("toggle"):
        details.append(f"B flips: `{lesson['toggle']}`.")
    if lesson.get("hud"):
        details.append("HUD: " + ", ".join(lesson["hud"]) + ".")
    if details:
        out += [" ".join(details), ""]
    frames = picture_frames.get(name, 120)
    out += [f"![{lesson['title']}](lesson_{name}.png)", "", "```",
            f"ticklab --lesson {name} --screenshot docs/lesson_{name}.png --frames {frames}", "```", ""]
    if lesson.get("questions"):
        out += ["Questions: " + " ".join(lesson["questions"]), ""]
    return "\n".join(out)


def generated(current):
    start = current.index("\n## 1. ") + 1
    network = re.search(r"\n## \d+-\d+\. The network game", current)  # the network lessons' own section
    end = network.start() + 1
    sections = []
    number = 0
    for name in builtin_order():
        lesson = json.loads((root / "assets" / "lessons" / f"{name}.json").read_text())
        if "network" in lesson.get("settings", {}):
            continue
        number += 1
        sections.append(section(number, lesson))
    networked = len(builtin_order()) - number
    tail = re.sub(r"^## \d+-\d+\. The network game", f"## {number + 1}-{number + networked}. The network game",
                  current[end:], count=1)
    return current[:start] + "\n".join(sections) + tail


def main():
    current = doc_path.read_text()
    wanted = generated(current)
    if "--check" in sys.argv[1:]:
        if wanted != current:
            print("docs/lessons.md: its lesson sections are not the lesson files': run python3 scripts/lessons_doc.py")
            return 1
        return 0
    doc_path.write_text(wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
