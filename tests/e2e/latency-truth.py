#!/usr/bin/env python3
"""latency-truth.py - --latency's figures computed apart from treeplot.

    latency-truth.py GIT_DIR RANGE MARKS DATES EXPECTED > truth.json
    latency-truth.py figures truth.json       the figures, one a line
    latency-truth.py figures-of out.json      the same from treeplot's JSON
    latency-truth.py commits truth.json       treeplot -T commits' lines
    latency-truth.py text truth.json out.json the text report's rows, as
                                              words (trees in out's order)
    latency-truth.py fold truth.json out.json every tree's figures under
                                              --top, from the feeders out
                                              shows (the fold's: of the
                                              commits of folded feeders)

From genhist's ground truth (DATES: ":MARK<TAB>AUTHOR<TAB>COMMITTER" per
non-merge commit, the dates it was written with; EXPECTED: mkrepo.sh's
"id<TAB>tree<TAB>...<TAB>mainline", the paths), fast-import's MARKS and
plain git: the arrival of each non-merge commit of RANGE is the committer
date of the first merge on the first-parent line (oldest first) that
brought it, i.e. the commits of `git rev-list M ^M^1 ^START`, or its own
on that line.  Writes, as JSON: per commit [arrival, latency], and the
figures over all commits, per tree (by name) and per depth.
"""
import json
import math
import subprocess
import sys


def git(gd, *args):
    return subprocess.run(["git", "--git-dir", gd] + list(args), check=True,
                          capture_output=True, text=True).stdout.split()


def stats(v):
    v = sorted(v)
    n = len(v)
    if not n:
        return {"median": None, "p90": None, "negative": 0, "n": 0}
    return {"median": v[(n - 1) // 2], "p90": v[math.ceil(0.9 * n) - 1],
            "negative": sum(1 for x in v if x < 0), "n": n}


def days(s):
    """Days with one decimal, halves away from zero, as treeplot."""
    t = (abs(s) + 4320) // 8640
    return "%s%d.%d" % ("-" if s < 0 and t else "", t // 10, t % 10)


def fig(s):
    return "%s %s %d" % (s["median"], s["p90"], s["negative"])


def figures(truth):
    print("all %d %s" % (truth["all"]["n"], fig(truth["all"])))
    for d in sorted(truth["depths"], key=int):
        s = truth["depths"][d]
        print("depth %s %d %s" % (d, s["n"], fig(s)))
    for t in sorted(truth["trees"]):
        s = truth["trees"][t]
        print("tree %s %d %s" % (t, s["n"], fig(s)))


def figures_of(out):
    print("all %d %s" % (out["commits"], fig(out["latency"])))
    for d in out["latency_by_depth"]:
        print("depth %d %d %s" % (d["depth"], d["commits"],
                                  fig(d["latency"])))
    for t in sorted(out["trees"], key=lambda t: t["name"]):
        print("tree %s %d %s" % (t["name"], t["commits"], fig(t["latency"])))


def row(s, what):
    return " ".join([str(s["n"]), days(s["median"]), days(s["p90"]),
                     str(s["negative"])] + what.split())


def text(truth, out):
    print("commits median p90 negative")
    print(row(truth["all"], "all commits"))
    for d in sorted(truth["depths"], key=int):
        print(row(truth["depths"][d],
                  "depth 0: direct" if d == "0" else "depth " + d))
    for t in out["trees"]:
        print(row(truth["trees"][t["name"]], t["name"]))


def fold(truth, out):
    """Every tree of a --top run: a commit whose tree into the mainline
    is folded counts for the fold alone, the others for their trees."""
    feeders = {e["from"] for e in out["edges"] if e["to"] == "mainline"}
    got = {}
    for c, (_a, lat) in truth["commits"].items():
        p = truth["path"][c][:-1]
        if not p:
            continue
        for t in ["(fold)"] if p[-1] not in feeders else set(p):
            got.setdefault(t, []).append(lat)
    for t in out["trees"]:
        s = stats(got.get("(fold)" if t["name"].endswith(" other trees")
                          else t["name"], []))
        print("tree %s %d %s" % (t["name"], s["n"], fig(s)))


def main():
    if sys.argv[1] in ("figures", "figures-of", "commits", "text", "fold"):
        docs = [json.load(open(f)) for f in sys.argv[2:]]
        if sys.argv[1] == "commits":
            for c, (a, lat) in sorted(docs[0]["commits"].items()):
                print("\t".join([c, "%d" % a, "%+d" % lat] +
                                docs[0]["path"][c]))
            return
        {"figures": figures, "figures-of": figures_of, "text": text,
         "fold": fold}[sys.argv[1]](*docs)
        return
    gd, rng, marks_f, dates_f, exp_f = sys.argv[1:6]
    start = ["^" + rng.split("..")[0]] if ".." in rng else []
    end = rng.split("..")[-1]
    mark = {}
    for line in open(marks_f):
        m, oid = line.split()
        mark[m] = oid
    author = {}
    for line in open(dates_f):
        m, a, _c = line.rstrip("\n").split("\t")
        author[mark[m]] = int(a)
    path = {}
    for line in open(exp_f):
        f = line.rstrip("\n").split("\t")
        path[f[0]] = f[1:]
    in_range = set(git(gd, "rev-list", "--no-merges", rng))
    cdate = {}
    out = git(gd, "log", "--format=%H %ct", rng)
    for k in range(0, len(out), 2):
        cdate[out[k]] = int(out[k + 1])
    arrival = {}
    for c in git(gd, "rev-list", "--first-parent", "--reverse",
                 *(start + [end])):
        parents = git(gd, "rev-list", "--parents", "-n", "1", c)[1:]
        if len(parents) < 2:
            arrival[c] = cdate[c]
            continue
        for b in git(gd, "rev-list", c, "^" + parents[0], *start):
            arrival.setdefault(b, cdate[c])
    commits, trees, depths, every = {}, {}, {}, []
    for c in in_range:
        lat = arrival[c] - author[c]
        commits[c] = [arrival[c], lat]
        every.append(lat)
        p = path[c][:-1]		# the trees, mainline dropped
        for t in set(p):
            trees.setdefault(t, []).append(lat)
        depths.setdefault(len(p), []).append(lat)
    json.dump({"commits": commits, "all": stats(every),
               "trees": {t: stats(v) for t, v in trees.items()},
               "depths": {str(d): stats(v) for d, v in depths.items()},
               "path": {c: path[c] for c in in_range}},
              sys.stdout, sort_keys=True)


main()
