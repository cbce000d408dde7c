#!/usr/bin/env python3
"""review-truth.py - --review's figures computed apart from treeplot.

    review-truth.py GIT_DIR RANGE MARKS TRAILERS EXPECTED > truth.json
    review-truth.py figures truth.json        the figures, one a line
    review-truth.py figures-of out.json       the same from treeplot's JSON
    review-truth.py commits truth.json        treeplot -T commits' lines as
                                              the id, the six review fields
                                              and the path
    review-truth.py text truth.json out.json  the text report's rows, as
                                              words (trees in out's order)
    review-truth.py fold truth.json out.json  every tree's figures under
                                              --top (the fold's: of the
                                              commits of folded feeders)
    review-truth.py git GIT_DIR RANGE         what git says of each commit:
                                              the id and the six fields
                                              of -T commits, from git
                                              log's %(trailers), %aN,
                                              %cN and git check-mailmap

From genhist's ground truth (TRAILERS: --trailers' ":MARK<TAB>REVIEWED<TAB>
TESTED<TAB>LINKED<TAB>FIX<TAB>STABLE<TAB>HANDOFFS<TAB>REVIEWERS<TAB>TESTERS"
per non-merge commit, what the generator wrote into each message;
EXPECTED: mkrepo.sh's paths), fast-import's MARKS and git rev-list: the
figures over the range's non-merge commits, per depth and per tree (every
tree of a commit's path).  People are told apart by their address, lower
case (or their name, without one), and shown by the spelling written most
over the range, ties to the first in byte order; a top list is the five
with the most commits, then by the spelling.
"""
import json
import subprocess
import sys

FLAGS = ("reviewed", "tested", "linked", "fixes", "stable")


def key_of(shown):
    if "<" in shown:
        return "m" + shown[shown.index("<") + 1:shown.rindex(">")].lower()
    if "@" in shown:
        return "m" + shown.lower()
    return "n" + shown.lower()


