#!/usr/bin/env python3
"""latency-truth.py - --latency's figures computed apart from treeplot.

    latency-truth.py GIT_DIR RANGE MARKS DATES EXPECTED > truth.json
    latency-truth.py figures truth.json       the figures, one a line
    latency-truth.py figures-of out.json      the same from treeplot's JSON
    latency-truth.py commits truth.json       treeplot -T commits' lines
    latency-truth.py text truth.json out.json the text report's rows, as
                                              words (trees in out's order)
    latency-truth.py split-text truth.json out.json  the same of the wait
                                              and soak section
    latency-truth.py fold truth.json out.json every tree's figures under
                                              --top, from the feeders out
                                              shows (the fold's: of the
                                              commits of folded feeders)

With the split of each latency at the commit's committer date: its wait
(committer date - author date) and soak (arrival - committer date), and
how many soaked under a day (fresh).

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


def split_stats(v):
    """Over (arrival, latency, committer date) triples: the latency's
    figures, its wait's (committer date - author date), its soak's
    (arrival - committer date) and how many soaked under a day."""
    s = stats([lat for _a, lat, _c in v])
    s["wait"] = stats([c - (a - lat) for a, lat, c in v])
    s["soak"] = stats([a - c for a, _l, c in v])
    s["fresh"] = sum(1 for a, _l, c in v if a - c < 86400)
    return s


def days(s):
    """Days with one decimal, halves away from zero, as treeplot."""
    t = (abs(s) + 4320) // 8640
    return "%s%d.%d" % ("-" if s < 0 and t else "", t // 10, t % 10)


def fig(s):
    return "%s %s %d" % (s["median"], s["p90"], s["negative"])


def figs(s):
    """The latency's figures, then the wait's, the soak's, the fresh."""
    return "%s wait %s soak %s fresh %d" % (fig(s), fig(s["wait"]),
                                            fig(s["soak"]), s["fresh"])


def figures(truth):
    print("all %d %s" % (truth["all"]["n"], figs(truth["all"])))
    for d in sorted(truth["depths"], key=int):
        s = truth["depths"][d]
        print("depth %s %d %s" % (d, s["n"], figs(s)))
    for t in sorted(truth["trees"]):
        s = truth["trees"][t]
        print("tree %s %d %s" % (t, s["n"], figs(s)))


def figs_of(o):
    return "%s wait %s soak %s fresh %d" % (fig(o["latency"]), fig(o["wait"]),
                                            fig(o["soak"]), o["fresh"])


def figures_of(out):
    print("all %d %s" % (out["commits"], figs_of(out)))
    for d in out["latency_by_depth"]:
        print("depth %d %d %s" % (d["depth"], d["commits"], figs_of(d)))
    for t in sorted(out["trees"], key=lambda t: t["name"]):
        print("tree %s %d %s" % (t["name"], t["commits"], figs_of(t)))


def row(s, what):
    return " ".join([str(s["n"]), days(s["median"]), days(s["p90"]),
                     str(s["negative"])] + what.split())


def split_row(s, what):
    return " ".join([str(s["n"]), days(s["wait"]["median"]),
                     days(s["wait"]["p90"]), str(s["wait"]["negative"]),
                     days(s["soak"]["median"]), days(s["soak"]["p90"]),
                     str(s["soak"]["negative"]),
                     "%.1f%%" % (100.0 * s["fresh"] / s["n"])] + what.split())


def text(truth, out, split=False):
    r = split_row if split else row
    if split:
        print("commits median p90 negative median p90 negative fresh")
    else:
        print("commits median p90 negative")
    print(r(truth["all"], "all commits"))
    for d in sorted(truth["depths"], key=int):
        print(r(truth["depths"][d],
                "depth 0: direct" if d == "0" else "depth " + d))
    for t in out["trees"]:
        print(r(truth["trees"][t["name"]], t["name"]))


def split_text(truth, out):
    text(truth, out, True)


def fold(truth, out):
    """Every tree of a --top run: a commit whose tree into the mainline
    is folded counts for the fold alone, the others for their trees."""
    feeders = {e["from"] for e in out["edges"] if e["to"] == "mainline"}
    got = {}
    for c, (a, lat, com) in truth["commits"].items():
        p = truth["path"][c][:-1]
        if not p:
            continue
        for t in ["(fold)"] if p[-1] not in feeders else set(p):
            got.setdefault(t, []).append((a, lat, com))
    for t in out["trees"]:
        s = split_stats(got.get("(fold)" if t["name"].endswith(" other trees")
                                else t["name"], []))
        print("tree %s %d %s" % (t["name"], s["n"], figs(s)))


def main():
    if sys.argv[1] in ("figures", "figures-of", "commits", "text",
                       "split-text", "fold"):
        docs = [json.load(open(f)) for f in sys.argv[2:]]
        if sys.argv[1] == "commits":
            for c, (a, lat, com) in sorted(docs[0]["commits"].items()):
                print("\t".join([c, "%d" % a, "%+d" % lat, "%d" % com] +
                                docs[0]["path"][c]))
            return
        {"figures": figures, "figures-of": figures_of, "text": text,
         "split-text": split_text, "fold": fold}[sys.argv[1]](*docs)
        return
    gd, rng, marks_f, dates_f, exp_f = sys.argv[1:6]
    start = ["^" + rng.split("..")[0]] if ".." in rng else []
    end = rng.split("..")[-1]
    mark = {}
    for line in open(marks_f):
        m, oid = line.split()
        mark[m] = oid
    author, committer = {}, {}
    for line in open(dates_f):
        m, a, c = line.rstrip("\n").split("\t")
        author[mark[m]] = int(a)
        committer[mark[m]] = int(c)
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
        v = (arrival[c], lat, committer[c])
        commits[c] = list(v)
        every.append(v)
        p = path[c][:-1]		# the trees, mainline dropped
        for t in set(p):
            trees.setdefault(t, []).append(v)
        depths.setdefault(len(p), []).append(v)
    json.dump({"commits": commits, "all": split_stats(every),
               "trees": {t: split_stats(v) for t, v in trees.items()},
               "depths": {str(d): split_stats(v) for d, v in depths.items()},
               "path": {c: path[c] for c in in_range}},
              sys.stdout, sort_keys=True)


main()
