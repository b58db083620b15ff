"""Checks the corpus generator: determinism, ground-truth positions, valid Swift syntax."""

import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "generate_corpus.py")
sys.path.insert(0, os.path.join(HERE, ".."))

from corpusgen.rules import ALL_RULES  # noqa: E402
LINES = 25000


def generate(outdir, seed=1, lines=LINES):
    subprocess.run([sys.executable, SCRIPT, outdir, "--lines", str(lines), "--seed", str(seed)],
                   check=True, capture_output=True)


def tree_files(root):
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, names in os.walk(root) for f in names)


def read_rows(path):
    with open(path, encoding="utf-8") as handle:
        return [line.rstrip("\n").split("\t") for line in handle if line.strip()]


class GeneratorTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.corpus = os.path.join(cls.tmp, "a")
        generate(cls.corpus)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_same_seed_gives_byte_identical_output(self):
        again = os.path.join(self.tmp, "b")
        generate(again)
        files = tree_files(self.corpus)
        self.assertEqual(files, tree_files(again))
        _, mismatch, errors = filecmp.cmpfiles(self.corpus, again, files, shallow=False)
        self.assertEqual((mismatch, errors), ([], []))

    def test_other_seed_gives_other_output(self):
        other = os.path.join(self.tmp, "c")
        generate(other, seed=2)
        with open(os.path.join(self.corpus, "expected-findings.tsv"), "rb") as a, \
                open(os.path.join(other, "expected-findings.tsv"), "rb") as b:
            self.assertNotEqual(a.read(), b.read())

    def test_size_and_file_sizes(self):
        swift = [f for f in tree_files(self.corpus) if f.endswith(".swift")]
        lines = []
        for name in swift:
            with open(os.path.join(self.corpus, name), "rb") as handle:
                lines.append(sum(1 for _ in handle))
        self.assertGreaterEqual(sum(lines), LINES)
        self.assertGreater(len(swift), 15)
        self.assertTrue(any("/Views/" in f for f in swift) and any("/Models/" in f for f in swift))

    def byte_at(self, row):
        """The source bytes starting at a TSV row's 1-based line and UTF-8 byte column."""
        with open(os.path.join(self.corpus, row[1]), "rb") as handle:
            line = handle.read().split(b"\n")[int(row[2]) - 1]
        return line[int(row[3]) - 1:]

    def test_expected_positions_point_at_the_reported_token(self):
        rows = read_rows(os.path.join(self.corpus, "expected-findings.tsv"))
        self.assertEqual({r[0] for r in rows}, set(ALL_RULES))
        for row in rows:
            self.assertEqual(len(row), 5, row)
            self.assertTrue(row[4], f"expected row without a label: {row}")
            text = self.byte_at(row)
            if row[0] == "state_inline_class_init":
                self.assertTrue(text.startswith(b"@State ") or text.startswith(b"_"), (row, text))
            elif row[0] == "observable_object_in_state":
                self.assertRegex(text, rb"^@State[ (]", row)
            elif row[0] == "observed_object_inline_init":
                self.assertRegex(text, rb"^(@ObservedObject[ (]|_[a-zA-Z]+ = |self\.[a-zA-Z]+ = )", row)
            elif row[0] == "appear_unstructured_task":
                self.assertRegex(text, rb"^Task[ (<.]", row)
            else:
                self.assertRegex(text, rb"^(self\.)?[a-zA-Z]+ = ", row)

    def test_every_rule_has_near_misses(self):
        near = read_rows(os.path.join(self.corpus, "near-misses.tsv"))
        for rule in ALL_RULES:
            self.assertTrue(any(r[0] == rule for r in near), f"no near-miss for {rule}")

    def test_near_miss_positions_point_at_the_construct(self):
        rows = read_rows(os.path.join(self.corpus, "near-misses.tsv"))
        labels = {r[4] for r in rows}
        for label in ("previewable", "shared_instance", "guarded_teardown", "value_type_init", "app_struct"):
            self.assertIn(label, labels)
        expected = {tuple(r[:4]) for r in read_rows(os.path.join(self.corpus, "expected-findings.tsv"))}
        for row in rows:
            self.assertNotIn(tuple(row[:4]), expected)
            text = self.byte_at(row)
            self.assertTrue(text[:1] == b"@" or text[:1].isalpha() or text[:1] == b"_", (row, text))

    @unittest.skipUnless(shutil.which("swiftc"), "swiftc not on PATH")
    def test_generated_files_parse_as_swift_6(self):
        swift = [os.path.join(self.corpus, f) for f in tree_files(self.corpus) if f.endswith(".swift")]
        done = subprocess.run(["swiftc", "-parse", "-swift-version", "6", *swift], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr[:2000])


if __name__ == "__main__":
    unittest.main()
