"""Checks of realcode/run.py: the findings TSV, --compare, and running a binary from inside each app.

The statelint binary is replaced by a small script, so these tests need no build and no corpus.
"""
import contextlib
import io
import json
import os
import stat
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "realcode"))
import run  # noqa: E402


def report(*findings):
    return json.dumps({"version": 1, "tool": {"name": "statelint", "version": "0"},
                       "findings": list(findings), "summary": {}})


def finding(file, line, column, rule="state_inline_class_init", message="m"):
    return {"rule": rule, "severity": "warning", "message": message, "file": file,
            "line": line, "column": column, "endLine": line, "endColumn": column + 1}


class FieldEscapingTests(unittest.TestCase):
    def test_tabs_newlines_and_backslashes_round_trip(self):
        text = "a\tb\nc\rd\\e `x`"
        escaped = run.escape_field(text)
        self.assertNotIn("\t", escaped)
        self.assertNotIn("\n", escaped)
        self.assertEqual(escaped, "a\\tb\\nc\\rd\\\\e `x`")
        self.assertEqual(run.unescape_field(escaped), text)

    def test_unknown_escape_is_an_error_with_its_place(self):
        with self.assertRaisesRegex(run.InputError, r"old.tsv:3: unknown escape \\x"):
            run.unescape_field("a\\xb", "old.tsv:3")
        with self.assertRaises(run.InputError):
            run.unescape_field("trailing\\", "f")


class FindingsRowsTests(unittest.TestCase):
    def test_rows_are_normalised_and_sorted_numerically(self):
        text = report(finding("./B.swift", 2, 1), finding("A.swift", 10, 3), finding("A.swift", 9, 40))
        rows = run.findings_rows("app", text)
        self.assertEqual([(r[1], r[2], r[3]) for r in rows],
                         [("A.swift", "9", "40"), ("A.swift", "10", "3"), ("B.swift", "2", "1")])
        self.assertEqual(rows[0][0], "app")

    def test_absolute_paths_inside_the_app_become_relative(self):
        with tempfile.TemporaryDirectory() as root:
            inside = os.path.join(root, "Views", "V.swift")
            rows = run.findings_rows("app", report(finding(inside, 1, 1), finding("/elsewhere/X.swift", 1, 1)), root)
            self.assertEqual(sorted(r[1] for r in rows), ["/elsewhere/X.swift", "Views/V.swift"])

    def test_not_json_or_wrong_schema_is_a_clear_error(self):
        with self.assertRaisesRegex(run.InputError, "app: statelint's output is not JSON"):
            run.findings_rows("app", "Linting 3 files…")
        with self.assertRaisesRegex(run.InputError, "schema version 1"):
            run.findings_rows("app", json.dumps({"version": 2, "findings": []}))
        with self.assertRaisesRegex(run.InputError, "finding 0 is malformed"):
            run.findings_rows("app", report({"rule": "r", "file": "f", "line": "3", "column": 1, "message": "m"}))


class TsvTests(unittest.TestCase):
    ROWS = [("app", "A.swift", "3", "5", "rule_a", "tab\there"), ("app", "A.swift", "12", "1", "rule_b", "line\nbreak")]

    def test_write_then_parse_gives_the_rows_back(self):
        text = run.tsv_text(self.ROWS)
        self.assertEqual(text.splitlines()[0], "app\tpath\tline\tcolumn\trule\tmessage")
        self.assertEqual(len(text.splitlines()), 3)
        self.assertEqual(run.parse_tsv(text), sorted(self.ROWS, key=run.sort_key))

    def test_bad_header_and_short_rows_name_the_line(self):
        with self.assertRaisesRegex(run.InputError, "x.tsv:1: expected the header"):
            run.parse_tsv("app\tpath\n", "x.tsv")
        with self.assertRaisesRegex(run.InputError, "x.tsv:2: expected 6 tab-separated fields, found 3"):
            run.parse_tsv(run.tsv_text([]) + "a\tb\tc\n", "x.tsv")
        with self.assertRaisesRegex(run.InputError, "x.tsv:2: line and column"):
            run.parse_tsv(run.tsv_text([]) + "a\tb\tthree\t1\tr\tm\n", "x.tsv")

    def test_missing_file_is_an_input_error(self):
        with self.assertRaisesRegex(run.InputError, "cannot read /nonexistent/x.tsv"):
            run.read_tsv("/nonexistent/x.tsv")

    def test_written_atomically_without_leftovers(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "out.tsv")
            run.write_atomically(path, run.tsv_text(self.ROWS))
            self.assertEqual(os.listdir(folder), ["out.tsv"])
            self.assertEqual(len(run.read_tsv(path)), 2)