def stats(commits, spelling):
    n = len(commits)
    s = {"commits": n}
    for k, f in enumerate(FLAGS):
        s[f] = sum(c["flags"][k] for c in commits)
    h = sorted(c["handoffs"] for c in commits)
    s["handoffs_median"] = h[(n - 1) // 2] if n else 0
    for role in ("reviewers", "testers"):
        count = {}
        for c in commits:
            for p in c[role]:
                count[key_of(p)] = count.get(key_of(p), 0) + 1
        top = sorted(((-v, spelling[k].encode(), k) for k, v in count.items()))
        s[role] = [{"name": spelling[k], "commits": -v} for v, _s, k in top[:5]]
    return s


def line(s):
    return " ".join([str(s["commits"])] + [str(s[f]) for f in FLAGS] +
                    [str(s["handoffs_median"])] +
                    ["%s:%d" % (p["name"].replace(" ", "_"), p["commits"])
                     for role in ("reviewers", "testers") for p in s[role]] +
                    ["|"])


def figures(truth):
    print("all", line(truth["all"]))
    for d in sorted(truth["depths"], key=int):
        print("depth", d, line(truth["depths"][d]))
    for t in sorted(truth["trees"]):
        print("tree", t, line(truth["trees"][t]))


def figures_of(out):
    print("all", line(out["review"]))
    for d in out["review_by_depth"]:
        print("depth", d["depth"], line(d["review"]))
    for t in sorted(out["trees"], key=lambda t: t["name"]):
        print("tree", t["name"], line(t["review"]))


def tenths(part, whole):
    """A share in tenths of a percent, halves up."""
    return (2000 * part + whole) // (2 * whole) if whole else 0


def pct(part, whole):
    t = tenths(part, whole)
    return "%d.%d%%" % (t // 10, t % 10)


def row(s, what):
    return " ".join([str(s["commits"])] +
                    [pct(s[f], s["commits"]) for f in FLAGS] +
                    [str(s["handoffs_median"])] + what.split())


def text(truth, out):
    print("(reviewed: a Reviewed-by or Acked-by from neither author nor "
          "committer)")
    print("commits reviewed tested linked fixes stable hand-offs")
    print(row(truth["all"], "all commits"))
    for d in sorted(truth["depths"], key=int):
        print(row(truth["depths"][d],
                  "depth 0: direct" if d == "0" else "depth " + d))
    for t in out["trees"]:
        print(row(truth["trees"][t["name"]], t["name"]))
    for role, what in (("reviewers", "Reviewers (the commits whose review "
                        "counts)"), ("testers", "Testers (the commits with "
                                     "their Tested-by)")):
        print(what)
        for p in truth["all"][role]:
            print(p["commits"], p["name"])
        if not truth["all"][role]:
            print("none")


def fold(truth, out):
    feeders = {e["from"] for e in out["edges"] if e["to"] == "mainline"}
    got = {}
    for c, v in truth["commits"].items():
        p = truth["path"][c][:-1]
        if not p:
            continue
        for t in ["(fold)"] if p[-1] not in feeders else set(p):
            got.setdefault(t, []).append(v)
    for t in out["trees"]:
        s = stats(got.get("(fold)" if t["name"].endswith(" other trees")
                          else t["name"], []), truth["spelling"])
        print("tree", t["name"], line(s))


def who(v):
    """A trailer's person: (name, mail), as review.h reads them."""
    if "<" in v and ">" in v[v.index("<"):]:
        lt = v.index("<")
        return v[:lt].strip(), v[lt + 1:v.index(">", lt)].strip()
    words = v.split()
    for k, w in enumerate(words):
        if "@" in w:
            return " ".join(words[:k]), w
    return v.split("#")[0].strip() if "#" in v else v.strip(), ""


def same(a, b):
    return bool((a[1] and a[1].lower() == b[1].lower()) or
                (a[0] and a[0].lower() == b[0].lower()))


def from_git(gd, rng):
    """Each commit's six fields, from git's own reading of it."""
    sep = "\x1f"
    log = subprocess.run(["git", "--git-dir", gd, "log", "--no-merges",
                          "--format=%H%x1f%aN <%aE>%x1f%cN <%cE>%x1f"
                          "%(trailers:only,unfold)%x1e", rng], check=True,
                         capture_output=True).stdout.decode("utf-8",
                                                            "replace")
    commits = []
    contacts = set()
    for rec in log.split("\x1e"):
        rec = rec.strip("\n")
        if not rec:
            continue
        cid, author, committer, trailers = rec.split(sep)
        tl = [t.split(": ", 1) for t in trailers.split("\n") if ": " in t]
        commits.append((cid, author, committer, tl))
        for k, v in tl:
            n, m = who(v)
            if m:
                contacts.add((n + " <" if n else "<") + m + ">")
    mapped = {}
    cl = sorted(contacts)
    for k in range(0, len(cl), 500):
        out = subprocess.run(["git", "--git-dir", gd, "check-mailmap"] +
                             cl[k:k + 500], check=True, capture_output=True,
                             text=True).stdout.split("\n")
        for c, m in zip(cl[k:k + 500], out):
            mapped[c] = m
    for cid, author, committer, tl in sorted(commits):
        a, c = who(author), who(committer)
        fl = [0] * 5
        so = []
        for k, v in tl:
            k = k.lower()
            n, m = who(v)
            if m:
                n, m = who(mapped[(n + " <" if n else "<") + m + ">"])
            if not v.strip():
                continue
            if k == "link" or k == "message-id":
                fl[2] = 1
            elif k == "fixes":
                fl[3] = 1
            elif k == "cc" and m.lower().split("@")[0] == "stable" and \
                    "@" in m:
                fl[4] = 1
            elif not n and not m:
                continue
            elif k == "signed-off-by":
                so.append((n, m))
            elif k == "tested-by":
                fl[1] = 1
            elif k in ("reviewed-by", "acked-by") and \
                    not same((n, m), a) and not same((n, m), c):
                fl[0] = 1
        ci = max([k for k, p in enumerate(so) if same(p, c)],
                 default=len(so))
        ai = max([k for k, p in enumerate(so[:ci]) if same(p, a)],
                 default=-1)
        seen, hand = [], 0
        for p in so[ai + 1:ci]:
            if same(p, a) or same(p, c) or any(same(p, q) for q in seen):
                continue
            seen.append(p)
            hand += 1
        print("\t".join([cid] + [str(x) for x in fl] + [str(hand)]))


def main():
    if sys.argv[1] == "git":
        from_git(sys.argv[2], sys.argv[3])
        return
    if sys.argv[1] in ("figures", "figures-of", "commits", "text", "fold"):
        docs = [json.load(open(f)) for f in sys.argv[2:]]
        if sys.argv[1] == "commits":
            for c, v in sorted(docs[0]["commits"].items()):
                print("\t".join([c] + [str(x) for x in v["flags"]] +
                                [str(v["handoffs"])] + docs[0]["path"][c]))
            return
        {"figures": figures, "figures-of": figures_of, "text": text,
         "fold": fold}[sys.argv[1]](*docs)
        return
    gd, rng, marks_f, trailers_f, exp_f = sys.argv[1:6]
    mark = {}
    for ln in open(marks_f):
        m, oid = ln.split()
        mark[m] = oid
    said = {}
    for ln in open(trailers_f):
        f = ln.rstrip("\n").split("\t")
        said[mark[f[0]]] = {
            "flags": [int(x) for x in f[1:6]], "handoffs": int(f[6]),
            "reviewers": f[7].split("|") if f[7] else [],
            "testers": f[8].split("|") if f[8] else []}
    path = {}
    for ln in open(exp_f):
        f = ln.rstrip("\n").split("\t")
        path[f[0]] = f[1:]
    in_range = subprocess.run(["git", "--git-dir", gd, "rev-list",
                               "--no-merges", rng], check=True,
                              capture_output=True, text=True).stdout.split()
    # Each person's spelling: the one written most over the range.
    times = {}
    for c in in_range:
        for p in said[c]["reviewers"] + said[c]["testers"]:
            times[p] = times.get(p, 0) + 1
    spelling = {}
    for p in sorted(times, key=lambda p: (-times[p], p.encode())):
        spelling.setdefault(key_of(p), p)
    every, trees, depths = [], {}, {}
    for c in in_range:
        v = said[c]
        every.append(v)
        p = path[c][:-1]
        for t in set(p):
            trees.setdefault(t, []).append(v)
        depths.setdefault(len(p), []).append(v)
    json.dump({"commits": {c: said[c] for c in in_range},
               "all": stats(every, spelling),
               "trees": {t: stats(v, spelling) for t, v in trees.items()},
               "depths": {str(d): stats(v, spelling)
                          for d, v in depths.items()},
               "path": {c: path[c] for c in in_range},
               "spelling": spelling},
              sys.stdout, sort_keys=True)


main()
