#!/usr/bin/env python3
"""fixes-truth.py GIT_DIR RANGE TREEPLOT - what `treeplot --fixes -T fixes
RANGE` must print, sorted, computed apart from treeplot's own reading:

  the targets of each non-merge commit of the range (git rev-list) from
  its message as git reads it (git interpret-trailers --parse for the
  Fixes trailers, the body's "This reverts commit" lines);
  field 3 by `git rev-parse --verify -q ID^{commit}`;
  field 5 by `git tag --merged B --contains T`: the release tags (the
  default rule: no -rc, -dev, -pre, -alpha, -beta, -branched, no -start,
  -devel or -dev at the end), the earliest committer date, then name;
  fields 6 and 7, and the arrivals of field 8, by -T commits (B for the
  target, the range for the fix: field 2 the arrival, "-" the commit
  itself), the arrivals dated by git log's %ct;
  field 9 by whether T is in the range (what B reaches less what A
  reaches, as sets).
"""
import re
import subprocess
import sys

G, RANGE, TREEPLOT = sys.argv[1:4]


def git(*args, check=True):
    r = subprocess.run(["git", "--git-dir", G] + list(args),
                       capture_output=True)
    if check and r.returncode:
        sys.exit("git %s: %s" % (args, r.stderr.decode()))
    return r.stdout.decode("utf-8", "surrogateescape")


def tp_commits(rng):
    out = subprocess.run([TREEPLOT, "-C", G, "-T", "commits", rng],
                         capture_output=True, check=True).stdout.decode()
    by = {}
    for line in out.splitlines():
        f = line.split("\t")
        by[f[0]] = (f[1], f[12])
    return by


end = RANGE.split("..")[-1]
start = RANGE.split("..")[0] if ".." in RANGE else None
# The range as sets of what each end reaches, exactly: rev-list A..B
# may stop early where a clock was wrong (its date slop); the sets not.
in_range = set(git("rev-list", end).split())
if start:
    in_range -= set(git("rev-list", start).split())
commits = [c for c in git("rev-list", "--no-merges", end).split()
           if c in in_range]
HEX = re.compile(r"^([0-9a-fA-F]{4,40})(?![0-9A-Za-z_])")
REV = re.compile(r"^This reverts commit ([0-9a-fA-F]{7,40})(?![0-9A-Za-z_])")


messages = {}
raw = git("log", "--no-merges", "--format=%H%x01%B%x02", end)
for rec in raw.split("\x02"):
    if "\x01" in rec:
        h, _, body = rec.partition("\x01")
        messages[h.strip()] = body


def targets(c):
    msg = messages[c]
    out = []
    if "fixes" not in msg.lower() and "This reverts commit" not in msg:
        return out
    trailers = subprocess.run(
        ["git", "interpret-trailers", "--parse", "--no-divider"],
        input=msg.encode("utf-8", "surrogateescape"),
        capture_output=True, check=True).stdout.decode()
    for line in trailers.splitlines():
        k, _, v = line.partition(":")
        m = HEX.match(v.strip())
        if k.strip().lower() == "fixes" and m and ("fixes", m[1]) not in out:
            out.append(("fixes", m[1]))
    paras = msg.split("\n\n", 1)
    for line in (paras[1] if len(paras) > 1 else "").split("\n"):
        m = REV.match(line)
        if m and ("revert", m[1]) not in out:
            out.append(("revert", m[1]))
    return out


def is_release(t):
    if any(x in t for x in ("-rc", "-dev", "-pre", "-alpha", "-beta",
                            "-branched")):
        return False
    return not re.search(r"-(start|devel|dev)$", t)


ctime = {}


def ct(c):
    if c not in ctime:
        ctime[c] = int(git("log", "-1", "--format=%ct", c))
    return ctime[c]


releases = []
for x in git("tag", "--merged", end).split():
    if is_release(x):
        releases.append((ct(x + "^{commit}"), x,
                         set(git("rev-list", x + "^{commit}").split())))
releases.sort(key=lambda r: (r[0], r[1]))


def first_release(t):
    """The earliest of `git tag --merged END --contains T`'s releases."""
    return next((x for _, x, holds in releases if t in holds), "")


whole = tp_commits(end)
mine = tp_commits(RANGE)


history = set(git("rev-list", end).split())


def ancestor(a, b):
    if b == end:
        return a in history
    return subprocess.run(["git", "--git-dir", G, "merge-base",
                           "--is-ancestor", a, b]).returncode == 0


line = git("rev-list", "--first-parent", "--reverse", end).split()
on_line = set(line)


def arrival(by, c):
    """The committer date of what brought c: -T commits' field 2; for a
    merge (no line of its own there), itself on the first-parent line,
    else the oldest commit of that line that holds it."""
    if c in by:
        m = by[c][0]
        return ct(c if m == "-" else m)
    if not ancestor(c, end):
        return None
    if c in on_line:
        return ct(c)
    after = set(git("rev-list", "--ancestry-path", c + ".." + end).split())
    return next(ct(x) for x in line if x in after)


def days(s):
    t = (abs(s) * 10 + 43200) // 86400
    return "%s%d.%d" % ("-" if s < 0 and t else "", t // 10, t % 10)


# Every id as git resolves ID^{commit} (cat-file's batch: one process).
asked = sorted({i for c in commits for _, i in targets(c)})
answer = subprocess.run(["git", "--git-dir", G, "cat-file", "--batch-check"],
                        input="".join(i + "^{commit}\n" for i in asked).encode(),
                        capture_output=True, check=True).stdout.decode()
resolved = {}
for i, got in zip(asked, answer.splitlines()):
    f = got.split()
    resolved[i] = f[0] if len(f) == 3 and f[1] == "commit" else ""

lines = []
for c in commits:
    for kind, ident in targets(c):
        full = resolved[ident]
        rel = tree = life = ""
        if full:
            if ancestor(full, end):
                rel = first_release(full)
            tree = whole[full][1] if full in whole else ""
            a, b = arrival(whole, full), arrival(whole, c)
            if a is not None and b is not None:
                life = days(b - a)
        fix_tree = mine[c][1] if c in mine else ""
        lines.append("\t".join([c, kind, full, ident, rel, tree, fix_tree,
                                life, "1" if full in in_range else "0"]))
print("\n".join(sorted(lines)))
