#!/usr/bin/env python3
"""Generates a deterministic SwiftUI corpus with planted StateLint findings.

usage: generate_corpus.py OUTDIR [--lines N] [--seed S] [--force]

Writes the .swift files plus OUTDIR/expected-findings.tsv (rule, path, line, column and a label
naming the spelling of every planted bug), OUTDIR/near-misses.tsv (the same columns: constructs
that must NOT be flagged) and OUTDIR/corpus-stats.txt. Same seed and line count give byte-identical output.
"""

import argparse
import os
import random
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from corpusgen.layout import generate  # noqa: E402
from corpusgen.writer import EXPECTED, NEAR_MISS  # noqa: E402


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--lines", type=int, default=1_000_000, help="minimum total lines (default 1000000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--force", action="store_true", help="replace an existing generated corpus in OUTDIR")
    args = parser.parse_args()
    if args.lines < 1:
        parser.error("--lines must be positive")
    return args


def prepare_outdir(path, force):
    if os.path.isdir(path) and os.listdir(path):
        # Only ever delete a folder this script made (it has our ground-truth file).
        if not force or not os.path.isfile(os.path.join(path, "expected-findings.tsv")):
            sys.exit(f"generate_corpus: {path} is not empty (use --force to replace a generated corpus)")
        shutil.rmtree(path)
    os.makedirs(path, exist_ok=True)


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for row in rows:
            out.write("\t".join(str(value) for value in row) + "\n")


def main():
    args = parse_args()
    started = time.monotonic()
    prepare_outdir(args.outdir, args.force)
    files = generate(random.Random(args.seed), args.lines)
    expected, near = [], []
    total_bytes = total_lines = 0
    for swift_file in files:
        data = swift_file.render().encode("utf-8")
        target = os.path.join(args.outdir, swift_file.rel_path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as out:
            out.write(data)
        total_bytes += len(data)
        total_lines += swift_file.line_count
        for kind, rule, line, column, label in swift_file.marks:
            if kind == EXPECTED:
                expected.append((rule, swift_file.rel_path, line, column, label))
            elif kind == NEAR_MISS:
                near.append((rule, swift_file.rel_path, line, column, label))
    expected.sort(key=lambda r: (r[1], r[2], r[3], r[0], r[4]))
    near.sort(key=lambda r: (r[1], r[2], r[3], r[0], r[4]))
    write_tsv(os.path.join(args.outdir, "expected-findings.tsv"), expected)
    write_tsv(os.path.join(args.outdir, "near-misses.tsv"), near)
    rules = sorted({row[0] for row in expected} | {row[0] for row in near})
    stats = [f"seed\t{args.seed}", f"files\t{len(files)}", f"lines\t{total_lines}", f"bytes\t{total_bytes}"]
    for rule in rules:
        stats.append(f"expected\t{rule}\t{sum(1 for r in expected if r[0] == rule)}")
        stats.append(f"near_misses\t{rule}\t{sum(1 for r in near if r[0] == rule)}")
    with open(os.path.join(args.outdir, "corpus-stats.txt"), "w", encoding="utf-8") as out:
        out.write("\n".join(stats) + "\n")
    elapsed = time.monotonic() - started
    print(f"generated {len(files)} files, {total_lines} lines, {total_bytes / 1e6:.1f} MB, "
          f"{len(expected)} planted findings, {len(near)} near-misses in {elapsed:.1f} s -> {args.outdir}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
