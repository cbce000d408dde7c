#!/usr/bin/env python3
"""timeline-truth.py - --timeline's figures computed apart from treeplot.

    timeline-truth.py truth GIT_DIR RANGE MARKS ARRIVALS EXPECTED
                                      the figures from genhist's truth,
                                      one a line
    timeline-truth.py of OUT.json     the same lines from treeplot's JSON
    timeline-truth.py text OUT.json   the text section's rows (words),
                                      from treeplot's JSON
    timeline-truth.py csv OUT.json    the CSV pulls table, from the JSON

The truth: genhist --arrivals gives, per non-merge commit of master, the
merge of the first-parent line that brought it (or "-": on the line),
its arrival and the last tag made before it arrived (its phase's start);
EXPECTED (mkrepo.sh's) its path.  The range's commits are those that
arrived on its part of the first-parent line (git's own A..B is wrong
in genhist's planned cases).  A pull is a merge that brought a
tree's commits (their path holds a tree), of the tree outermost on
their path; its phase is their phase, named by the rule of
--timeline (a release: the merge window, a pre-release: its part from
"-rc" on, in full over several cycles; none: before the first tag).
The phases' days come from git (the first-parent line's committer
dates, cut at the tags), so they check the tags' reading too; those
dates made monotone as phases.h says: the longest run in order keeps
its dates, each other commit takes the next kept one's (the last's at
the end).
"""
import json
import re
import subprocess
import sys
import time


def git(gd, *args):
    return subprocess.run(["git", "--git-dir", gd] + list(args), check=True,
                          capture_output=True, text=True).stdout


def day(t):
    return time.strftime("%Y-%m-%d", time.gmtime(t))


def opens(tag):
    """A tag opening a cycle (util-linux's v2.41-devel): a window's."""
    return re.search(r"-(start|devel|dev)$", tag) is not None


def pre(tag):
    m = re.search(r"-(rc|dev|pre|alpha|beta|branched)", tag)
    return tag[m.start() + 1:] if m and not opens(tag) else None


def version(tag):
    m = re.search(r"\d+(\.\d+)*", tag)
    return [int(x) for x in m.group(0).split(".")] if m else None


def later(tag, than):
    """tag of a later version than the tag than (numbers compared)."""
    a, b = version(tag), version(than) if than else None
    if not a or not b:
        return False
    n = max(len(a), len(b))
    return a + [0] * (n - len(a)) > b + [0] * (n - len(b))


def in_order(ts):
    """ts made monotone: the longest non-decreasing run (patience sort,
    ending at its smallest last date) kept, each other date the next
    kept one's, after the last kept one its."""
    tails, prev = [], [None] * len(ts)
    for k, t in enumerate(ts):
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if ts[tails[mid]] <= t:
                lo = mid + 1
            else:
                hi = mid
        prev[k] = tails[lo - 1] if lo else None
        if lo == len(tails):
            tails.append(k)
        else:
            tails[lo] = k
    kept, k = set(), tails[-1] if tails else None
    while k is not None:
        kept.add(k)
        k = prev[k]
    out, nxt = list(ts), ts[max(kept)] if kept else 0
    for k in range(len(ts) - 1, -1, -1):
        if k in kept:
            nxt = ts[k]
        else:
            out[k] = nxt
    return out


def line_of(gd, rng):
    """B's first-parent line back to A's history, oldest first, each as
    (id, committer date, first parent): exactly, without git's
    date-ordered A..B (genhist's planned cases mislead it)."""
    a, _, b = rng.rpartition("..")
    hidden = set(git(gd, "rev-list", a).split()) if a else set()
    line = []
    for ln in git(gd, "log", "--first-parent", "--format=%H %ct %P",
                  b).splitlines():
        f = ln.split()
        if f[0] in hidden:
            break
        line.append((f[0], int(f[1]), f[2] if len(f) > 2 else None))
    line = line[::-1]
    ts = in_order([t for _c, t, _p in line])
    return [(c, t, p) for (c, _t, p), t in zip(line, ts)]


