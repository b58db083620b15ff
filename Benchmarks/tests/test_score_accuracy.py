"""Checks score_accuracy.py on a tiny hand-made corpus description."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "score_accuracy.py")
sys.path.insert(0, os.path.join(HERE, ".."))

from score_accuracy import score  # noqa: E402

EXPECTED = [
    ("state_inline_class_init", "A/View.swift", 5, 5, ""),
    ("state_inline_class_init", "B/Other.swift", 9, 9, ""),
    ("appear_missing_nil_check", "A/View.swift", 20, 13, ""),
]
NEAR = [
    ("state_inline_class_init", "A/View.swift", 6, 5, "value_type_init"),
    ("appear_missing_nil_check", "A/View.swift", 30, 13, "guarded_teardown"),
]


class ScoreTests(unittest.TestCase):
    def test_perfect_output_has_full_precision_and_recall(self):
        findings = [row[:4] for row in EXPECTED]
        result = score(EXPECTED, NEAR, findings)
        for counts in result["rules"].values():
            self.assertEqual(counts["precision"], 1.0)
            self.assertEqual(counts["recall"], 1.0)
        self.assertEqual(result["false_positives"], [])
        self.assertEqual(result["missed"], [])

    def test_flagged_near_miss_and_missed_finding_are_reported(self):
        findings = [
            ("state_inline_class_init", "A/View.swift", 5, 5),
            ("state_inline_class_init", "A/View.swift", 6, 5),   # near-miss flagged
            ("appear_missing_nil_check", "A/View.swift", 20, 14),  # wrong column
        ]
        result = score(EXPECTED, NEAR, findings)
        inline = result["rules"]["state_inline_class_init"]
        self.assertEqual((inline["true_positives"], inline["false_positives"], inline["missed"]), (1, 1, 1))
        self.assertAlmostEqual(inline["precision"], 0.5)
        self.assertAlmostEqual(inline["recall"], 0.5)
        appear = result["rules"]["appear_missing_nil_check"]
        self.assertEqual((appear["true_positives"], appear["precision"], appear["recall"]), (0, 0.0, 0.0))
        reasons = {f[:3]: r for f, r in result["false_positives"]}
        self.assertEqual(reasons[("state_inline_class_init", "A/View.swift", 6)], "value_type_init")
        self.assertEqual(reasons[("appear_missing_nil_check", "A/View.swift", 20)], "right line, wrong column")
        self.assertIn((("state_inline_class_init", "B/Other.swift", 9, 9), ""), result["missed"])

    def test_findings_of_unscored_rules_are_ignored(self):
        result = score(EXPECTED, NEAR, [("some_other_rule", "A/View.swift", 1, 1)])
        self.assertEqual(result["ignored"], 1)
        self.assertEqual(result["ignored_rules"], ["some_other_rule"])
        self.assertEqual(result["false_positives"], [])

    def test_every_rule_of_the_ground_truth_is_scored(self):
        # A rule with near-misses only is scored too: any finding of it is a false positive.
        near = NEAR + [("appear_unstructured_task", "A/View.swift", 40, 17, "button_action")]
        result = score(EXPECTED, near, [("appear_unstructured_task", "A/View.swift", 40, 17)])
        tasks = result["rules"]["appear_unstructured_task"]
        self.assertEqual((tasks["planted"], tasks["false_positives"], tasks["precision"]), (0, 1, 0.0))
        self.assertEqual(result["false_positives"],
                         [(("appear_unstructured_task", "A/View.swift", 40, 17), "button_action")])

    def test_missed_findings_keep_their_label(self):
        labelled = [row[:4] + ("init_form",) for row in EXPECTED]
        result = score(labelled, NEAR, [])
        self.assertEqual({label for _, label in result["missed"]}, {"init_form"})


class CommandLineTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.expected = self.write("expected.tsv", "".join("\t".join(map(str, r[:4])) + "\n" for r in EXPECTED))
        self.near = self.write("near.tsv", "".join("\t".join(map(str, r)) + "\n" for r in NEAR))

    def write(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def run_script(self, findings_text, *extra):
        findings = self.write("findings.json", findings_text)
        return subprocess.run([sys.executable, SCRIPT, self.expected, self.near, findings, *extra],
                              capture_output=True, text=True)

    def findings_json(self, paths_prefix):
        items = [{"rule": r, "file": paths_prefix + p, "line": l, "column": c, "severity": "warning"}
                 for r, p, l, c, _ in EXPECTED]
        return json.dumps({"version": 1, "findings": items})

    def test_absolute_paths_match_by_suffix_and_by_root(self):
        for extra in ([], ["--root", "/home/ci/corpus"]):
            done = self.run_script(self.findings_json("/home/ci/corpus/"), *extra, "--min-precision", "1", "--min-recall", "1")
            self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
            self.assertIn("missed planted findings: 0", done.stdout)

    def test_threshold_miss_exits_one(self):
        done = self.run_script(json.dumps({"findings": []}), "--min-recall", "0.5")
        self.assertEqual(done.returncode, 1)
        self.assertIn("missed planted findings: 3", done.stdout)

    def test_report_names_the_label_of_a_missed_finding_and_unscored_rules(self):
        self.expected = self.write("expected.tsv", "state_inline_class_init\tA/View.swift\t5\t5\tinline_call\n")
        other = {"rule": "observed_object_inline_init", "file": "A/View.swift", "line": 7, "column": 5}
        done = self.run_script(json.dumps({"findings": [other]}))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("A/View.swift:5:5: state_inline_class_init [inline_call]", done.stdout)
        self.assertIn("1 findings of rules without ground truth not scored: observed_object_inline_init", done.stdout)

    def test_bad_json_is_a_clear_error(self):
        done = self.run_script("{not json")
        self.assertEqual(done.returncode, 2)
        self.assertIn("not valid JSON", done.stderr)
        done = self.run_script(json.dumps({"findings": [{"rule": "x"}]}))
        self.assertEqual(done.returncode, 2)
        self.assertIn("lacks one of rule, file, line, column", done.stderr)


if __name__ == "__main__":
    unittest.main()
