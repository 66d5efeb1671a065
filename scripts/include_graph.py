#!/usr/bin/env python3
"""The folder-level include graph of engine/ and game/, and a check that nothing includes upward.

Usage:
  python3 scripts/include_graph.py            # prints the graph (Markdown + mermaid); exit 1 on an upward include
  python3 scripts/include_graph.py --check    # prints only the problems (for ctest)
  python3 scripts/include_graph.py --check --doc CONTRIBUTING.md   # and that the file holds today's output

It also checks that the simulation floors (engine, io, sim, scenes, session, run) include no SDL,
ImGui or CLI11 header, and that only game/cli includes CLI11.

Every #include "x/y.hpp" in game/ names a folder by its path (game/x); <ticklab/...> is engine/.
The floors are listed below, bottom first: a file may include its own folder and any folder on a
lower floor, never one on its own floor or above. Standard library only (python3).
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Bottom first. Folders on one line share a floor and must not include each other.
FLOORS = [
    ["engine"],
    ["game/io", "game/sim"],
    ["game/scenes"],
    ["game/session"],
    ["game/run"],
    ["game/cli", "game/app/platform"],
    ["game/app/render"],
    ["game/app/input"],
    ["game/app/ui"],
    ["game/app/panel"],
    ["game/app"],
    ["game"],  # main.cpp
]
# Third-party headers each folder may not include: the simulation library (ticklab_game) builds and
# links without SDL, ImGui and CLI11, and CLI11 belongs to the command line alone.
UI_HEADERS = re.compile(r"^(SDL|SDL2/|SDL_|imgui|CLI/)")
CLI_HEADERS = re.compile(r"^CLI/")
FORBIDDEN = {folder: UI_HEADERS for folder in ("engine", "game/io", "game/sim", "game/scenes", "game/session", "game/run")}
FLOOR_OF = {folder: level for level, folders in enumerate(FLOORS) for folder in folders}
for _folders in FLOORS:
    for _folder in _folders:
        if _folder != "game/cli":
            FORBIDDEN.setdefault(_folder, CLI_HEADERS)
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def folder_of_file(path):
    """engine/src/x.cpp -> engine; game/app/ui/hud.cpp -> game/app/ui."""
    rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
    if rel.startswith("engine/"):
        return "engine"
    return os.path.dirname(rel)


def folder_of_include(kind, name, including_folder):
    if kind == "<":
        return "engine" if name.startswith("ticklab/") else None  # system and third-party headers
    if including_folder == "engine":
        return "engine"  # the engine's own private headers
    folder = "game/" + os.path.dirname(name) if "/" in name else including_folder
    return folder.rstrip("/")


def collect():
    edges = {}  # (from, to) -> [file:line, ...]
    unknown = []  # folders without a floor, and forbidden third-party headers
    for top in ("engine", "game"):
        for base, _, files in os.walk(os.path.join(ROOT, top)):
            for name in sorted(files):
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.join(base, name)
                source = folder_of_file(path)
                with open(path, encoding="utf-8") as text:
                    for number, line in enumerate(text, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        kind, header = match.group(1), match.group(2)
                        if kind == "<" and source in FORBIDDEN and FORBIDDEN[source].match(header):
                            unknown.append(f"{os.path.relpath(path, ROOT)}:{number}: {source} may not include <{header}>")
                        target = folder_of_include(kind, header, source)
                        if target is None or target == source:
                            continue
                        where = f"{os.path.relpath(path, ROOT)}:{number}"
                        for folder in (source, target):
                            if folder not in FLOOR_OF:
                                unknown.append(f"{where}: folder {folder} has no floor in scripts/include_graph.py")
                        edges.setdefault((source, target), []).append(where)
    return edges, unknown


def upward(edges):
    problems = []
    for (source, target), places in sorted(edges.items()):
        if source in FLOOR_OF and target in FLOOR_OF and FLOOR_OF[target] >= FLOOR_OF[source]:
            for where in places:
                problems.append(f"{where}: {source} includes {target}, which is not on a lower floor")
    return problems


def node(folder):
    return folder.replace("/", "_")


def report(edges, out=print):
    out("Floors, bottom first (a folder includes only folders on lower floors):")
    out()
    for level, folders in enumerate(FLOORS):
        out(f"{level}. " + ", ".join(f"`{f}/`" if f != "game" else "`game/` (main.cpp)" for f in folders))
    out()
    out("```mermaid")
    out("graph BT")
    for (source, target), places in sorted(edges.items()):
        out(f"  {node(source)}[{source}] --> {node(target)}[{target}]")
    out("```")
    out()
    width = max(len(source) for source, _ in edges)
    for source in sorted({source for source, _ in edges}, key=lambda f: (-FLOOR_OF.get(f, -1), f)):
        targets = sorted((t for s, t in edges if s == source), key=lambda f: (-FLOOR_OF.get(f, -1), f))
        out(f"    {source.ljust(width)} -> {', '.join(targets)}")


def main():
    args = sys.argv[1:]
    check_only = "--check" in args
    edges, unknown = collect()
    problems = unknown + upward(edges)
    if "--doc" in args:
        doc = args[args.index("--doc") + 1]
        lines = []
        report(edges, lambda text="": lines.append(text))
        with open(os.path.join(ROOT, doc), encoding="utf-8") as text:
            if "\n".join(lines) + "\n" not in text.read():
                problems.append(f"{doc}: its include graph is not today's: paste the output of "
                                "python3 scripts/include_graph.py")
    if not check_only:
        report(edges)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"include_graph: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    if check_only:
        print(f"include_graph: {sum(len(p) for p in edges.values())} includes across folders, none upward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
