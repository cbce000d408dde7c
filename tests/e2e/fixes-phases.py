#!/usr/bin/env python3
"""fixes-phases.py GIT_DIR RANGE TREEPLOT - what `treeplot --fixes -T
json RANGE` must say in bug_fixes.by_phase, one line per phase after the
merge window: PHASE TAB REGRESSION-FIXES TAB OLDER-FIXES TAB OTHER.

Read from git: B's first-parent line back to where A reaches (the range
as the sets each end reaches), each line commit's release or pre-release
tag (-rcN: a phase "rcN" after it; a release: a merge window after it),
each non-merge commit of the range placed at the first line commit
(oldest first) that reaches it, its phase the one after the last tag on
the line before that commit.  What a commit fixes from -T fixes (checked
against git by fixes-truth.py): a target that arrived in the range (a
regression fix), an older resolved one (an older fix); a Cc: of
stable@... among its trailers (git log's %(trailers)) is an older fix too
(not with NO_STABLE set: to show that it counts).
"""
import os
import re
import subprocess
import sys

G, RANGE, TREEPLOT = sys.argv[1:4]
A, B = RANGE.split("..")


def git(*args):
    return subprocess.run(["git", "--git-dir", G] + list(args),
                          capture_output=True, check=True).stdout.decode(
                              "utf-8", "surrogateescape")


old = set(git("rev-list", A).split())
in_range = set(git("rev-list", B).split()) - old
line = []
for c in git("rev-list", "--first-parent", B).split():
    if c in old:
        break
    line.append(c)
line.reverse()
tags = {}
for t in git("for-each-ref", "--format=%(objectname)%01%(*objectname)%01"
             "%(refname:short)", "refs/tags").splitlines():
    o, peeled, name = t.split("\x01")
    tags.setdefault(peeled or o, []).append(name)
RC = re.compile(r"-rc([0-9]+)$")


def phase_after(c):
    names = tags.get(c, [])
    rcs = [n for n in names if RC.search(n)]
    rel = [n for n in names if not RC.search(n)]
    if rel:
        return "window"
    if rcs:
        return sorted(rcs)[-1]
    return None


phase, current = {}, phase_after(git("rev-parse", A + "^{commit}").strip())
seen = set()
nonmerge = set(git("rev-list", "--no-merges", B).split()) & in_range
for c in line:
    for x in git("rev-list", c).split():
        if x in in_range and x not in seen:
            seen.add(x)
            if x in nonmerge:
                phase[x] = current
    after = phase_after(c)
    if after:
        current = after

kind = {}
tp = subprocess.run([TREEPLOT, "-C", G, "--fixes", "-T", "fixes", RANGE],
                    capture_output=True, check=True).stdout.decode()
for ln in tp.splitlines():
    f = ln.split("\t")
    if f[2]:
        kind[f[0]] = max(kind.get(f[0], 0), 2 if f[8] == "1" else 1)
for rec in ([] if os.environ.get("NO_STABLE") else git(
        "log", "--no-merges", "--format=%H%x01%(trailers:key=Cc,"
               "valueonly,separator=%x03)%x02", B).split("\x02")):
    if "\x01" in rec:
        h, cc = rec.lstrip("\n").split("\x01", 1)
        if h in nonmerge and any(re.search(r"<stable@", v, re.I) or
                                 re.match(r"\s*stable@", v, re.I)
                                 for v in cc.split("\x03")):
            kind[h] = max(kind.get(h, 0), 1)

# Each phase after the tag that opens it, in the line's order; named
# short ("rc1") as in a range of one cycle.
counts, order = {}, []
for c in line:
    after = phase_after(c)
    if after and after != "window" and after not in counts:
        counts[after] = [0, 0, 0]
        order.append(after)
for x, ph in phase.items():
    if ph in counts:
        counts[ph][2 - kind.get(x, 0)] += 1
for ph in order:
    print("rc%s\t%d\t%d\t%d" % (RC.search(ph).group(1), *counts[ph]))
