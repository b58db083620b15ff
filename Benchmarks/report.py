#!/usr/bin/env python3
"""Turns the raw measurements written by run.sh into the benchmark tables.

usage: report.py table RESULTS.tsv      one table per corpus (medians, throughput, ratios)
       report.py linearity RESULTS.tsv  time ratios of the same tool over 1x/4x/16x corpora

RESULTS.tsv rows: corpus, tool, files, lines, bytes, microseconds (comma-separated, one per run),
peak RSS in KB (or empty), status ("ok" or a reason such as "not built").
"""

import statistics
import sys


class Row:
    def __init__(self, fields):
        self.corpus, self.tool = fields[0], fields[1]
        self.files, self.lines, self.bytes = int(fields[2]), int(fields[3]), int(fields[4])
        self.times = [int(t) / 1e6 for t in fields[5].split(",") if t]
        self.rss_kb = int(fields[6]) if fields[6] else None
        self.status = fields[7]

    @property
    def median(self):
        return statistics.median(self.times) if self.times else None


def read_rows(path):
    with open(path, encoding="utf-8") as handle:
        return [Row(line.rstrip("\n").split("\t")) for line in handle if line.strip()]


def rate(amount, seconds):
    return amount / seconds if seconds else float("inf")


def ratio(value, baseline):
    if value is None or baseline is None or baseline == 0:
        return "n/a"
    return f"{value / baseline:.1f}x"


def print_table(rows):
    header = ["tool", "median s", "MB/s", "lines/s", "files/s", "peak RSS MB", "vs grep", "vs cat"]
    for corpus in dict.fromkeys(r.corpus for r in rows):
        group = [r for r in rows if r.corpus == corpus]
        first = group[0]
        print(f"\n## {corpus}: {first.files} files, {first.lines} lines, {first.bytes / 1e6:.1f} MB "
              f"(median of {len(first.times)} runs)")
        baselines = {r.tool: r.median for r in group if r.status == "ok"}
        table = [header]
        for r in group:
            if r.status != "ok":
                table.append([r.tool, r.status] + [""] * (len(header) - 2))
                continue
            m = r.median
            table.append([
                r.tool, f"{m:.3f}", f"{rate(r.bytes / 1e6, m):.1f}", f"{rate(r.lines, m):,.0f}",
                f"{rate(r.files, m):,.0f}", f"{r.rss_kb / 1024:.1f}" if r.rss_kb is not None else "n/a",
                ratio(m, baselines.get("grep -c @State")), ratio(m, baselines.get("cat")),
            ])
        print_aligned(table)
    print("\n'vs grep' / 'vs cat' = median time of the tool / median time of the baseline (lower is better).")


def print_linearity(rows):
    """Each tool's time at k x the base size divided by its time at 1x; linear => ratio close to k."""
    table = [["tool", "1x s", "4x s", "16x s", "4x/1x", "16x/1x", "size 4x/1x", "size 16x/1x"]]
    for tool in dict.fromkeys(r.tool for r in rows):
        by_size = {r.corpus: r for r in rows if r.tool == tool}
        sizes = [by_size.get(k) for k in ("1x", "4x", "16x")]
        if any(s is None or s.status != "ok" for s in sizes):
            table.append([tool, "not measured"] + [""] * 6)
            continue
        one, four, sixteen = sizes
        table.append([tool, f"{one.median:.3f}", f"{four.median:.3f}", f"{sixteen.median:.3f}",
                      f"{four.median / one.median:.2f}", f"{sixteen.median / one.median:.2f}",
                      f"{four.bytes / one.bytes:.2f}", f"{sixteen.bytes / one.bytes:.2f}"])
    print_aligned(table)
    print("\nLinear scaling: the time ratios track the size ratios; a 16x/1x time ratio far above the size ratio means super-linear work.")


def print_aligned(table):
    """Aligns columns; a row with an empty last cell is a status row (tool + reason), printed as is."""
    measured = [row for row in table if row[-1] != ""]
    widths = [max(len(row[i]) for row in (table if i == 0 else measured)) for i in range(len(table[0]))]
    for index, row in enumerate(table):
        if row[-1] == "":
            print(f"{row[0].ljust(widths[0])}  {row[1]}")
            continue
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        print("  ".join(cells).rstrip())
        if index == 0:
            print("  ".join("-" * width for width in widths))


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("table", "linearity"):
        sys.exit(__doc__)
    rows = read_rows(sys.argv[2])
    if not rows:
        sys.exit(f"report.py: no measurements in {sys.argv[2]}")
    print_table(rows) if sys.argv[1] == "table" else print_linearity(rows)


if __name__ == "__main__":
    main()