def line_phases(gd, rng):
    """The first-parent line's phases by git: [(start tag, commits)]."""
    tags = {}
    for ln in git(gd, "for-each-ref", "--format=%(objectname) "
                  "%(*objectname) %(refname:short)", "refs/tags").splitlines():
        f = ln.split()
        c, name = (f[1], f[2]) if len(f) == 3 else (f[0], f[1])
        tags.setdefault(c, []).append(name)

    def cut(c):
        t = tags.get(c, [])
        rel = sorted(x for x in t if not pre(x) and not opens(x))
        if rel:
            return rel[0]
        op = sorted(x for x in t if opens(x))
        if op:
            return op[0]
        p = [x for x in t if pre(x)]
        key = lambda x: [int(y) if y.isdigit() else y
                         for y in re.split(r"(\d+)", x)]
        return max(p, key=key) if p else None
    line = line_of(gd, rng)
    start = cut(line[0][2]) if line and line[0][2] else None
    last = cut(line[-1][0]) if line else None
    out, cur, owner = [], [], {}
    for k, (c, t, _p) in enumerate(line):
        cur.append(t)
        tag = cut(c)
        window = start is not None and not pre(start)
        # A later version never cuts; a tag opening a cycle does not
        # inside a window: its commits stay in the phase under way.
        if tag and k < len(line) - 1 and (later(tag, last) or
                                          (opens(tag) and window)):
            owner[tag] = start
            continue
        if tag or k == len(line) - 1:
            out.append((start, cur))
            start, cur = tag, []
    return out, owner


def names(starts):
    """Each phase's name by --timeline's rule."""
    full = sum(1 for s in starts if s and not pre(s)) > 1

    def name(s, end, full):
        if s is None:
            return "before " + end if end else "the range"
        if not pre(s):
            return "merge window" + (" after " + s if full else "")
        return s if full else pre(s)
    ends = [s for s in starts[1:]] + [None]
    got = [name(s, e, full) for s, e in zip(starts, ends)]
    if not full and len(set(got)) < len(got):
        got = [name(s, e, True) for s, e in zip(starts, ends)]
    return got


