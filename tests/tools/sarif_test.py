#!/usr/bin/env python3
"""The SARIF reports (CUSIM_REPORT=sarif:<file>, docs/CHECKS.md) of the golden programs, which make a
finding of every kind, and of the planted-bug suites.

  sarif_test.py structure --kinds FILE PROGRAM...   every kind a rule with help text, every result
                                                    naming its rule, its site and a race's other site
  sarif_test.py schema --schema FILE PROGRAM...     every report valid against the SARIF 2.1.0 schema
                                                    (exit 77, CTest's skip, when the schema file or
                                                    the jsonschema module is missing)

Each PROGRAM runs once per mode, in a folder of its own, and must exit 0 (the suites take the
findings they plant); NAME=VALUE arguments before a program are settings of its run."""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

SKIP = 77


def runs(arguments):
    """The programs with their settings: NAME=VALUE arguments apply to the program after them."""
    settings = {}
    for a in arguments:
        if re.match(r"^[A-Z_]+=", a):
            name, value = a.split("=", 1)
            settings[name] = value
        else:
            yield a, settings
            settings = {}


def reports(programs, folder):
    """Runs each program with CUSIM_REPORT=sarif:<file>; yields (program, parsed SARIF)."""
    for program, settings in runs(programs):
        name = pathlib.Path(program).name
        out = pathlib.Path(folder) / (name + ".sarif")
        env = dict(os.environ, **settings, CUSIM_REPORT="sarif:" + str(out), CUSIM_QUIET="1")
        run = subprocess.run([program], env=env, cwd=folder, capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            sys.exit("%s exited %d:\n%s%s" % (name, run.returncode, run.stdout[-3000:], run.stderr[-3000:]))
        if not out.exists():
            sys.exit("%s wrote no SARIF report at %s" % (name, out))
        yield name, json.loads(out.read_text(encoding="utf-8"))


def check_structure(kinds, programs, folder):
    failures = []
    seen = set()

    def fail(where, what):
        failures.append("%s: %s" % (where, what))

    for name, log in reports(programs, folder):
        if log.get("version") != "2.1.0" or len(log.get("runs", [])) != 1:
            fail(name, "not one run of SARIF 2.1.0")
            continue
        run = log["runs"][0]
        rules = run["tool"]["driver"].get("rules", [])
        ids = [r.get("id") for r in rules]
        if ids != kinds:
            fail(name, "the rules are %s, not the kinds of finding_kinds.def %s" % (ids, kinds))
        for r in rules:
            if not r.get("help", {}).get("text") or not r.get("shortDescription", {}).get("text"):
                fail(name, "rule %s has no help text or short description" % r.get("id"))
        results = run.get("results", [])
        if not results:
            fail(name, "no results")
        for i, res in enumerate(results):
            where = "%s result %d (%s)" % (name, i, res.get("ruleId"))
            rule = res.get("ruleId")
            seen.add(rule)
            index = res.get("ruleIndex")
            if index is None or not 0 <= index < len(rules) or rules[index]["id"] != rule:
                fail(where, "ruleIndex %s does not name rule %s" % (index, rule))
            if not res.get("message", {}).get("text"):
                fail(where, "no message")
            elif res.get("properties", {}).get("kernel") and "[kernel '" not in res["message"]["text"]:
                fail(where, "the message does not name the kernel and its threads")
            locations = res.get("locations", [])
            for loc in locations + res.get("relatedLocations", []):
                physical = loc.get("physicalLocation", {})
                if not physical.get("artifactLocation", {}).get("uri"):
                    fail(where, "a location without a file")
                if physical.get("region", {}).get("startLine", 0) < 1:
                    fail(where, "a location without a line")
            if rule.startswith("race-"):
                # Both sites: the access, and the other access among the related locations.
                if len(locations) != 1 or not res.get("relatedLocations"):
                    fail(where, "a race without both sites")
                elif not any("conflicting" in r.get("message", {}).get("text", "") for r in res["relatedLocations"]):
                    fail(where, "no related location is the conflicting access")
    missing = [k for k in kinds if k not in seen]
    if missing:
        failures.append("no program made a finding of: " + ", ".join(missing))
    return failures


def check_schema(schema_path, programs, folder):
    try:
        import jsonschema
    except ImportError:
        print("SKIPPED: the jsonschema module is missing for %s (apt-get install python3-jsonschema)" % sys.executable)
        sys.exit(SKIP)
    if not pathlib.Path(schema_path).exists():
        print("SKIPPED: no SARIF schema at %s (tools/install-sarif-schema fetches it)" % schema_path)
        sys.exit(SKIP)
    schema = json.loads(pathlib.Path(schema_path).read_text(encoding="utf-8-sig"))
    validator = jsonschema.validators.validator_for(schema)(schema)
    failures = []
    checked = 0
    for name, log in reports(programs, folder):
        checked += len(log["runs"][0].get("results", []))
        for error in validator.iter_errors(log):
            failures.append("%s: %s at %s" % (name, error.message[:300], "/".join(str(p) for p in error.absolute_path)))
            if len(failures) > 20:
                return failures
    print("%d results of %d programs checked against %s: %s" % (
        checked, len(list(runs(programs))), schema_path, "%d errors" % len(failures) if failures else "valid"))
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["structure", "schema"])
    parser.add_argument("--kinds", help="sim/report/finding_kinds.def")
    parser.add_argument("--schema", help="the SARIF 2.1.0 JSON schema")
    parser.add_argument("programs", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cusim-sarif-") as folder:
        if args.mode == "structure":
            kinds = re.findall(r'^CUSIM_FINDING_KIND\(\w+, "([a-z-]+)"', pathlib.Path(args.kinds).read_text(), re.M)
            failures = check_structure(kinds, args.programs, folder)
        else:
            failures = check_schema(args.schema, args.programs, folder)
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
