#!/usr/bin/env python3
"""fixes-chart.py svg FILE | truth [EARLIER] | csv CSV COMMITS - the chart of where the bugs
came from (--fixes --chart fixes) as lines, to compare whole:

  cell<TAB>ROW<TAB>COLUMN<TAB>PAIRS   each cell that is not empty
  bin<TAB>LABEL<TAB>PAIRS             each bar of the lifetimes

svg reads them from the chart's SVG (its <text> elements: the row's
name at the left of its line, a count under its column's label, a bin's
label right-aligned beside its count); truth computes them from the
lines of -T fixes on standard input (as fixes-truth.py computes them
from git): the pairs whose target is resolved and has a tree, by that
tree (the most pairs first, ties by name; past 19 rows, the rest as "K
other trees") and its first release ("none yet" when none; the EARLIER
earliest releases, by version, as "earlier"), "all" the row's total;
the lifetimes (field 8, days) in the chart's bins, the bin below zero
only when it holds any.

csv prints the table --csv-table fixes must write for the rows (trees)
of CSV, the table written, from the lines of -T fixes on standard input
and -T commits' lines in COMMITS (their paths, from field 13): per tree,
carried (the commits naming a target whose path holds it; the
mainline's: every one), brought (the distinct targets whose tree it
is), pairs (the pairs naming those), same_range (of them, field 9), the
median and 90th percentile of their lifetimes (field 8; the
(n + 1) / 2-th and the ceil(0.9 n)-th).
"""
import html
import re
import sys

ROWS = 20
BINS = [(0, "before its target"), (1, "under a day"), (7, "1-7 days"),
        (30, "1-4 weeks"), (91, "1-3 months"), (182, "3-6 months"),
        (365, "6-12 months"), (730, "1-2 years"), (None, "over 2 years")]


def svg(path):
    texts = []
    for m in re.finditer(r'<text x="([-0-9.]+)" y="([-0-9.]+)"([^>]*)>'
                         r'([^<]*)</text>', open(path).read()):
        texts.append((float(m.group(1)), float(m.group(2)), m.group(3),
                      html.unescape(m.group(4))))
    head = [t for t in texts if t[3] == "all"][0]
    cols = {t[0]: t[3] for t in texts if t[1] == head[1]}
    out = []
    rows = sorted({t[1] for t in texts if t[1] > head[1]})
    for y in rows:
        line = sorted(t for t in texts if t[1] == y)
        if len(line) < 2 or not all(t[0] in cols for t in line[1:]):
            continue
        for t in line[1:]:
            out.append("cell\t%s\t%s\t%s" % (line[0][3], cols[t[0]], t[3]))
    for t in texts:
        if 'text-anchor="end"' in t[2]:
            n = [u for u in texts if u[1] == t[1] and u[0] > t[0]]
            out.append("bin\t%s\t%s" % (t[3], n[0][3]))
    return out


def version(s):
    return [int(x) if x.isdigit() else x for x in re.split(r'(\d+)', s)]


def truth(earlier):
    cells, bins, total = {}, [0] * len(BINS), {}
    releases = set()
    for line in sys.stdin:
        f = line.rstrip("\n").split("\t")
        if not f[2]:
            continue
        if f[7]:
            days = float(f[7])
            k = 0
            while BINS[k][0] is not None and days >= BINS[k][0]:
                k += 1
            bins[k] += 1
        if not f[5]:
            continue
        if f[4]:
            releases.add(f[4])
        key = (f[5], f[4] or "none yet")
        cells[key] = cells.get(key, 0) + 1
        total[f[5]] = total.get(f[5], 0) + 1
    folded = set(sorted(releases, key=version)[:earlier])
    rows = sorted(total, key=lambda t: (-total[t], t.encode()))
    fold = "%d other trees" % (len(rows) - ROWS + 1)
    out = {}
    for (tree, rel), n in cells.items():
        row = tree if len(rows) <= ROWS or rows.index(tree) < ROWS - 1 \
            else fold
        col = "earlier" if rel in folded else rel
        for c in (col, "all"):
            out[(row, c)] = out.get((row, c), 0) + n
    lines = ["cell\t%s\t%s\t%d" % (r, c, n) for (r, c), n in out.items()]
    for k, (_, label) in enumerate(BINS):
        if k or bins[k]:
            lines.append("bin\t%s\t%d" % (label, bins[k]))
    return lines


def csv_table(csv_path, commits_path):
    import csv as csvmod
    rows = [r[0] for r in csvmod.reader(open(csv_path))][1:]
    path = {}
    for line in open(commits_path):
        f = line.rstrip("\n").split("\t")
        path[f[0]] = set(f[12:])
    pairs = [line.rstrip("\n").split("\t") for line in sys.stdin]
    fixing = {f[0] for f in pairs}
    out = ["tree,carried,brought,pairs,same_range,lifetime_median_days,"
           "lifetime_p90_days"]
    for k, tree in enumerate(rows):
        carried = len(fixing) if k == 0 else \
            sum(1 for c in fixing if tree in path.get(c, ()))
        mine = [f for f in pairs if f[5] == tree and f[2]]
        life = sorted(float(f[7]) for f in mine if f[7])
        med = "%.1f" % life[(len(life) - 1) // 2] if life else ""
        p90 = "%.1f" % life[-(-9 * len(life) // 10) - 1] if life else ""
        name = '"%s"' % tree.replace('"', '""') if any(
            c in tree for c in ',"') else tree
        out.append("%s,%d,%d,%d,%d,%s,%s" % (
            name, carried, len({f[2] for f in mine}), len(mine),
            sum(int(f[8]) for f in mine), med, p90))
    return out


if __name__ == "__main__":
    if sys.argv[1] == "csv":
        print("\n".join(csv_table(sys.argv[2], sys.argv[3])))
        sys.exit(0)
    lines = svg(sys.argv[2]) if sys.argv[1] == "svg" else \
        truth(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    print("\n".join(sorted(lines)))
