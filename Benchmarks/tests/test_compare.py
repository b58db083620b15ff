"""Checks of compare.py's parsing and paired-ratio summary (no timing)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import compare  # noqa: E402


class ParseTimingsTests(unittest.TestCase):
    def test_phases_and_their_sum(self):
        stderr = ("Linting 3 files…\n"
                  "timings (CPU seconds summed over threads): read 0.050  tokenize 0.125  structure 0.050  index 0.010  rules 0.040\n"
                  "timings (main thread): discover 0.030  format 0.002\n")
        phases = compare.parse_timings(stderr)
        self.assertEqual(phases["tokenize"], 0.125)
        self.assertAlmostEqual(phases["pipeline"], 0.275)
        self.assertNotIn("discover", phases)

    def test_missing_line_is_an_error(self):
        with self.assertRaises(ValueError):
            compare.parse_timings("Done: 0 warnings\n")


class SummaryTests(unittest.TestCase):
    def test_ratios_are_taken_within_each_round(self):
        # The machine is twice as slow in the second round; the new build is 10% faster in both.
        rounds = [
            {"grep": {"wall": 0.1}, "old": {"wall": 0.5, "pipeline": 0.4}, "new": {"wall": 0.45, "pipeline": 0.36}},
            {"grep": {"wall": 0.2}, "old": {"wall": 1.0, "pipeline": 0.8}, "new": {"wall": 0.9, "pipeline": 0.72}},
            {"grep": {"wall": 0.1}, "old": {"wall": 0.5, "pipeline": 0.4}, "new": {"wall": 0.45, "pipeline": 0.36}},
        ]
        lines = compare.summarize(rounds, ["old", "new"])
        wall = next(line for line in lines if line.startswith("wall"))
        self.assertTrue(wall.rstrip().endswith("0.900"), wall)
        self.assertIn("new pipeline / grep wall, same round: median 3.60", "\n".join(lines))
        self.assertIn("old wall / grep wall, same round: median 5.00", "\n".join(lines))


if __name__ == "__main__":
    unittest.main()
