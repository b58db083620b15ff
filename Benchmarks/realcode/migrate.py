#!/usr/bin/env python3
"""Runs `statelint migrate` on real apps and checks what it wrote.

    migrate.py --bin STATELINT [--syntax-check SWIFTSYNTAX_CHECK] [--xcode 27 --xcode 26]
               [--deployment-target '{iOS: 17, macOS: 14}'] [--json OUT.json] APP_DIR…

Each APP_DIR is copied to a temporary folder, given a `.linter.yml` with the deployment target
raised (so that the code decides what migrates, not the manifest) and `xcode_version` set (an
app's own `.linter.yml` is kept with those keys replaced), and migrated once per Xcode version. For each run it reports:

- the classes: how many `ObservableObject` classes, how many migrated, the most frequent
  reasons that keep the others (places stripped), and the blockers (places that keep more than
  one class);
- the checks: syntax errors of every changed file before and after (`--syntax-check`, the
  oracle's `swiftsyntax-check`; skipped without it), findings of `statelint lint` in the changed
  files before and after (a new one is a failure), and whether a second migrate changes anything
  (it must not);
- the wall time of `migrate` and of `lint` on the same tree, and their ratio.

Exit status: 0 when every check passed, 1 when one failed, 2 on bad arguments.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter

PLACE = re.compile(r" at [^ ]+:\d+")


def run(command, cwd):
    start = time.monotonic()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    return done, time.monotonic() - start


def copy_app(app, xcode, deployment_target, scratch):
    tree = os.path.join(scratch, os.path.basename(os.path.normpath(app)) + "-" + xcode)
    shutil.copytree(app, tree, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    config = os.path.join(tree, ".linter.yml")
    existing = ""
    if os.path.exists(config):
        with open(config, encoding="utf-8") as handle:
            existing = "".join(line for line in handle if not line.startswith(("deployment_target:", "xcode_version:")))
    with open(config, "w", encoding="utf-8") as handle:
        handle.write(existing + "deployment_target: " + deployment_target + "\n" + "xcode_version: " + xcode + "\n")
    return tree


def findings_by_file(binary, tree):
    done, _ = run([binary, "lint", "--quiet", "--reporter", "json", "."], tree)
    counts = Counter()
    try:
        report = json.loads(done.stdout or "[]")
    except json.JSONDecodeError:
        return None
    for finding in report.get("findings", []):
        counts[(os.path.normpath(finding["file"]), finding["rule"])] += 1
    return counts


def syntax_errors(checker, files):
    if not checker or not files:
        return {}
    done = subprocess.run([checker] + files, capture_output=True, text=True)
    errors = {}
    for line in done.stdout.splitlines():
        count, _, path = line.partition("\t")
        errors[path] = int(count)
    return errors


def changed_files(before, after):
    changed = []
    for folder, _, names in os.walk(after):
        for name in names:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, after)
            original = os.path.join(before, relative)
            with open(path, "rb") as new, open(original, "rb") as old:
                if new.read() != old.read():
                    changed.append(relative)
    return sorted(changed)


def migrate_app(args, app, xcode, scratch):
    tree = copy_app(app, xcode, args.deployment_target, scratch)
    pristine = tree + "-before"
    shutil.copytree(tree, pristine, symlinks=True)
    before_findings = findings_by_file(args.bin, tree)
    _, lint_time = run([args.bin, "lint", "--quiet", "."], tree)
    done, migrate_time = run([args.bin, "migrate", "--json", "--xcode-version", xcode], tree)
    result = {"app": os.path.basename(os.path.normpath(app)), "xcode": xcode, "ok": True, "problems": []}
    if done.returncode != 0:
        result["ok"] = False
        result["problems"].append("migrate exited %d: %s" % (done.returncode, done.stderr.strip()[-500:]))
        return result
    report = json.loads(done.stdout)
    result["classes"] = len(report["migrated"]) + len(report["refused"])
    result["migrated"] = len(report["migrated"])
    result["migrated_types"] = [entry["type"] for entry in report["migrated"]]
    reasons = Counter()
    for entry in report["refused"]:
        for reason in set(PLACE.sub("", reason) for reason in entry["reasons"]):
            reasons[reason] += 1
    result["top_reasons"] = reasons.most_common(5)
    result["blockers"] = [(len(b["keeps"]), "%s:%d" % (b["file"], b["line"]), b["reason"]) for b in report["blockers"]][:5]
    result["migrate_seconds"] = round(migrate_time, 3)
    result["lint_seconds"] = round(lint_time, 3)
    changed = changed_files(pristine, tree)
    result["changed_files"] = len(changed)
    # Syntax: no changed file may have more syntax errors than it had.
    old = syntax_errors(args.syntax_check, [os.path.join(pristine, path) for path in changed])
    new = syntax_errors(args.syntax_check, [os.path.join(tree, path) for path in changed])
    for path in changed:
        before = old.get(os.path.join(pristine, path), 0)
        after = new.get(os.path.join(tree, path), 0)
        if after > before:
            result["ok"] = False
            result["problems"].append("%s: %d syntax errors, %d before" % (path, after, before))
    # Findings: no changed file may have a finding of a rule it did not have as often.
    after_findings = findings_by_file(args.bin, tree)
    if before_findings is None or after_findings is None:
        result["ok"] = False
        result["problems"].append("lint output could not be read")
    else:
        for (path, rule), count in after_findings.items():
            if path in changed and count > before_findings.get((path, rule), 0):
                result["ok"] = False
                result["problems"].append("%s: new %s finding" % (path, rule))
    # A fixed point.
    again, _ = run([args.bin, "migrate", "--diff", "--xcode-version", xcode], tree)
    if again.stdout.strip():
        result["ok"] = False
        result["problems"].append("a second migrate changes:\n" + again.stdout[:2000])
    if not args.keep:
        shutil.rmtree(pristine, ignore_errors=True)
        shutil.rmtree(tree, ignore_errors=True)
    else:
        result["tree"] = tree
    return result


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--syntax-check")
    parser.add_argument("--xcode", action="append")
    parser.add_argument("--deployment-target", default="{iOS: 17, macOS: 14}")
    parser.add_argument("--json", help="write every result here")
    parser.add_argument("--keep", action="store_true", help="keep the migrated trees (their paths are in --json)")
    parser.add_argument("apps", nargs="+")
    args = parser.parse_args(argv)
    args.bin = os.path.abspath(args.bin)
    if args.syntax_check:
        args.syntax_check = os.path.abspath(args.syntax_check)
    versions = args.xcode or ["27", "26"]
    scratch = tempfile.mkdtemp(prefix="statelint-migrate-")
    results = []
    totals = Counter()
    for app in args.apps:
        for xcode in versions:
            result = migrate_app(args, app, xcode, scratch)
            results.append(result)
            totals["classes " + xcode] += result.get("classes", 0)
            totals["migrated " + xcode] += result.get("migrated", 0)
            status = "ok" if result["ok"] else "FAILED"
            print("%-28s Xcode %s: migrated %3d of %3d, %3d files changed, migrate %.2f s, lint %.2f s (%s)" % (
                result["app"], xcode, result.get("migrated", 0), result.get("classes", 0), result.get("changed_files", 0),
                result.get("migrate_seconds", 0), result.get("lint_seconds", 0), status))
            for reason, count in result.get("top_reasons", []):
                print("    kept %3d: %s" % (count, reason[:160]))
            for keeps, place, reason in result.get("blockers", []):
                print("    blocker keeps %d: %s: %s" % (keeps, place, reason[:120]))
            for problem in result["problems"]:
                print("    PROBLEM: " + problem)
    for xcode in versions:
        classes, migrated = totals["classes " + xcode], totals["migrated " + xcode]
        share = 100.0 * migrated / classes if classes else 0
        print("all apps, Xcode %s: migrated %d of %d classes (%.1f %%)" % (xcode, migrated, classes, share))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0 if all(result["ok"] for result in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
