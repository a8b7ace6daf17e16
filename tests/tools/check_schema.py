#!/usr/bin/env python3
"""Validates project JSON files against data/schema/fleetplan.schema.json.

Usage: check_schema.py SCHEMA [--expect-invalid] FILE...
Prints one line per file; exits 1 if any file does not meet the expectation.
"""
import json
import sys

import jsonschema


def main(argv):
    schema = json.load(open(argv[1], encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    expect_invalid = "--expect-invalid" in argv
    failures = 0
    for path in [a for a in argv[2:] if a != "--expect-invalid"]:
        errors = list(validator.iter_errors(json.load(open(path, encoding="utf-8"))))
        ok = bool(errors) if expect_invalid else not errors
        detail = errors[0].message[:160] if errors else "valid"
        print(("ok    " if ok else "FAIL  ") + path + ": " + detail)
        failures += 0 if ok else 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
