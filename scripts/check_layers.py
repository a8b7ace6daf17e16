#!/usr/bin/env python3
"""The core's layers (issue 30, docs/ARCHITECTURE.md "Layers"): a file of
src/core includes headers of its own layer and of the layers below it only.

The layers are read from the fleet_core_layer() calls of src/core/CMakeLists.txt
(cmake/FleetLayers.cmake), the one place they are stated. The build enforces
them already: each layer's include root shows only the folders it may use, so
a back-include does not compile. This check runs in ctest (core_layers) as a
second line, and says more than a compiler would:

  - every #include "folder/file.h" of src/core names a folder the including
    file's layer may see; a relative "../store/x.h" (which the include roots
    cannot stop) counts as the folder it reaches;
  - every folder of src/core belongs to exactly one layer, and every .h/.cpp
    file under it is in that layer's SOURCES (a new file put in another
    layer's list would compile there with that layer's view);
  - with --build-dir and --cxx: each layer's include root, as the compiler
    sees it (__has_include), shows exactly the folders it may use.

Usage: scripts/check_layers.py [--build-dir build --cxx c++]   (exit 1 on a violation)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
CORE = os.path.join(TOP, "src", "core")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
# #include lines that a header's comment quotes are not includes; only
# directives at the start of a line count (INCLUDE's ^).


def read_layers(cmake_file=os.path.join(CORE, "CMakeLists.txt")):
    """[(name, own folders, depends, sources)] in the order stated."""
    text = re.sub(r"#[^\n]*", "", open(cmake_file, encoding="utf-8").read())
    layers = []
    for match in re.finditer(r"fleet_core_layer\(([^)]*)\)", text):
        words = match.group(1).split()
        name, parts, key = words[0], {"FOLDERS": [], "DEPENDS": [], "SOURCES": []}, None
        for word in words[1:]:
            if word in parts:
                key = word
            elif key:
                parts[key].append(word)
        layers.append((name, parts["FOLDERS"], parts["DEPENDS"], parts["SOURCES"]))
    return layers


def visible_folders(layers):
    """{layer: folders its files may include}, through its DEPENDS."""
    visible = {}
    for name, folders, depends, _ in layers:
        seen = list(folders)
        for dep in depends:
            if dep not in visible:
                raise SystemExit(f"{name} depends on {dep}, which is not a layer stated before it")
            seen += [f for f in visible[dep] if f not in seen]
        visible[name] = seen
    return visible


def check_sources(layers, problems):
    owner = {}
    for name, folders, _, _ in layers:
        for folder in folders:
            if folder in owner:
                problems.append(f"folder {folder}/ is in both {owner[folder]} and {name}")
            owner[folder] = name
    listed = {}
    for name, _, _, sources in layers:
        for source in sources:
            listed[source] = name
            folder = source.split("/")[0] if "/" in source else None
            if folder and owner.get(folder) != name:
                problems.append(f"{source} is listed in {name}, but {folder}/ belongs to "
                                f"{owner.get(folder, 'no layer')}")
    for entry in sorted(os.listdir(CORE)):
        path = os.path.join(CORE, entry)
        if not os.path.isdir(path):
            continue
        if entry not in owner:
            problems.append(f"folder src/core/{entry}/ belongs to no layer: add it to the FOLDERS "
                            "of one fleet_core_layer() in src/core/CMakeLists.txt")
            continue
        for root, _, files in os.walk(path):
            for file in sorted(files):
                if file.endswith((".h", ".cpp")):
                    rel = os.path.relpath(os.path.join(root, file), CORE)
                    if rel not in listed:
                        problems.append(f"src/core/{rel} is in no layer's SOURCES: add it to "
                                        f"{owner[entry]}'s in src/core/CMakeLists.txt")
    return owner


def check_includes(owner, visible, problems):
    for folder, layer in sorted(owner.items()):
        for root, _, files in os.walk(os.path.join(CORE, folder)):
            for file in sorted(files):
                if not file.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(root, file)
                rel = os.path.relpath(path, CORE)
                for number, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
                    match = INCLUDE.match(line)
                    if not match:
                        continue
                    target = match.group(1)
                    if os.path.exists(os.path.join(root, target)):  # relative to the file
                        target = os.path.relpath(os.path.normpath(os.path.join(root, target)), CORE)
                    if target.startswith("..") or "/" not in target:
                        continue  # outside src/core, or a file at its top (version.h)
                    reached = target.split("/")[0]
                    if reached in owner and reached not in visible[layer]:
                        problems.append(
                            f"src/core/{rel}:{number}: includes \"{match.group(1)}\": {layer} "
                            f"({folder}/) may include {', '.join(visible[layer])} only; "
                            f"{reached}/ is {owner[reached]}, above it or beside it")


def check_roots(layers, visible, build_dir, cxx, problems):
    folders = sorted({f for _, own, _, _ in layers for f in own})
    # One header of each folder stands for it (the roots link whole folders).
    header = {f: min(h for h in os.listdir(os.path.join(CORE, f)) if h.endswith(".h"))
              for f in folders}
    probe = "".join(f'#if __has_include("{f}/{header[f]}")\nseen {f}\n#endif\n'
                    for f in folders)
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as handle:
        handle.write(probe)
    try:
        for name, _, _, _ in layers:
            root = os.path.join(build_dir, "src", "core", "layers", name)
            if not os.path.isdir(root):
                problems.append(f"{root}: no include root for {name} (configure the build first)")
                continue
            out = subprocess.run([cxx, "-E", "-P", "-x", "c++", "-I", root, handle.name],
                                 capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
            seen = sorted(l.split()[1] for l in out.stdout.splitlines() if l.startswith("seen "))
            if seen != sorted(visible[name]):
                problems.append(f"{name}'s include root shows {', '.join(seen)}; it should show "
                                f"{', '.join(sorted(visible[name]))}")
    finally:
        os.unlink(handle.name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir")
    parser.add_argument("--cxx", default="c++")
    args = parser.parse_args()
    layers = read_layers()
    visible = visible_folders(layers)
    problems = []
    owner = check_sources(layers, problems)
    check_includes(owner, visible, problems)
    if args.build_dir:
        check_roots(layers, visible, os.path.abspath(args.build_dir), args.cxx, problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} layer problems (src/core/CMakeLists.txt states the layers).")
        return 1
    print(f"layers: {len(layers)} libraries; every include of src/core stays in its layer or below.")
    for name, own, depends, _ in layers:
        print(f"  {name} ({', '.join(own)}) on {', '.join(depends) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
