#!/usr/bin/env python3
"""Runs a statelint binary over a folder of real apps and writes their findings as one TSV.

    run.py --bin STATELINT [--out FINDINGS.tsv] [--logs DIR] APPS_DIR [-- STATELINT_ARGS…]
    run.py --compare OLD.tsv NEW.tsv

Every sub-folder of APPS_DIR is one app. statelint runs from inside it
(`statelint lint --reporter json . STATELINT_ARGS…`), so paths are relative to the app and the
app's own `.linter.yml` applies. An app without one gets a `.linter.yml` holding only a comment:
otherwise statelint would search the parent folders and could pick up another project's config.

The TSV has a header and one row per finding: app, path, line, column, rule, message, sorted.
Fields are escaped like the token dump (`\\` → `\\\\`, TAB → `\\t`, LF → `\\n`, CR → `\\r`), so a row
is always one line. With --logs, each app's standard error (status lines, --show-unresolved
lists) is kept as DIR/<app>.stderr.

--compare prints the findings that disappeared (`-`) and appeared (`+`) between two TSVs and a
count per rule; rows are compared whole, so a finding that moved is one of each.

Exit status: 0 done (compare: no difference), 1 an app failed to lint (compare: differences),
2 bad arguments or unreadable input.
"""
import json
import os
import subprocess
import sys
from collections import Counter

HEADER = ("app", "path", "line", "column", "rule", "message")
CONFIG_NAME = ".linter.yml"
PLACEHOLDER_CONFIG = "# Added by Benchmarks/realcode/run.py: statelint's defaults, and no parent folder's config.\n"

_ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}


class InputError(Exception):
    """Input that cannot be used: the message says where and why."""


def escape_field(text):
    return "".join(_ESCAPES.get(ch, ch) for ch in text)


def unescape_field(text, where="field"):
    out = []
    chars = iter(text)
    for ch in chars:
        if ch != "\\":
            out.append(ch)
            continue
        nxt = next(chars, None)
        if nxt not in _UNESCAPES:
            raise InputError(f"{where}: unknown escape \\{nxt or ''}")
        out.append(_UNESCAPES[nxt])
    return "".join(out)


def sort_key(row):
    app, path, line, column, rule, message = row
    return (app, path, int(line), int(column), rule, message)


def normalise_path(path, app_dir):
    """A finding's file relative to its app: `./A.swift` and `/abs/app/A.swift` both become `A.swift`."""
    if os.path.isabs(path):
        root = os.path.realpath(app_dir)
        real = os.path.realpath(path)
        if real == root or real.startswith(root + os.sep):
            path = os.path.relpath(real, root)
    while path.startswith("./"):
        path = path[2:]
    return path


def findings_rows(app, json_text, app_dir="."):
    """Rows for one app from statelint's JSON report (schema version 1)."""
    try:
        report = json.loads(json_text)
    except ValueError as error:
        raise InputError(f"{app}: statelint's output is not JSON ({error})") from None
    if not isinstance(report, dict) or report.get("version") != 1 or not isinstance(report.get("findings"), list):
        raise InputError(f"{app}: statelint's JSON is not schema version 1 with a findings list")
    rows = []
    for index, finding in enumerate(report["findings"]):
        try:
            line, column = finding["line"], finding["column"]
            if not isinstance(line, int) or not isinstance(column, int):
                raise TypeError("line and column must be integers")
            row = (app, normalise_path(str(finding["file"]), app_dir), str(line), str(column),
                   str(finding["rule"]), str(finding["message"]))
        except (KeyError, TypeError) as error:
            raise InputError(f"{app}: finding {index} is malformed ({error})") from None
        rows.append(row)
    return sorted(rows, key=sort_key)


def tsv_text(rows):
    lines = ["\t".join(HEADER)]
    lines += ["\t".join(escape_field(field) for field in row) for row in sorted(rows, key=sort_key)]
    return "\n".join(lines) + "\n"


