"""Checks the hostile-input generator: the shapes, their sizes, and what it may delete."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "hostile.py")


def generate(outdir, *extra):
    return subprocess.run([sys.executable, SCRIPT, outdir, "--sizes", "1,4", *extra], capture_output=True, text=True)


def source(outdir, shape, size):
    with open(os.path.join(outdir, f"{shape}-{size}x", "Hostile.swift"), encoding="utf-8", newline="") as handle:
        return handle.read()


class HostileTests(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.out = os.path.join(self.tmp, "inputs")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def test_each_shape_at_each_size_is_a_project_of_its_own(self):
        self.assertEqual(generate(self.out).returncode, 0)
        for shape in ["repeated-view-lf", "repeated-view-cr", "nested-tasks", "many-models", "many-classes"]:
            for size in [1, 4]:
                folder = os.path.join(self.out, f"{shape}-{size}x")
                self.assertEqual(sorted(os.listdir(folder)), [".linter.yml", "Hostile.swift"])

    def test_the_shapes_repeat_what_the_issue_describes_in_proportion(self):
        generate(self.out)
        self.assertEqual(source(self.out, "repeated-view-lf", 1).count("struct V: View {"), 3_125)
        self.assertEqual(source(self.out, "repeated-view-lf", 4).count("struct V: View {"), 12_500)
        cr = source(self.out, "repeated-view-cr", 1)
        self.assertNotIn("\n", cr)
        self.assertEqual(cr.replace("\r", "\n"), source(self.out, "repeated-view-lf", 1))
        nested = source(self.out, "nested-tasks", 4)
        self.assertEqual(nested.count("Task {"), 25_000)
        self.assertEqual(nested.count("{"), nested.count("}"))
        self.assertEqual(source(self.out, "many-models", 1).count("@State var m"), 6_250)
        self.assertIn(": ObservableObject", source(self.out, "many-models", 1))
        classes = source(self.out, "many-classes", 1)
        self.assertEqual(classes.count("@State var m"), 6_250)
        self.assertIn("final class SearchModel {}", classes)
        for shape in ["repeated-view-lf", "nested-tasks", "many-models"]:
            ratio = len(source(self.out, shape, 4)) / len(source(self.out, shape, 1))
            self.assertTrue(3.8 < ratio < 4.1, f"{shape}: {ratio}")

    def test_only_a_folder_it_wrote_is_replaced(self):
        os.makedirs(self.out)
        with open(os.path.join(self.out, "keep.txt"), "w") as handle:
            handle.write("mine")
        refused = generate(self.out, "--force")
        self.assertNotEqual(refused.returncode, 0)
        self.assertTrue(os.path.exists(os.path.join(self.out, "keep.txt")))
        os.remove(os.path.join(self.out, "keep.txt"))
        self.assertEqual(generate(self.out).returncode, 0)
        self.assertNotEqual(generate(self.out).returncode, 0, "not empty, and no --force")
        self.assertEqual(generate(self.out, "--force").returncode, 0)


if __name__ == "__main__":
    unittest.main()
