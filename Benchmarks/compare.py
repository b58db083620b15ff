#!/usr/bin/env python3
"""Compares statelint builds in paired rounds, for machines whose speed drifts.

usage: compare.py [--rounds N] [--jobs J] [--corpus DIR] NAME=BINARY [NAME=BINARY ...]

Each round runs `grep -c @State` over the corpus's .swift files (handed the sorted list, as
run.sh does), then every build in a new random order with `lint --quiet --jobs J --timings .`
from inside the corpus. Ratios are taken within a round, so a drift of the machine's speed
between rounds cancels out; run.sh's consecutive runs per tool do not have that property.

Prints, per phase (wall, the --timings phases, and `pipeline`, their sum): the median
seconds of each build, and each other build's median ratio to the first one; then each
build's wall and pipeline time over grep's wall time in the same round (median, quartiles).
Timing only: nothing here is a test, and CI does not run it.
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time

TIMINGS = re.compile(r"timings \(CPU seconds summed over threads\): (.*)")


def parse_timings(stderr):
    """The phase seconds of a `--timings` report, plus `pipeline`, their sum."""
    match = TIMINGS.search(stderr)
    if not match:
        raise ValueError("no timings line in statelint's output:\n" + stderr[-2000:])
    fields = match.group(1).split()
    phases = {fields[i]: float(fields[i + 1]) for i in range(0, len(fields) - 1, 2)}
    phases["pipeline"] = sum(phases.values())
    return phases


def quartiles(values):
    if len(values) < 2:
        return values[0], values[0]
    q = statistics.quantiles(values, n=4)
    return q[0], q[2]


def summarize(rounds, names):
    """rounds: [{name: {phase: seconds}}], with "grep" holding only "wall". Returns lines."""
    base = names[0]
    phases = list(dict.fromkeys(p for r in rounds for p in r[base]))
    lines = [f"paired rounds: {len(rounds)}; ratios are medians of per-round ratios to {base}"]
    header = "phase".ljust(10) + "".join(n.rjust(10) for n in names)
    header += "".join(f"{n}/{base}".rjust(16) for n in names[1:])
    lines.append(header)
    for phase in phases:
        row = phase.ljust(10)
        for name in names:
            row += f"{statistics.median(r[name][phase] for r in rounds):10.4f}"
        for name in names[1:]:
            ratios = [r[name][phase] / r[base][phase] for r in rounds if r[base][phase] > 0]
            row += (f"{statistics.median(ratios):.3f}" if ratios else "-").rjust(16)
        lines.append(row)
    lines.append(f"grep -c @State wall: median {statistics.median(r['grep']['wall'] for r in rounds):.4f} s")
    for name in names:
        for phase in ("wall", "pipeline"):
            ratios = [r[name][phase] / r["grep"]["wall"] for r in rounds]
            low, high = quartiles(ratios)
            lines.append(f"{name} {phase} / grep wall, same round: median {statistics.median(ratios):.2f} "
                         f"(quartiles {low:.2f}-{high:.2f})")
    return lines


def swift_files(corpus):
    found = []
    for folder, subfolders, files in os.walk(corpus):
        subfolders.sort()
        found += [os.path.join(folder, f) for f in files if f.endswith(".swift")]
    return sorted(found)


def time_grep(files):
    started = time.perf_counter()
    # grep exits 1 when a batch has no match; only more than 1 is an error (as in run.sh).
    done = subprocess.run(["xargs", "-0", "sh", "-c", 'grep -c -- @State "$@"; [ $? -le 1 ] || exit 255', "sh"],
                          input=b"\0".join(f.encode() for f in files), stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"compare.py: grep failed (xargs exit {done.returncode})")
    return elapsed


def time_statelint(binary, corpus, jobs):
    started = time.perf_counter()
    done = subprocess.run([binary, "lint", "--quiet", "--jobs", str(jobs), "--timings", "."], cwd=corpus,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode > 1:
        sys.exit(f"compare.py: {binary} failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    phases = parse_timings(done.stderr)
    phases["wall"] = elapsed
    return phases


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", ".benchmark", "corpus"))
    parser.add_argument("builds", nargs="+", metavar="NAME=BINARY")
    args = parser.parse_args()
    builds = {}
    for item in args.builds:
        name, sep, binary = item.partition("=")
        if not sep or not name or not os.access(binary, os.X_OK):
            sys.exit(f"compare.py: expected NAME=BINARY with an executable binary, got '{item}'")
        if name == "grep" or name in builds:
            sys.exit(f"compare.py: build name '{name}' is taken")
        builds[name] = os.path.abspath(binary)
    files = swift_files(args.corpus)
    if not files:
        sys.exit(f"compare.py: no .swift files in {args.corpus} (run Benchmarks/run.sh once to generate it)")
    rounds = []
    for number in range(args.rounds):
        round_ = {"grep": {"wall": time_grep(files)}}
        for name in random.sample(list(builds), len(builds)):
            round_[name] = time_statelint(builds[name], args.corpus, args.jobs)
        rounds.append(round_)
        print(f"round {number + 1}/{args.rounds}", file=sys.stderr)
    print("\n".join(summarize(rounds, list(builds))))


if __name__ == "__main__":
    main()
