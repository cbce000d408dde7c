#!/usr/bin/env python3
"""people-truth.py - --people's figures computed apart from treeplot.

    people-truth.py GIT_DIR RANGE MARKS PEOPLE EXPECTED MAP   the figures
    people-truth.py figures-of out.json       the same from treeplot's JSON

From genhist --people's ground truth (PEOPLE: per non-merge commit its
committer's address, whether it is a self-commit and reviewed; per pull
of the mainline the tagger date of the tag it names, or none, and the
tree), mkrepo.sh's paths (EXPECTED), fast-import's MARKS and
mergetags.py's MAP (old ids to the rewritten ones), and git for what the
range holds (rev-list), the first-parent line's merges and their
committer dates, the date of the range's start, and the authors before
it and in it (git log's mailmapped %aE and %aN): one line a group,
"all", "depth D", "tree NAME": commits, self, self unreviewed,
committers, the fewest holding half, the top committers' counts; then,
for all and each tree, tagged, untagged, late, the lower median wait;
last, the newcomers and how many each tree brought.
"""
import json
import subprocess
import sys


def git(gd, *args):
    return subprocess.run(["git", "--git-dir", gd] + list(args), check=True,
                          capture_output=True).stdout.decode()


def commit_line(group):
    n = len(group)
    count = {}
    for c, _s, _r in group:
        count[c] = count.get(c, 0) + 1
    tops = sorted(count.values(), reverse=True)
    half, got = 0, 0
    for v in tops:
        if 2 * got >= n:
            break
        got += v
        half += 1
    return [n, sum(s for _c, s, _r in group),
            sum(s and not r for _c, s, r in group), len(count), half,
            tops[:5]]


def pull_line(pulls):
    waits = sorted(w for w in (p["wait"] for p in pulls) if w is not None)
    return [sum(p["wait"] is not None for p in pulls),
            sum(p["wait"] is None for p in pulls),
            sum(p["late"] for p in pulls),
            waits[(len(waits) + 1) // 2 - 1] if waits else None]


def truth(gd, rng, marks, people, expected, idmap):
    new = dict(line.split() for line in open(idmap))
    mark = {m: new.get(i, i) for m, i in
            (line.split() for line in open(marks))}
    path = {}
    for line in open(expected):
        f = line.rstrip("\n").split("\t")
        path[new[f[0]]] = f[1:-1]
    commit, pull = {}, {}
    for line in open(people):
        f = line.rstrip("\n").split("\t")
        if f[1] == "c":
            commit[mark[f[0]]] = (f[2], f[3] == "1", f[4] == "1")
        else:
            pull[mark[f[0]]] = (None if f[2] == "-" else int(f[2]), f[3])
    groups = {"all": []}
    for c in git(gd, "rev-list", "--no-merges", rng).split():
        v = commit[c]
        groups["all"].append(v)
        groups.setdefault("depth %d" % len(path[c]), []).append(v)
        for t in set(path[c]):
            groups.setdefault("tree " + t, []).append(v)
    start = rng.split("..")[0] if ".." in rng else None
    window = int(git(gd, "log", "-1", "--format=%ct", start)) if start \
        else None
    line = git(gd, "log", "--first-parent", "--merges", "--reverse",
               "--format=%H %ct", rng).split("\n")
    pulls, seen = {"all": []}, set()
    for rec in line:
        if not rec or rec.split()[0] not in pull:
            continue
        h, ct = rec.split()
        tagged, tree = pull[h]
        late = tagged is not None and tree not in seen and \
            window is not None and tagged > window
        seen.add(tree)
        p = {"wait": None if tagged is None else int(ct) - tagged,
             "late": late}
        pulls["all"].append(p)
        pulls.setdefault("tree " + tree, []).append(p)
    for g in sorted(groups, key=lambda g: (g != "all", g)):
        print(g, json.dumps(commit_line(groups[g])))
    for g in sorted(pulls, key=lambda g: (g != "all", g)):
        print(g, "pulls", json.dumps(pull_line(pulls[g])))
    print("newcomers", json.dumps(newcomers(gd, rng, start, path)))


def newcomers(gd, rng, start, path):
    """Per tree that brought them (its innermost: the mainline's name for
    a direct commit), the authors by address whose neither address nor
    name wrote before the start, each at its oldest commit, from git log's
    mailmapped authors."""
    mails, names = set(), set()
    if start:
        for rec in git(gd, "log", "--no-merges", "--format=%aE%x09%aN",
                       start).splitlines():
            m, n = rec.lower().split("\t")
            mails.add(m)
            names.add(n)
    first = {}
    for rec in git(gd, "log", "--no-merges",
                   "--format=%H%x09%aE%x09%aN%x09%at", rng).splitlines():
        h, m, n, at = rec.split("\t")
        m, n = m.lower(), n.lower()
        if m in mails or n in names:
            continue
        if m not in first or int(at) < first[m][0]:
            first[m] = (int(at), h)
    count = {}
    for _at, h in first.values():
        t = path[h][0] if path[h] else "mainline"
        count[t] = count.get(t, 0) + 1
    return [len(first), sorted(count.items())]


def figures_of(out):
    def cl(s):
        return [s["commits"], s["self"], s["self_unreviewed"],
                s["committers"], s["committers_for_half"],
                [p["commits"] for p in s["top_committers"]]]

    def pl(s):
        return [s["tagged_pulls"], s["untagged_pulls"] - 0, s["late_tags"],
                s["tag_wait_median"]]
    groups = [("all", out["people_figures"])]
    groups += [("depth %d" % d["depth"], d["people_figures"])
               for d in out["people_by_depth"] if d["people_figures"]["commits"]]
    groups += [("tree " + t["name"], t["people_figures"]) for t in out["trees"]]
    for g, s in sorted(groups, key=lambda g: (g[0] != "all", g[0])):
        print(g, json.dumps(cl(s)))
    for g, s in sorted(groups, key=lambda g: (g[0] != "all", g[0])):
        if not g.startswith("depth") and s["tagged_pulls"] + \
                s["untagged_pulls"]:
            print(g, "pulls", json.dumps(pl(s)))
    count = {}
    for x in out["people_newcomers"]:
        count[x["tree"]] = count.get(x["tree"], 0) + 1
    print("newcomers", json.dumps([out["people_figures"]["newcomers"],
                                   sorted(count.items())]))


if sys.argv[1] == "figures-of":
    figures_of(json.load(open(sys.argv[2])))
else:
    truth(*sys.argv[1:7])