def write_atomically(path, text):
    folder = os.path.dirname(os.path.abspath(path))
    temporary = os.path.join(folder, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(temporary, path)


def parse_tsv(text, name="TSV"):
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or tuple(lines[0].split("\t")) != HEADER:
        raise InputError(f"{name}:1: expected the header {' '.join(HEADER)}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        where = f"{name}:{number}"
        if len(fields) != len(HEADER):
            raise InputError(f"{where}: expected {len(HEADER)} tab-separated fields, found {len(fields)}")
        row = tuple(unescape_field(field, where) for field in fields)
        if not (row[2].isdigit() and row[3].isdigit()):
            raise InputError(f"{where}: line and column must be positive integers")
        rows.append(row)
    return rows


def read_tsv(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return parse_tsv(handle.read(), path)
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8") from None


def compare(old_rows, new_rows):
    """(disappeared, appeared): the rows only in the old list and only in the new one, counting repeats."""
    old, new = Counter(old_rows), Counter(new_rows)
    disappeared = sorted((old - new).elements(), key=sort_key)
    appeared = sorted((new - old).elements(), key=sort_key)
    return disappeared, appeared


def comparison_lines(disappeared, appeared):
    lines = []
    for sign, rows in (("-", disappeared), ("+", appeared)):
        for app, path, line, column, rule, message in rows:
            lines.append(f"{sign} {app}/{path}:{line}:{column}: [{rule}] {escape_field(message)}")
    gone, came = Counter(row[4] for row in disappeared), Counter(row[4] for row in appeared)
    for rule in sorted(set(gone) | set(came)):
        lines.append(f"{rule}: -{gone[rule]} +{came[rule]}")
    lines.append(f"{len(disappeared)} disappeared, {len(appeared)} appeared")
    return lines


def ensure_config(app_dir):
    """Gives the app a comment-only `.linter.yml` unless it has one. True when one was written."""
    path = os.path.join(app_dir, CONFIG_NAME)
    if os.path.lexists(path):
        return False
    with open(path, "x", encoding="utf-8") as handle:
        handle.write(PLACEHOLDER_CONFIG)
    return True


def app_folders(apps_dir):
    try:
        names = sorted(os.listdir(apps_dir))
    except OSError as error:
        raise InputError(f"cannot list {apps_dir}: {error.strerror}") from None
    return [name for name in names
            if not name.startswith(".") and os.path.isdir(os.path.join(apps_dir, name))
            and not os.path.islink(os.path.join(apps_dir, name))]


def lint_app(binary, app_dir, extra_args):
    """(stdout, stderr, exit status) of statelint run from inside app_dir."""
    command = [binary, "lint", "--reporter", "json", ".", *extra_args]
    result = subprocess.run(command, cwd=app_dir, capture_output=True, stdin=subprocess.DEVNULL)
    return (result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace"),
            result.returncode)


def run_all(binary, apps_dir, extra_args, logs_dir=None, progress=None):
    """(rows, failures): every app's findings, and `app: reason` for each app that could not be linted."""
    progress = progress or sys.stderr
    rows, failures = [], []
    for app in app_folders(apps_dir):
        app_dir = os.path.join(apps_dir, app)
        ensure_config(app_dir)
        stdout, stderr, status = lint_app(binary, app_dir, extra_args)
        if logs_dir:
            with open(os.path.join(logs_dir, f"{app}.stderr"), "w", encoding="utf-8") as handle:
                handle.write(stderr)
        if status not in (0, 1):
            last = stderr.strip().splitlines()[-1:] or ["no message"]
            failures.append(f"{app}: statelint exited {status}: {last[0]}")
            continue
        try:
            found = findings_rows(app, stdout, app_dir)
        except InputError as error:
            failures.append(str(error))
            continue
        rows += found
        print(f"{app}: {len(found)} findings", file=progress)
    return sorted(rows, key=sort_key), failures


USAGE = ("usage: run.py --bin STATELINT [--out FINDINGS.tsv] [--logs DIR] APPS_DIR [-- STATELINT_ARGS…]\n"
         "       run.py --compare OLD.tsv NEW.tsv")


def usage_error(message):
    print(f"error: {message}\n{USAGE}", file=sys.stderr)
    return 2


def main(argv):
    own, extra = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    if own[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    try:
        if own[:1] == ["--compare"]:
            if len(own) != 3 or extra:
                return usage_error("--compare takes exactly OLD.tsv NEW.tsv")
            disappeared, appeared = compare(read_tsv(own[1]), read_tsv(own[2]))
            print("\n".join(comparison_lines(disappeared, appeared)))
            return 1 if disappeared or appeared else 0
        options, positional = {"--bin": None, "--out": None, "--logs": None}, []
        items = iter(own)
        for item in items:
            if item in options:
                options[item] = next(items, None)
                if options[item] is None:
                    return usage_error(f"{item} needs a value")
            elif item.startswith("-"):
                return usage_error(f"unknown option {item} (statelint's own options go after --)")
            else:
                positional.append(item)
        if len(positional) != 1 or not options["--bin"]:
            return usage_error("give --bin STATELINT and one APPS_DIR")
        binary = os.path.abspath(options["--bin"])
        if not os.access(binary, os.X_OK):
            return usage_error(f"{options['--bin']} is not an executable file")
        if options["--logs"]:
            os.makedirs(options["--logs"], exist_ok=True)
        rows, failures = run_all(binary, positional[0], extra, options["--logs"])
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    text = tsv_text(rows)
    if options["--out"]:
        write_atomically(options["--out"], text)
    else:
        sys.stdout.write(text)
    for rule, count in sorted(Counter(row[4] for row in rows).items()):
        print(f"{rule}: {count}", file=sys.stderr)
    print(f"{len(rows)} findings", file=sys.stderr)
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
