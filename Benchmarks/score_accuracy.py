#!/usr/bin/env python3
"""Scores statelint's JSON output against the corpus' planted findings.

usage: score_accuracy.py EXPECTED.tsv NEAR_MISSES.tsv FINDINGS.json [--root DIR] [--show N]
                         [--min-precision P] [--min-recall R]

EXPECTED.tsv rows:    rule, path, line, column[, label]  (from generate_corpus.py)
NEAR_MISSES.tsv rows: rule, path, line, column[, label]
FINDINGS.json:        {"findings": [{"rule", "file", "line", "column", ...}, ...]}

A finding is a true positive when rule, path, line and column all equal a planted one. File paths
in FINDINGS.json may be relative to the corpus root or absolute (made relative with --root, or
matched by path suffix against the planted paths). Every rule named in the TSV files is scored;
findings of other rules are counted and named, not scored. Exits 1 when a --min-* threshold is
missed, 2 on unreadable input.
"""

import argparse
import json
import os
import sys


def fail(message):
    print(f"score_accuracy: error: {message}", file=sys.stderr)
    sys.exit(2)


def read_tsv(path, min_columns):
    rows = []
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                fields = line.rstrip("\n").split("\t")
                if len(fields) < min_columns or not fields[2].isdigit() or not fields[3].isdigit():
                    fail(f"{path}:{number}: expected rule<TAB>path<TAB>line<TAB>column, got {line.strip()!r}")
                label = fields[4] if len(fields) > 4 else ""
                rows.append((fields[0], fields[1], int(fields[2]), int(fields[3]), label))
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror}")
    return rows


def read_findings(path):
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        fail(f"{path} is not valid JSON: {error}")
    if not isinstance(document, dict) or not isinstance(document.get("findings"), list):
        fail(f"{path}: expected an object with a \"findings\" array")
    findings = []
    for index, item in enumerate(document["findings"]):
        try:
            rule, file = item["rule"], item["file"]
            line, column = item["line"], item["column"]
        except (KeyError, TypeError):
            fail(f"{path}: findings[{index}] lacks one of rule, file, line, column")
        if not (isinstance(rule, str) and isinstance(file, str) and isinstance(line, int) and isinstance(column, int)):
            fail(f"{path}: findings[{index}] has a field of the wrong type")
        findings.append((rule, file, line, column))
    return findings


class PathNormalizer:
    """Maps a finding's path (relative or absolute) to the corpus-relative form used in the TSVs."""

    def __init__(self, known_paths, root):
        self.known = set(known_paths)
        self.root = os.path.abspath(root) if root else None

    def __call__(self, path):
        if path.startswith("./"):
            path = path[2:]
        if not os.path.isabs(path):
            return path
        if self.root:
            return os.path.relpath(path, self.root)
        parts = path.split("/")
        for start in range(1, len(parts)):
            candidate = "/".join(parts[start:])
            if candidate in self.known:
                return candidate
        return path


def score(expected, near_misses, findings):
    """Per-rule counts plus the lists the report prints (pure: easy to test)."""
    rules = sorted({row[0] for row in expected} | {row[0] for row in near_misses})
    planted = {row[:4] for row in expected}
    near_by_line = {}
    for rule, path, line, column, label in near_misses:
        near_by_line.setdefault((rule, path, line), label or "near-miss")
    planted_lines = {row[:3] for row in expected}
    planted_labels = {row[:4]: row[4] for row in expected if row[4]}
    result = {"rules": {}, "false_positives": [], "missed": [], "ignored": 0, "ignored_rules": []}
    scored = [f for f in findings if f[0] in rules]
    result["ignored"] = len(findings) - len(scored)
    result["ignored_rules"] = sorted({f[0] for f in findings} - set(rules))
    found = set(scored)
    for rule in rules:
        mine = {f for f in found if f[0] == rule}
        true_positives = len(mine & planted)
        planted_count = sum(1 for p in planted if p[0] == rule)
        false_positives = len(mine) - true_positives
        result["rules"][rule] = {
            "planted": planted_count, "found": len(mine), "true_positives": true_positives,
            "false_positives": false_positives, "missed": planted_count - true_positives,
            "precision": true_positives / len(mine) if mine else 1.0,
            "recall": true_positives / planted_count if planted_count else 1.0,
        }
    for finding in sorted(found - planted, key=lambda f: (f[1], f[2], f[3], f[0])):
        if finding[:3] in planted_lines:
            reason = "right line, wrong column"
        else:
            reason = near_by_line.get(finding[:3], "not planted")
        result["false_positives"].append((finding, reason))
    missed = sorted(planted - found, key=lambda f: (f[1], f[2], f[3], f[0]))
    result["missed"] = [(f, planted_labels.get(f, "")) for f in missed]
    return result


def print_report(result, show):
    print(f"{'rule':<30} {'planted':>7} {'found':>6} {'TP':>6} {'FP':>5} {'FN':>5} {'precision':>9} {'recall':>7}")
    for rule, c in result["rules"].items():
        print(f"{rule:<30} {c['planted']:>7} {c['found']:>6} {c['true_positives']:>6} {c['false_positives']:>5} "
              f"{c['missed']:>5} {c['precision']:>9.3f} {c['recall']:>7.3f}")
    if result["ignored"]:
        print(f"({result['ignored']} findings of rules without ground truth not scored: {', '.join(result['ignored_rules'])})")
    near = [(f, r) for f, r in result["false_positives"] if r not in ("not planted", "right line, wrong column")]
    print(f"\nnear-misses flagged (false positives on a planted near-miss): {len(near)}")
    for (rule, path, line, column), label in near[:show]:
        print(f"  {path}:{line}:{column}: {rule} [{label}]")
    others = [(f, r) for f, r in result["false_positives"] if r in ("not planted", "right line, wrong column")]
    print(f"other false positives: {len(others)}")
    for (rule, path, line, column), reason in others[:show]:
        print(f"  {path}:{line}:{column}: {rule} ({reason})")
    print(f"missed planted findings: {len(result['missed'])}")
    for (rule, path, line, column), label in result["missed"][:show]:
        print(f"  {path}:{line}:{column}: {rule}" + (f" [{label}]" if label else ""))


def main():
    parser = argparse.ArgumentParser(description="Precision/recall of statelint against planted findings.")
    parser.add_argument("expected")
    parser.add_argument("near_misses")
    parser.add_argument("findings")
    parser.add_argument("--root", help="corpus root, to make absolute finding paths relative")
    parser.add_argument("--show", type=int, default=20, help="list at most N entries per section (default 20)")
    parser.add_argument("--min-precision", type=float, default=0.0)
    parser.add_argument("--min-recall", type=float, default=0.0)
    args = parser.parse_args()
    expected = read_tsv(args.expected, 4)
    near_misses = read_tsv(args.near_misses, 4)
    normalize = PathNormalizer([r[1] for r in expected + near_misses], args.root)
    findings = [(rule, normalize(path), line, column) for rule, path, line, column in read_findings(args.findings)]
    result = score(expected, near_misses, findings)
    print_report(result, args.show)
    below = [rule for rule, c in result["rules"].items()
             if c["precision"] < args.min_precision or c["recall"] < args.min_recall]
    if below:
        print(f"\nbelow threshold: {', '.join(below)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
