#!/usr/bin/env python3
"""checks-truth.py GIT_DIR RANGE TREEPLOT - what `treeplot --check
fixes,signoff,rebase -T findings RANGE` must print, sorted, computed
apart from treeplot's own reading (the back-merges, whose "inside a
tree" is treeplot's attribution, are checks.t's):

  each non-merge commit of the range (git rev-list --no-merges), its
  Fixes trailers as git reads them (git interpret-trailers --parse),
  each id as `git rev-parse --verify -q ID^{commit}` resolves it (git
  cat-file --batch-check), the target's subject by `git log -1
  --format=%s`, its ancestry by `git merge-base --is-ancestor`;
  its author and committer as git log's mailmapped %aN <%aE> and
  %cN <%cE>, its sign-offs through `git check-mailmap`;
  each merge of B's first-parent line in the range with what it brought
  (git rev-list --no-merges M^1..M, within the range), dated by %ct;
  the tree of a commit, field 13 of -T commits; a pull's, the tree of
  the path just inside the mainline of the commits it brought (the
  mainline's name for a topic merge).
"""
import re
import subprocess
import sys

G, RANGE, TREEPLOT = sys.argv[1:4]
COMMITS, WINDOW, RECENT = 5, 3600, 48 * 3600
HEX = re.compile(r"^([0-9a-fA-F]{4,40})(?![0-9A-Za-z_])")


def git(*args, inp=None):
    r = subprocess.run(["git", "--git-dir", G] + list(args), input=inp,
                       capture_output=True)
    return r.returncode, r.stdout.decode("utf-8", "surrogateescape")


def out(*args, inp=None):
    rc, o = git(*args, inp=inp)
    if rc:
        sys.exit("git %s failed" % (args,))
    return o


paths = {}
tp = subprocess.run([TREEPLOT, "-C", G, "-T", "commits", RANGE],
                    capture_output=True, check=True).stdout.decode()
for line in tp.splitlines():
    f = line.split("\t")
    paths[f[0]] = f[12:]
mainline = next(iter(paths.values()))[-1] if paths else "mainline"



def reach(rev):
    """Every commit rev reaches, exactly (rev-list A..B may trust the
    dates where a clock was wrong: the sets are not)."""
    return set(out("rev-list", rev).split())


A, B = RANGE.split("..")
in_range = reach(B) - reach(A)
# The trailers as git reads them: git log's %(trailers), unfolded, each
# "Key: value" line of the trailer block.
recs = out("log", "--no-merges", "--format=%H%x01%aN <%aE>%x01%cN <%cE>"
           "%x01%ct%x01%(trailers:unfold,separator=%x03)%x02", B)
info = {}
for rec in recs.split("\x02"):
    if "\x01" in rec:
        h, a, c, t, tr = rec.lstrip("\n").split("\x01", 4)
        if h in in_range:
            info[h] = (a, c, int(t), tr)


def trailers(tr):
    for line in tr.split("\x03"):
        k, _, v = line.partition(":")
        if _:
            yield k.strip().lower(), v.strip()


def resolve(ids):
    if not ids:
        return {}
    o = out("cat-file", "--batch-check",
            inp="".join(i + "^{commit}\n" for i in ids).encode())
    res = {}
    for i, line in zip(ids, o.splitlines()):
        f = line.split()
        if len(f) == 3 and f[1] == "commit":
            res[i] = (f[0], None)
            continue
        # Why not: as git rev-parse --verify says it.
        err = subprocess.run(["git", "--git-dir", G, "rev-parse", "--verify",
                              i + "^{commit}"], capture_output=True
                             ).stderr.decode()
        if "ambiguous" in err:
            res[i] = (None, "ambiguous")
        elif "commit type" in err:
            res[i] = (None, "not a commit")
        else:
            res[i] = (None, "no such commit")
    return res


def quoted(rest):
    rest = rest.strip(" \t")
    if len(rest) >= 2 and rest[0] == "(" and rest[-1] == ")":
        rest = rest[1:-1]
    if len(rest) >= 2 and rest[0] == '"' and rest[-1] == '"':
        return rest[1:-1]
    return None


def subject_ok(w, s):
    if w == s:
        return True
    for e in ("...", "\u2026"):
        if w.endswith(e):
            return s.startswith(w[:-len(e)])
    return False


