#!/usr/bin/env python3
"""mergetags.py - the mergetag headers genhist --people asks for, written.

    mergetags.py GIT_DIR MARKS PEOPLE MAP

fast-import cannot write a commit's extra headers, so the merges genhist
--people lists as tagged pulls (":MARK<TAB>t<TAB>TAGGER-DATE<TAB>TREE")
are rewritten here with the header git records when it merges a signed
tag: "mergetag", the tag object (its commit: the merge's second parent;
type, tag name, tagger dated TAGGER-DATE) and a signature block.  Every
commit after them is rewritten for its new parents (oldest first), each
annotated tag for its new commit, and every ref moved; the objects are
written loose.  MARKS is fast-import's marks (":MARK ID"); MAP gets one
line per commit, "OLD<TAB>NEW", so that the truth files written with the
old ids can be read.
"""
import hashlib
import os
import subprocess
import sys
import zlib


def git(gd, *args, data=None):
    return subprocess.run(["git", "--git-dir", gd] + list(args), input=data,
                          check=True, capture_output=True).stdout


class Reader:
    """git cat-file --batch, one object at a time."""

    def __init__(self, gd):
        self.p = subprocess.Popen(["git", "--git-dir", gd, "cat-file",
                                   "--batch"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE)

    def read(self, oid):
        self.p.stdin.write(oid.encode() + b"\n")
        self.p.stdin.flush()
        head = self.p.stdout.readline().split()
        data = self.p.stdout.read(int(head[2]))
        self.p.stdout.read(1)
        return head[1].decode(), data

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def write(gd, kind, body):
    raw = b"%s %d\0" % (kind.encode(), len(body)) + body
    oid = hashlib.sha1(raw).hexdigest()
    path = os.path.join(gd, "objects", oid[:2], oid[2:])
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".tmp", "wb") as f:
            f.write(zlib.compress(raw))
        os.rename(path + ".tmp", path)
    return oid


def mergetag(obj, date):
    lines = ["object " + obj, "type commit", "tag for-linus",
             "tagger Tag Ger <tagger@example.org> %d +0000" % date, "",
             "Please pull.", "-----BEGIN PGP SIGNATURE-----", "",
             "iQEzBAABCAAdFiEEFAKEFAKEFAKEFAKE", "=FAKE",
             "-----END PGP SIGNATURE-----"]
    return ("mergetag " + "\n ".join(lines) + "\n").encode()


def rewrite(body, new, tagged):
    """A commit's new body: its parents mapped, maybe a mergetag."""
    head, sep, msg = body.partition(b"\n\n")
    out, parents = [], []
    for line in head.split(b"\n"):
        if line.startswith(b"parent "):
            p = new[line[7:].decode()]
            parents.append(p)
            line = b"parent " + p.encode()
        out.append(line + b"\n")
        if line.startswith(b"committer ") and tagged is not None:
            out.append(mergetag(parents[1], tagged))
    return b"".join(out).rstrip(b"\n") + sep + msg


def main():
    gd, marks, people, out = sys.argv[1:5]
    mark = dict(line.split() for line in open(marks))
    tagged = {}
    for line in open(people):
        f = line.rstrip("\n").split("\t")
        if f[1] == "t":
            tagged[mark[f[0]]] = int(f[2])
    order = git(gd, "rev-list", "--topo-order", "--reverse",
                "--all").decode().split()
    rd = Reader(gd)
    new = {}
    for oid in order:
        _, body = rd.read(oid)
        nb = rewrite(body, new, tagged.get(oid))
        new[oid] = write(gd, "commit", nb) if nb != body else oid
    refs = git(gd, "for-each-ref", "--format=%(refname) %(objectname)")
    updates = []
    for line in refs.decode().splitlines():
        ref, oid = line.split()
        kind, body = rd.read(oid)
        if kind == "tag":
            obj = body[7:47].decode()
            nid = write(gd, "tag", b"object " + new[obj].encode() +
                        body[47:]) if new[obj] != obj else oid
        else:
            nid = new[oid]
        if nid != oid:
            updates.append("update %s %s %s\n" % (ref, nid, oid))
    rd.close()
    git(gd, "update-ref", "--stdin", data="".join(updates).encode())
    with open(out, "w") as f:
        for oid in order:
            f.write("%s\t%s\n" % (oid, new[oid]))


main()