def truth(gd, rng, marks_f, arr_f, exp_f):
    mark = dict(ln.split() for ln in open(marks_f))
    path = {}
    for ln in open(exp_f):
        f = ln.rstrip("\n").split("\t")
        path[f[0]] = f[1:-1]		# the trees, the mainline dropped
    # The range's commits: those that arrived on its line.
    on_line = {c: t for c, t, _p in line_of(gd, rng)}
    phases, owner = line_phases(gd, rng)
    starts = [s for s, _ in phases]
    name = dict(zip(starts, names(starts)))
    fig = {s: [0, set(), 0, 0] for s in starts}	# pulls, trees, commits, direct
    pulls, tree_first, direct_days = {}, {}, {}
    for ln in open(arr_f):
        m, via, t, ph = ln.rstrip("\n").split("\t")
        c = mark[m]
        at = c if via == "-" else mark[via]
        if at not in on_line:
            continue
        ph = None if ph == "-" else owner.get(ph, ph)
        fig[ph][2] += 1
        p = path[c]
        if not p:
            fig[ph][3] += 1
            d = day(on_line[at])	# its day on the line
            direct_days[d] = direct_days.get(d, 0) + 1
            continue
        key = (mark[via], p[-1])
        pulls.setdefault(key, [int(t), ph, 0])[2] += 1
    for (merge, tree), (t, ph, n) in pulls.items():
        fig[ph][0] += 1
        fig[ph][1].add(tree)
    for k, (s, times) in enumerate(phases):
        f = fig[s]
        a, b = day(times[0]), day(times[-1])
        days = (times[-1] // 86400) - (times[0] // 86400) + 1
        print("phase", name[s], a, b, days, f[0], len(f[1]), f[2], f[3])
    late_pulled = sum(n for (_m, _t), (_x, ph, n) in pulls.items()
                      if ph is not None and pre(ph))
    print("late_pulled", late_pulled)
    # Counted from the tag that closed each merge window (or the
    # pre-release tag the range starts after).
    print("late_from", *[s for k, s in enumerate(starts) if s and pre(s)
                         and (k == 0 or not (starts[k - 1] and
                                             pre(starts[k - 1])))])
    window = any(s and not pre(s) for s in starts)
    order = {s: k for k, s in enumerate(starts)}
    first = {}
    for (merge, tree), (t, ph, n) in sorted(pulls.items(),
                                            key=lambda x: x[1][0]):
        first.setdefault(tree, ph)
    if not window:
        print("late null")
    else:
        late = []
        for tree, ph in first.items():
            if ph is not None and pre(ph):
                mine = [v for (m, tr), v in pulls.items() if tr == tree]
                late.append((order[ph], tree, name[ph], len(mine),
                             sum(v[2] for v in mine)))
        for _o, tree, ph, n, c in sorted(late):
            print("late", tree, ph, n, c)
    for d in sorted(direct_days):
        print("direct", d, direct_days[d])
    for (merge, tree), (t, ph, n) in sorted(pulls.items()):
        print("pull", tree, merge, t, name[ph], n)
    for tree, ph in sorted(first.items()):
        print("first", tree, name[ph])


def of(out):
    for p in out["phases"]:
        print("phase", p["name"], p["first_day"], p["last_day"], p["days"],
              p["pulls"], p["tree_count"], p["commits"], p["direct"])
    print("late_pulled", out["late_pulled"])
    print("late_from", *out["late_pulled_from"])
    if out["late_trees"] is None:
        print("late null")
    else:
        for t in out["late_trees"]:
            print("late", t["name"], t["phase"], t["pulls"], t["commits"])
    for d in out["direct_by_day"]:
        print("direct", d["day"], d["commits"])
    lines = []
    for t in out["trees"]:
        for p in t["timeline"]:
            lines.append((t["name"], p["merge"], p["time"], p["phase"],
                          p["commits"]))
    for ln in sorted((m, tr, t, ph, n) for tr, m, t, ph, n in lines):
        m, tr, t, ph, n = ln
        print("pull", tr, m, t, ph, n)
    for t in sorted(out["trees"], key=lambda t: t["name"]):
        if t["first_phase"] is not None:
            print("first", t["name"], t["first_phase"])


def text(out):
    """The section's rows as words, from the JSON (days in UTC)."""
    for k, p in enumerate(out["phases"]):
        print(k + 1, p["name"], p["first_day"], p["last_day"], p["days"],
              p["pulls"], p["tree_count"], p["commits"], p["direct"])
    n = out["commits"]
    tags = out["late_pulled_from"]
    if len(tags) > 3:
        tags = ["%s ... %s, %d tags" % (tags[0], tags[-1], len(tags))]
    print("pulled after the merge window%s: %d commit%s (%.1f%%)" % (
        " (from %s)" % ", ".join(tags) if tags else "",
        out["late_pulled"], "" if out["late_pulled"] == 1 else "s",
        out["late_pulled_share"]))
    for t in out["trees"]:
        if not t["timeline"]:
            continue
        per = [0] * len(out["phases"])
        for p in t["timeline"]:
            per[[q["name"] for q in out["phases"]].index(p["phase"])] += 1
        print(t["commits"], len(t["timeline"]),
              " ".join(str(x) if x else "." for x in per), t["name"])
    if out["late_trees"] is None:
        print("late: none (the range holds no merge window)")
    elif not out["late_trees"]:
        print("late: none")
    else:
        print("late:", len(out["late_trees"]))
        for t in out["late_trees"]:
            print(t["phase"], t["pulls"], t["commits"], t["name"])


def csv_of(out):
    print("merge,time,day,phase,tree,commits,mainline_merge")
    rows = []
    for t in out["trees"]:
        for p in t["timeline"]:
            rows.append((p["time"], p["merge"], p["phase"], t["name"],
                         p["commits"], p["mainline_merge"]))
    for t, m, ph, tree, n, mm in sorted(rows):
        print("%s,%d,%s,%s,%s,%d,%s" % (m, t, day(t), ph, tree, n, mm))


def main():
    what = sys.argv[1]
    if what == "truth":
        truth(*sys.argv[2:7])
    else:
        out = json.load(open(sys.argv[2]))
        {"of": of, "text": text, "csv": csv_of}[what](out)


main()