findings = []
fixes = []
for h, (a, c, t, body) in info.items():
    seen = set()
    tree = paths[h][0]
    for k, v in trailers(body):
        if k != "fixes" or not v:
            continue
        m = HEX.match(v)
        key = ("id", m[1]) if m else ("noid", v)
        if key in seen:
            continue
        seen.add(key)
        if not m:
            findings.append((h, 0, "fixes-no-id", tree, v))
            continue
        if len(m[1]) < 12:
            findings.append((h, 1, "fixes-short-id", tree,
                             "%s: %d digits" % (m[1], len(m[1]))))
        fixes.append((h, tree, m[1], quoted(v[len(m[1]):])))
res = resolve(sorted({f[2] for f in fixes}))
subjects = {}
for h, tree, i, q in fixes:
    target, why = res[i]
    if not target:
        findings.append((h, 2, "fixes-unknown", tree, "%s: %s" % (i, why)))
        continue
    if q is not None:
        if target not in subjects:
            subjects[target] = out("log", "-1", "--format=%s", target)[:-1]
        if not subject_ok(q, subjects[target]):
            findings.append((h, 3, "fixes-subject", tree, '%s ("%s"): "%s"'
                             % (i, q, subjects[target])))
    if git("merge-base", "--is-ancestor", target, h)[0]:
        findings.append((h, 4, "fixes-not-ancestor", tree,
                         "%s: %s is not an ancestor" % (i, target)))

# Sign-offs: each value through git check-mailmap (when it has an
# address), compared by address ignoring case or by name.
mapped = {}
values = sorted({v for _, (a, c, t, b) in info.items()
                 for k, v in trailers(b) if k == "signed-off-by" and
                 re.search(r"<[^>]*>", v)})
if values:
    o = out("check-mailmap", *values).splitlines()
    mapped = dict(zip(values, o))


def person(s):
    m = re.match(r"^(.*?)\s*<([^>]*)>", s)
    return (m[1].strip(), m[2].strip().lower()) if m else (s.strip(), "")


def same(x, y):
    return (x[1] and x[1] == y[1]) or (x[0] and x[0] == y[0])


for h, (a, c, t, body) in info.items():
    sobs = [person(mapped.get(v, v)) for k, v in trailers(body)
            if k == "signed-off-by" and v]
    for who, n, code in ((a, 5, "signoff-author"),
                         (c, 6, "signoff-committer")):
        if not any(same(person(who), s) for s in sobs):
            findings.append((h, n, code, paths[h][0], who))

# Pulls of rebased commits.
# What each merge of the line brought: walked here over git's parents,
# oldest first, each commit once (reach(M) - reach(M^1), exactly).
parents = {}
for rl in out("rev-list", "--parents", B).splitlines():
    f = rl.split()
    parents[f[0]] = f[1:]
line = out("rev-list", "--first-parent", B).split()[::-1]
seen = set()


def walk(tips):
    new, stack = [], [t for t in tips if t not in seen]
    while stack:
        x = stack.pop()
        if x in seen:
            continue
        seen.add(x)
        new.append(x)
        stack.extend(q for q in parents[x] if q not in seen)
    return new


brought_by = {}
for m in line:
    if m in in_range and len(parents[m]) > 1:
        brought_by[m] = [x for x in walk(parents[m][1:]) if x in info]
    walk([m])
for m in line[::-1]:
    if m not in brought_by:
        continue
    brought = brought_by[m]
    if len(brought) < COMMITS:
        continue
    ts = [info[x][2] for x in brought]
    when = int(out("log", "-1", "--format=%ct", m))
    if max(ts) - min(ts) > WINDOW or when - max(ts) >= RECENT:
        continue
    p = paths[brought[0]]
    tree = p[-2] if len(p) > 1 else mainline
    findings.append((m, 9, "pull-rebased", tree,
                     "%d commits committed within %d minutes, the newest "
                     "%d minutes before the pull"
                     % (len(brought), int((max(ts) - min(ts)) / 60),
                        int((when - max(ts)) / 60))))

for f in sorted("\t".join((h, code, tree, d))
                for h, _, code, tree, d in findings):
    print(f)
