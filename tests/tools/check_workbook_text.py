#!/usr/bin/env python3
"""Reads a FleetPlanner workbook back and checks its text (issue 33): every
XML part parses (expat, as a strict XML 1.0 reader); no cell holds a formula;
each expected name is a string cell with exactly that text, never a formula.
Usage: check_workbook_text.py WORKBOOK.xlsx NAMES.json
(NAMES.json: a JSON array of the names that must be there as text)
Exit 0: all good; 1: a check failed (printed); 77: openpyxl is missing."""
import json
import sys
import xml.etree.ElementTree as ElementTree
import zipfile

try:
    import openpyxl
except ImportError:
    print("openpyxl is not installed (Debian: python3-openpyxl)")
    sys.exit(77)


def main():
    path = sys.argv[1]
    with open(sys.argv[2], encoding="utf-8") as f:
        names = json.load(f)
    problems = []
    with zipfile.ZipFile(path) as package:
        for part in package.namelist():
            if part.endswith(".xml") or part.endswith(".rels"):
                try:
                    ElementTree.fromstring(package.read(part))
                except ElementTree.ParseError as error:
                    problems.append(f"{part}: not well-formed XML: {error}")
    book = openpyxl.load_workbook(path)
    strings = set()
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    problems.append(f"{sheet.title}!{cell.coordinate}: a formula, {cell.value!r}")
                elif cell.data_type == "s" and isinstance(cell.value, str):
                    strings.add(cell.value)
    for name in names:
        if name not in strings:
            problems.append(f"{name[:60]!r}: not a string cell of the workbook")
    for problem in problems:
        print(problem)
    print(f"{len(names)} names checked, {len(strings)} distinct string cells")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
