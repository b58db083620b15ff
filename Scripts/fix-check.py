#!/usr/bin/env python3
"""Prove that `statelint --fix` is safe on a folder of Swift sources.

    Scripts/fix-check.py --statelint BIN --syntax-check BIN [--expect-fixes] FOLDER

FOLDER is copied three times into a temporary folder (it is never modified). On the copies:
`statelint --diff` is saved, `statelint --fix` runs, and then these must hold:

  1. in each file, each rule reports at least as many findings fewer as were fixed (none fixed
     remains, none is new), no remaining finding still has a fix,
     and the findings `--fix` reported as remaining are exactly the second lint's;
  2. a second `--fix` changes no file, and `--diff` prints nothing;
  3. `swiftsyntax-check` finds no more syntax errors in any fixed file than in its original;
  4. every file the diff does not name is byte-identical to the original, and no file was
     added or removed;
  5. the saved diff, applied with `patch -p1` to another copy, gives exactly what `--fix` wrote.

--expect-fixes also requires that something was fixed. Prints one line per check; exits 1 if
a check fails, 2 on usage errors. Python standard library only, plus `patch`.
"""
import argparse
import collections
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile


class CheckFailed(Exception):
    pass


def run(command, cwd, allowed=(0, 1)):
    """Runs a command; its exit status must be one of `allowed` (lint's 0 or 1, not 2)."""
    result = subprocess.run(command, cwd=cwd, capture_output=True)
    if result.returncode not in allowed:
        raise CheckFailed(f"`{' '.join(map(str, command))}` in {cwd} exited {result.returncode}:\n"
                          + result.stderr.decode("utf-8", "replace"))
    return result