class CompareTests(unittest.TestCase):
    A = ("app", "A.swift", "3", "5", "state_inline_class_init", "m")
    B = ("app", "B.swift", "7", "1", "appear_missing_nil_check", "n")
    C = ("other", "C.swift", "1", "1", "state_inline_class_init", "o")

    def test_appeared_and_disappeared(self):
        disappeared, appeared = run.compare([self.A, self.B], [self.B, self.C])
        self.assertEqual(disappeared, [self.A])
        self.assertEqual(appeared, [self.C])

    def test_identical_lists_differ_in_nothing(self):
        self.assertEqual(run.compare([self.A, self.B], [self.B, self.A]), ([], []))

    def test_a_repeated_finding_counts_twice(self):
        self.assertEqual(run.compare([self.A, self.A], [self.A]), ([self.A], []))

    def test_a_moved_finding_is_one_of_each(self):
        moved = self.A[:2] + ("4",) + self.A[3:]
        self.assertEqual(run.compare([self.A], [moved]), ([self.A], [moved]))

    def test_printed_lines_and_counts_per_rule(self):
        lines = run.comparison_lines([self.A], [self.B, self.C])
        self.assertEqual(lines[0], "- app/A.swift:3:5: [state_inline_class_init] m")
        self.assertIn("+ other/C.swift:1:1: [state_inline_class_init] o", lines)
        self.assertIn("state_inline_class_init: -1 +1", lines)
        self.assertIn("appear_missing_nil_check: -0 +1", lines)
        self.assertEqual(lines[-1], "1 disappeared, 2 appeared")

    def test_compare_command_exit_status(self):
        with tempfile.TemporaryDirectory() as folder:
            old, new = os.path.join(folder, "old.tsv"), os.path.join(folder, "new.tsv")
            run.write_atomically(old, run.tsv_text([self.A]))
            run.write_atomically(new, run.tsv_text([self.A, self.B]))
            with contextlib.redirect_stdout(io.StringIO()) as out:
                self.assertEqual(run.main(["--compare", old, new]), 1)
                self.assertEqual(run.main(["--compare", old, old]), 0)
            self.assertIn("+ app/B.swift:7:1:", out.getvalue())
            with contextlib.redirect_stderr(io.StringIO()) as err:
                self.assertEqual(run.main(["--compare", old, os.path.join(folder, "none.tsv")]), 2)
            self.assertIn("cannot read", err.getvalue())


FAKE_STATELINT = textwrap.dedent("""\
    #!/usr/bin/env python3
    # Stands in for statelint: reports one finding per .swift file of the working directory,
    # records its arguments and fails the way the app's FAIL file asks.
    import json, os, sys
    open("args.txt", "w").write(" ".join(sys.argv[1:]))
    if os.path.exists("FAIL"):
        sys.stderr.write("error: cannot read Broken.swift\\n")
        sys.exit(int(open("FAIL").read()))
    found = [{"rule": "state_inline_class_init", "severity": "warning", "message": "in\\t" + os.path.basename(os.getcwd()),
              "file": "./" + name, "line": 1, "column": 5, "endLine": 1, "endColumn": 6}
             for name in sorted(os.listdir(".")) if name.endswith(".swift")]
    sys.stderr.write("Linting…\\n")
    print(json.dumps({"version": 1, "findings": found}))
    sys.exit(1 if found else 0)
""")


class RunAllTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        root = self.folder.name
        self.binary = os.path.join(root, "statelint")
        with open(self.binary, "w") as handle:
            handle.write(FAKE_STATELINT)
        os.chmod(self.binary, os.stat(self.binary).st_mode | stat.S_IXUSR)
        self.apps = os.path.join(root, "apps")
        for app, files in {"beta": ["V.swift", "W.swift"], "alpha": ["A.swift"], "empty": []}.items():
            os.makedirs(os.path.join(self.apps, app))
            for name in files:
                open(os.path.join(self.apps, app, name), "w").close()
        os.makedirs(os.path.join(self.apps, ".hidden"))
        with open(os.path.join(self.apps, "beta", ".linter.yml"), "w") as handle:
            handle.write("disabled_rules: [x]\n")

    def tearDown(self):
        self.folder.cleanup()

    def run_all(self, extra=(), logs=None):
        return run.run_all(self.binary, self.apps, list(extra), logs, progress=io.StringIO())

    def test_runs_inside_each_app_and_collects_rows(self):
        rows, failures = self.run_all(["--show-unresolved"])
        self.assertEqual(failures, [])
        self.assertEqual([(r[0], r[1]) for r in rows], [("alpha", "A.swift"), ("beta", "V.swift"), ("beta", "W.swift")])
        self.assertEqual(rows[0][5], "in\talpha")
        with open(os.path.join(self.apps, "alpha", "args.txt")) as handle:
            self.assertEqual(handle.read(), "lint --reporter json . --show-unresolved")
        self.assertFalse(os.path.exists(os.path.join(self.apps, ".hidden", "args.txt")))

    def test_only_apps_without_a_config_get_the_comment_one(self):
        self.run_all()
        with open(os.path.join(self.apps, "alpha", ".linter.yml")) as handle:
            written = handle.read()
        self.assertTrue(all(line.startswith("#") for line in written.splitlines()), written)
        with open(os.path.join(self.apps, "beta", ".linter.yml")) as handle:
            self.assertEqual(handle.read(), "disabled_rules: [x]\n")

    def test_a_failing_app_is_reported_and_the_others_still_run(self):
        with open(os.path.join(self.apps, "beta", "FAIL"), "w") as handle:
            handle.write("2")
        rows, failures = self.run_all()
        self.assertEqual(failures, ["beta: statelint exited 2: error: cannot read Broken.swift"])
        self.assertEqual([r[0] for r in rows], ["alpha"])

    def test_logs_keep_each_apps_stderr(self):
        logs = os.path.join(self.folder.name, "logs")
        os.makedirs(logs)
        self.run_all(logs=logs)
        self.assertEqual(sorted(os.listdir(logs)), ["alpha.stderr", "beta.stderr", "empty.stderr"])
        with open(os.path.join(logs, "alpha.stderr")) as handle:
            self.assertEqual(handle.read(), "Linting…\n")

    def test_main_writes_the_tsv_and_fails_when_an_app_failed(self):
        out = os.path.join(self.folder.name, "findings.tsv")
        with contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(run.main(["--bin", self.binary, "--out", out, self.apps]), 0)
        self.assertEqual(len(run.read_tsv(out)), 3)
        with open(os.path.join(self.apps, "alpha", "FAIL"), "w") as handle:
            handle.write("2")
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(run.main(["--bin", self.binary, "--out", out, self.apps]), 1)
        self.assertIn("error: alpha: statelint exited 2", err.getvalue())
        self.assertEqual([r[0] for r in run.read_tsv(out)], ["beta", "beta"])

    def test_usage_errors(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(run.main([self.apps]), 2)
            self.assertEqual(run.main(["--bin", "/nonexistent/statelint", self.apps]), 2)
            self.assertEqual(run.main(["--bin", self.binary, "--show-unresolved", self.apps]), 2)
        self.assertIn("statelint's own options go after --", err.getvalue())
        self.assertIn("is not an executable file", err.getvalue())


if __name__ == "__main__":
    unittest.main()
