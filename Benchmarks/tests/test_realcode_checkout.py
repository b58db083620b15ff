"""Checks of realcode/checkout.sh on small bare repositories made here (needs git, no network)."""
import os
import subprocess
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "realcode", "checkout.sh")


def git(*args, cwd=None, env=None):
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout.strip()


class CheckoutTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        root = self.folder.name
        work = os.path.join(root, "work")
        os.makedirs(os.path.join(work, "Views"))
        with open(os.path.join(work, "Views", "A.swift"), "w") as handle:
            handle.write("struct A {}\nstruct B {}\n")
        with open(os.path.join(work, "Big.bin"), "w") as handle:
            handle.write("pretend this is a large file the snapshot lacks\n")
        os.makedirs(os.path.join(work, ".build"))
        with open(os.path.join(work, ".build", "Skipped.swift"), "w") as handle:
            handle.write("// statelint skips .build, so its lines do not count\n")
        env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                   GIT_COMMITTER_EMAIL="t@t")
        git("init", "-q", cwd=work)
        git("add", "-A", "-f", cwd=work)
        git("commit", "-q", "-m", "one", cwd=work, env=env)
        self.commit = git("rev-parse", "HEAD", cwd=work)
        self.mirrors = os.path.join(root, "mirrors")
        bare = os.path.join(self.mirrors, "someone+app", "repo")
        # A local clone copies the loose objects, so one blob can be taken away: the snapshots lack
        # files of 4 MiB and more in the same way.
        git("clone", "-q", "--bare", work, bare)
        blob = git("rev-parse", f"{self.commit}:Big.bin", cwd=work)
        os.remove(os.path.join(bare, "objects", blob[:2], blob[2:]))
        self.dest = os.path.join(root, "dest")

    def tearDown(self):
        self.folder.cleanup()

    def manifest(self, *rows):
        path = os.path.join(self.folder.name, "manifest.tsv")
        with open(path, "w") as handle:
            handle.write("repo\tcommit\tswift_lines\twhy\n")
            for row in rows:
                handle.write("\t".join(row) + "\n")
        return path

    def checkout(self, manifest):
        return subprocess.run(["bash", SCRIPT, self.dest, manifest], capture_output=True, text=True,
                              env=dict(os.environ, MIRRORS=self.mirrors))

    def test_materialises_the_tree_and_skips_absent_blobs(self):
        result = self.checkout(self.manifest(("someone/app", self.commit, "2", "test app")))
        self.assertEqual(result.returncode, 0, result.stderr)
        app = os.path.join(self.dest, "someone__app")
        with open(os.path.join(app, "Views", "A.swift")) as handle:
            self.assertEqual(handle.read(), "struct A {}\nstruct B {}\n")
        self.assertFalse(os.path.exists(os.path.join(app, "Big.bin")))
        self.assertIn("someone/app: 2 lines of Swift", result.stdout)
        self.assertIn("1 files absent from the snapshot", result.stdout)
        self.assertNotIn("manifest says", result.stdout)

    def test_a_second_run_leaves_an_up_to_date_tree_alone(self):
        manifest = self.manifest(("someone/app", self.commit, "2", "test app"))
        self.checkout(manifest)
        marker = os.path.join(self.dest, "someone__app", "Views", "A.swift")
        with open(marker, "a") as handle:
            handle.write("// local edit\n")
        result = self.checkout(manifest)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(marker) as handle:
            self.assertIn("local edit", handle.read())

    def test_a_line_count_that_differs_from_the_manifest_is_said(self):
        result = self.checkout(self.manifest(("someone/app", self.commit, "5", "test app")))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("manifest says 5 lines of Swift", result.stdout)

    def test_missing_mirror_and_missing_commit_say_what_to_do(self):
        result = self.checkout(self.manifest(("nobody/gone", self.commit, "2", "x"),
                                             ("someone/app", "0" * 40, "2", "x")))
        self.assertEqual(result.returncode, 1)
        self.assertIn("missing mirror: nobody/gone", result.stderr)
        self.assertIn("fetch (source github:nobody/gone)", result.stderr)
        self.assertIn("missing commit: someone/app", result.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.dest, "nobody__gone")))

    def test_malformed_manifest_row_is_a_usage_error(self):
        result = self.checkout(self.manifest(("not a repo", "abc", "", "")))
        self.assertEqual(result.returncode, 2)
        self.assertIn("manifest.tsv:2: expected owner/name", result.stderr)


if __name__ == "__main__":
    unittest.main()
