#!/usr/bin/env python3
"""Writes the hostile view-model inputs of issue #28 (items 9-10) at 1x, 4x and 16x, and times them.

usage: hostile.py OUTDIR [--sizes 1,4,16] [--time BIN] [--runs N] [--force]

Each input is a folder OUTDIR/<shape>-<k>x holding one Hostile.swift and a .linter.yml (a
comment: all defaults), so it is a project of its own, linted as `statelint lint <folder>`.
16x is the size the issue reported:

  repeated-view-lf  `struct V: View { @State … }` declared 3,125 x k times in one file (LF)
  repeated-view-cr  the same with CR line ends
  nested-tasks      6,250 x k nested `Task { … }` closures in one `.onAppear`
  many-models       one view with 6,250 x k `@State var mN = SearchModel()` (an ObservableObject)
  many-classes      the same with SearchModel a plain class (state_inline_class_init's rewrite)

With --time BIN, each folder is linted with `BIN lint <folder>` (standard output discarded;
exit 1, error-severity findings, is expected) --runs times, and the medians of the wall time
and of the CPU time (user + system) are printed, with the 4x/1x and 16x/1x ratios of the wall
time: linear growth gives about 4 and 16. On a shared machine the CPU time is the steadier one.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

MARKER = ".hostile-inputs"

VIEW = """struct V: View {
    @State private var model = SearchModel()
    @State private var results: [String] = []
    @State private var loader: Task<Void, Never>?
    var body: some View {
        List(results, id: \\.self) { Text($0) }
            .onAppear { load() }
            .onDisappear { loader?.cancel() }
    }
    func load() { loader = Task { await model.search() } }
}
"""

PRELUDE = """import SwiftUI

final class SearchModel: ObservableObject {
    func search() async {}
}

"""


def repeated_view(copies, line_end):
    return (PRELUDE + VIEW * copies).replace("\n", line_end)


def nested_tasks(depth):
    lines = [PRELUDE.rstrip("\n"), "", "struct Nested: View {", "    var body: some View {", '        Text("").onAppear {']
    lines += ["Task {"] * depth
    lines.append("await step()")
    lines += ["}"] * depth
    lines += ["        }", "    }", "    func step() async {}", "}", ""]
    return "\n".join(lines)


def many_models(count, prelude=PRELUDE):
    lines = [prelude.rstrip("\n"), "", "struct Wide: View {"]
    lines += [f"    @State var m{n} = SearchModel()" for n in range(count)]
    lines += ["    var body: some View { Text(\"\").onAppear { m0 = SearchModel() } }", "}", ""]
    return "\n".join(lines)


SHAPES = {
    "repeated-view-lf": lambda k: repeated_view(3_125 * k, "\n"),
    "repeated-view-cr": lambda k: repeated_view(3_125 * k, "\r"),
    "nested-tasks": lambda k: nested_tasks(6_250 * k),
    "many-models": lambda k: many_models(6_250 * k),
    "many-classes": lambda k: many_models(6_250 * k, prelude="import SwiftUI\n\nfinal class SearchModel {}\n"),
}


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--sizes", default="1,4,16", help="multiples of the base size (default 1,4,16)")
    parser.add_argument("--time", metavar="BIN", help="time BIN lint on each folder")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per folder (default 3)")
    parser.add_argument("--force", action="store_true", help="replace inputs this script wrote before")
    args = parser.parse_args()
    try:
        args.sizes = [int(size) for size in args.sizes.split(",")]
    except ValueError:
        parser.error("--sizes takes whole numbers separated by commas")
    if not args.sizes or min(args.sizes) < 1 or args.runs < 1:
        parser.error("--sizes and --runs must be positive")
    return args


def prepare_outdir(path, force):
    if os.path.isdir(path) and os.listdir(path):
        # Only ever delete a folder this script made.
        if not force or not os.path.isfile(os.path.join(path, MARKER)):
            sys.exit(f"hostile: {path} is not empty (use --force to replace inputs written by this script)")
        shutil.rmtree(path)
    os.makedirs(path, exist_ok=True)
    open(os.path.join(path, MARKER), "w").close()


def write_inputs(outdir, sizes):
    """Writes every shape at every size; returns {(shape, size): folder}."""
    folders = {}
    for shape, make in SHAPES.items():
        for size in sizes:
            folder = os.path.join(outdir, f"{shape}-{size}x")
            os.makedirs(folder)
            with open(os.path.join(folder, ".linter.yml"), "w") as config:
                config.write("# all defaults\n")
            with open(os.path.join(folder, "Hostile.swift"), "w", encoding="utf-8", newline="") as source:
                source.write(make(size))
            folders[(shape, size)] = folder
    return folders


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def median_seconds(binary, folder, runs):
    """The medians of the wall and the CPU seconds of `runs` lints of `folder`."""
    walls, cpus = [], []
    for _ in range(runs):
        cpu = cpu_seconds()
        start = time.perf_counter()
        run = subprocess.run([binary, "lint", folder], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        walls.append(time.perf_counter() - start)
        cpus.append(cpu_seconds() - cpu)
        if run.returncode >= 2 or run.returncode < 0:
            sys.exit(f"hostile: statelint failed on {folder}:\n{run.stderr.decode(errors='replace')}")
    return statistics.median(walls), statistics.median(cpus)


def main():
    args = parse_args()
    prepare_outdir(args.outdir, args.force)
    folders = write_inputs(args.outdir, args.sizes)
    if not args.time:
        for folder in folders.values():
            print(folder)
        return
    header = ["shape"] + [f"{size}x bytes" for size in args.sizes] + [f"{size}x s (CPU s)" for size in args.sizes]
    header += [f"{size}x/{args.sizes[0]}x" for size in args.sizes[1:]]
    print(" | ".join(header))
    for shape in SHAPES:
        sizes = [os.path.getsize(os.path.join(folders[(shape, size)], "Hostile.swift")) for size in args.sizes]
        seconds = [median_seconds(args.time, folders[(shape, size)], args.runs) for size in args.sizes]
        ratios = [f"{wall / seconds[0][0]:.1f}" for wall, _ in seconds[1:]]
        cells = [f"{size:,}" for size in sizes] + [f"{wall:.2f} ({cpu:.2f})" for wall, cpu in seconds]
        print(" | ".join([shape] + cells + ratios))


if __name__ == "__main__":
    main()
