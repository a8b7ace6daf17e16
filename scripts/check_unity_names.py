#!/usr/bin/env python3
"""CI check for the unity build (cmake/FleetBuildSpeed.cmake): a name of
internal linkage (in an anonymous namespace, or static at namespace scope)
must be unique among the files of one target. The unity build compiles a
target's files eight at a time as one file, where two such functions of the
same name would overload each other, silently when their parameters differ.

Usage: scripts/check_unity_names.py   (exit 1, listing each clash)

The targets are the core's layers (one library per layer, as
src/core/CMakeLists.txt states them: scripts/check_layers.py reads them),
src/gui, src/cli, and the test executables tests/core, tests/cli and
tests/gui (with the project generator).
It reads declarations with patterns, not a compiler: it may miss an unusual
one, which the unity build then reports as a redefinition when it lands in
the same batch.
"""
import collections
import glob
import os
import re
import sys

import check_layers

TARGETS = {
    **{name: [f"src/core/{s}" for s in sources if s.endswith(".cpp")]
       for name, _, _, sources in check_layers.read_layers()},
    "fleetgui": ["src/gui/*.cpp", "src/gui/*/*.cpp"],
    "fleetplanner-cli": ["src/cli/*.cpp"],
    "fleet_tests_core": ["tests/core/*.cpp"],
    "fleet_tests_cli": ["tests/cli/*.cpp"],
    "fleet_tests_gui": ["tests/gui/*.cpp", "tests/core/project_generator.cpp"],
}
EXCLUDED = {"tests/core/save_loop.cpp"}  # an executable of its own

DECL_TYPE = re.compile(r"^(?:struct|class|enum(?:\s+class)?|union)\s+(\w+)")
ALIAS = re.compile(r"^(?:using|namespace)\s+(\w+)\s*=\s*(.*);")
DECL_OTHER = re.compile(
    r"^(?:template\s*<[^>]*>\s*)?(?:static\s+|inline\s+|constexpr\s+|const\s+|"
    r"\[\[\w+\]\]\s+)*[\w:<>,\*& ]+?[\s\*&]+(\w+)\s*(?:\(|=|\[|\{|;)")
NOT_NAMES = {"if", "return", "else", "namespace", "operator", "while", "for", "switch"}


def internal_names(path):
    """{name: definition text} of the file's internal-linkage names."""
    text = open(path, encoding="utf-8", errors="replace").read()
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    names = {}
    stack = []
    for line in text.split("\n"):
        stripped = line.strip()
        at_namespace_scope = all(kind in ("anon", "ns") for kind in stack)
        in_anonymous = "anon" in stack
        if stripped.startswith("using namespace"):
            pass  # a using-directive declares no name
        elif at_namespace_scope and (in_anonymous or stripped.startswith("static ") or
                                     re.match(r"namespace\s+\w+\s*=", stripped)):
            alias = ALIAS.match(stripped)
            match = DECL_TYPE.match(stripped) or alias or DECL_OTHER.match(stripped)
            if match and match.group(1) not in NOT_NAMES:
                names[match.group(1)] = alias.group(2).strip() if alias else None
        for token in re.finditer(r"namespace\s*([\w:]*)\s*\{|\{|\}", line):
            if token.group(0).startswith("namespace"):
                stack.append("ns" if token.group(1) else "anon")
            elif token.group(0) == "{":
                stack.append("block")
            elif stack:
                stack.pop()
    return names


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    clashes = 0
    for target, patterns in TARGETS.items():
        files = sorted({f for p in patterns for f in glob.glob(p)} - EXCLUDED)
        where = collections.defaultdict(list)
        for path in files:
            for name, alias in internal_names(path).items():
                where[name].append((path, alias))
        for name, places in sorted(where.items()):
            aliases = {alias for _, alias in places}
            if len(places) < 2 or (len(aliases) == 1 and None not in aliases):
                continue  # unique, or the same type alias everywhere (legal)
            clashes += 1
            print(f"{target}: '{name}' has internal linkage in " +
                  ", ".join(path for path, _ in places))
    if clashes:
        print(f"{clashes} names clash in the unity build: rename them, or share one "
              "definition in a header (cmake/FleetBuildSpeed.cmake).")
        return 1
    print("unity build: every internal-linkage name is unique within its target.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
