#!/usr/bin/env python3
"""A check that every test tests/test_costs.cmake gives a COST exists, and gets it.

Usage:
  python3 scripts/test_costs_check.py BUILD_DIR COSTS_FILE   # exit 1, one line per finding

ctest ignores set_tests_properties for a name it does not know (the file is included by several
directories, each with only some of the tests), so a renamed test would silently lose its place at
the front of the run. The file sets a COST only on tests defined before it is included, so each
named test must be listed by a gtest file that its directory's CTestTestfile.cmake includes ahead
of COSTS_FILE. Reads the generated files, not `ctest -N`: a ctest started from a test replaces the
running suite's Testing/Temporary/LastTest.log. Standard library only.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^include\("([^"]+)"\)', re.M)
GTEST_LIST = re.compile(r'^\s*include\("([^"]+_tests\.cmake)"\)', re.M)
TEST_NAME = re.compile(r"^add_test\(\[=\[(.*?)\]=\]", re.M)


def tests_with_cost(build, costs):
    """Names of the tests defined ahead of COSTS_FILE in some directory's CTestTestfile.cmake."""
    covered = set()
    for folder, _, files in os.walk(build):
        if "CTestTestfile.cmake" not in files:
            continue
        ahead = set()
        for included in INCLUDE.findall(open(os.path.join(folder, "CTestTestfile.cmake")).read()):
            if os.path.realpath(included) == os.path.realpath(costs):
                covered |= ahead
                continue
            if not os.path.exists(included):
                continue
            for listing in GTEST_LIST.findall(open(included).read()):
                if os.path.exists(listing):
                    ahead |= set(TEST_NAME.findall(open(listing).read()))
    return covered


def main():
    build, costs = sys.argv[1], sys.argv[2]
    names = re.findall(r"^set_tests_properties\((\S+) PROPERTIES COST \d+\)", open(costs).read(), re.M)
    if not names:
        print(f"test_costs_check: no COST line in {costs}")
        return 1
    covered = tests_with_cost(build, costs)
    missing = [name for name in names if name not in covered]
    for name in missing:
        print(f"test_costs_check: {costs} names '{name}', which no directory of {build} defines before "
              "including it: rename the line, remove it, or include the file after that directory's tests")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