def snapshot(root):
    """Relative path -> SHA-256 of every regular file below root (links not followed)."""
    files = {}
    for folder, folders, names in os.walk(root):
        folders.sort()
        for name in names:
            path = os.path.join(folder, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            with open(path, "rb") as handle:
                files[os.path.relpath(path, root)] = hashlib.sha256(handle.read()).hexdigest()
    return files


def lint_json(statelint, root):
    report = run([statelint, "lint", "--quiet", "--reporter", "json", "."], cwd=root)
    return json.loads(report.stdout)["findings"]


def file_and_rule(finding):
    return (finding["file"], finding["rule"])


def key(finding):
    """A finding without its position: fixes move lines, but not files, rules or messages."""
    return (finding["file"], finding["rule"], finding["message"])


def unquote(label):
    """A diff label as git and `statelint --diff` write it: plain, or "quoted" with C escapes."""
    if not (label.startswith('"') and label.endswith('"')):
        return label
    body, out, index = label[1:-1].encode("utf-8"), bytearray(), 0
    escapes = {ord("n"): 10, ord("t"): 9, ord("r"): 13, ord('"'): 34, ord("\\"): 92}
    while index < len(body):
        byte = body[index]
        if byte == 92 and index + 1 < len(body):
            following = body[index + 1]
            if following in escapes:
                out.append(escapes[following])
                index += 2
                continue
            if 48 <= following <= 55:
                out.append(int(body[index + 1:index + 4], 8))
                index += 4
                continue
        out.append(byte)
        index += 1
    return out.decode("utf-8")


def diff_files(diff):
    """The paths a unified diff changes (its `+++ b/…` lines)."""
    paths = []
    for line in diff.decode("utf-8").split("\n"):
        if line.startswith("+++ "):
            label = unquote(line[4:])
            paths.append(label[2:] if label.startswith("b/") else label)
    return paths


def syntax_errors(checker, root, paths):
    """Path -> number of syntax errors, from `swiftsyntax-check` (`<errors><TAB><path>` lines)."""
    if not paths:
        return {}
    result = run([checker, *paths], cwd=root)
    counts = {}
    for line in result.stdout.decode("utf-8", "replace").splitlines():
        count, _, path = line.partition("\t")
        if count.strip().isdigit():
            counts[path] = int(count)
    missing = [path for path in paths if path not in counts]
    if missing:
        raise CheckFailed(f"{checker} gave no count for {missing[:3]}")
    return counts


def check(args, work):
    original, fixed, patched = (work / name for name in ("original", "fixed", "patched"))
    for copy in (original, fixed, patched):
        shutil.copytree(args.folder, copy, symlinks=True)
    # Configuration discovery stops at a folder holding `.git`: here, not in the machine's /tmp.
    (work / ".git").mkdir()
    statelint = os.path.abspath(args.statelint)
    before = lint_json(statelint, original)
    diff = run([statelint, "--diff", "--quiet", "."], cwd=fixed).stdout
    (work / "fix.diff").write_bytes(diff)
    fixed_report = work / "after-fix.json"
    run([statelint, "--fix", "--quiet", "--reporter", f"json:{fixed_report}", "."], cwd=fixed)
    changed = diff_files(diff)
    fixable = [finding for finding in before if "fix" in finding]
    print(f"  {len(before)} findings, {len(fixable)} with a fix; --fix changed {len(changed)} files")
    if args.expect_fixes and not changed:
        raise CheckFailed("--expect-fixes: nothing was fixed")

    # 1. The fixed findings are gone, nothing fixable remains, and --fix told the truth.
    after = lint_json(statelint, fixed)
    # Per file and rule, not per message: a fix may change what a remaining finding says (its
    # handler became `.task`), but each rule must report at least the fixed findings fewer.
    counts_before = collections.Counter(map(file_and_rule, before))
    counts_fixable = collections.Counter(map(file_and_rule, fixable))
    for item, count in collections.Counter(map(file_and_rule, after)).items():
        if count > counts_before[item] - counts_fixable[item]:
            raise CheckFailed(f"1: a fixed finding is still reported, or a new one appeared: {item}: "
                              f"{counts_before[item]} before, {counts_fixable[item]} fixed, {count} after")
    still_fixable = [finding for finding in after if "fix" in finding]
    if still_fixable:
        raise CheckFailed(f"1: {len(still_fixable)} findings still have a fix after --fix, e.g. {key(still_fixable[0])}")
    reported = json.loads(fixed_report.read_text(encoding="utf-8"))["findings"]
    if reported != after:
        raise CheckFailed("1: the findings --fix reported as remaining differ from a second lint's")
    print(f"  ok 1: {len(before) - len(after)} findings fixed, {len(after)} remain, none fixable")

    # 2. A fixed point.
    state = snapshot(fixed)
    run([statelint, "--fix", "--quiet", "."], cwd=fixed)
    if snapshot(fixed) != state:
        raise CheckFailed("2: a second --fix changed files")
    if run([statelint, "--diff", "--quiet", "."], cwd=fixed).stdout:
        raise CheckFailed("2: --diff after --fix is not empty")
    print("  ok 2: a second --fix changes nothing")

    # 3. No new syntax errors.
    errors_before = syntax_errors(args.syntax_check, original, changed)
    errors_after = syntax_errors(args.syntax_check, fixed, changed)
    worse = [path for path in changed if errors_after[path] > errors_before[path]]
    if worse:
        raise CheckFailed(f"3: more syntax errors after fixing: "
                          + ", ".join(f"{p} ({errors_before[p]} -> {errors_after[p]})" for p in worse))
    print(f"  ok 3: no fixed file has more syntax errors ({sum(errors_after.values())} in all, as before or fewer)")

    # 4. Only the files in the diff changed.
    files_before, files_after = snapshot(original), snapshot(fixed)
    if files_before.keys() != files_after.keys():
        raise CheckFailed(f"4: files added or removed: {sorted(files_before.keys() ^ files_after.keys())[:5]}")
    differing = sorted(path for path in files_before if files_before[path] != files_after[path])
    if differing != sorted(changed):
        raise CheckFailed(f"4: the files that changed {differing[:5]} are not the files in the diff {sorted(changed)[:5]}")
    print(f"  ok 4: {len(files_before) - len(differing)} untouched files byte-identical")

    # 5. The diff is exactly the fix.
    if diff:
        run(["patch", "-p1", "--batch", "--silent", "--no-backup-if-mismatch", "-i", str(work / "fix.diff")],
            cwd=patched, allowed=(0,))
    if snapshot(patched) != files_after:
        raise CheckFailed("5: the diff applied with patch -p1 differs from what --fix wrote")
    print("  ok 5: patch -p1 with the saved --diff gives exactly what --fix wrote")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statelint", required=True)
    parser.add_argument("--syntax-check", required=True)
    parser.add_argument("--expect-fixes", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the temporary copies and print where")
    parser.add_argument("folder", type=pathlib.Path)
    args = parser.parse_args()
    for tool in (args.statelint, args.syntax_check):
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            print(f"fix-check.py: {tool} is not an executable file", file=sys.stderr)
            return 2
    if not args.folder.is_dir():
        print(f"fix-check.py: {args.folder} is not a folder", file=sys.stderr)
        return 2
    if shutil.which("patch") is None:
        print("fix-check.py: needs patch (apt-get install -y patch)", file=sys.stderr)
        return 2
    args.syntax_check = os.path.abspath(args.syntax_check)
    work = pathlib.Path(tempfile.mkdtemp(prefix="statelint-fix-check-"))
    print(f"fix-check {args.folder}:")
    try:
        check(args, work)
    except CheckFailed as failure:
        print(f"  FAIL {failure}")
        print(f"  (copies kept in {work})")
        return 1
    if args.keep:
        print(f"  copies in {work}")
    else:
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
