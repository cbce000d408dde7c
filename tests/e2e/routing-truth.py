#!/usr/bin/env python3
"""routing-truth.py TRUTH EXPECTED IDS JSON TEXT STALE [RANGE]: every figure of
treeplot --routing (the JSON's routing and each tree's, the text's
summary line) against what genhist --maintainers's truth gives for the
commits of IDS (one id a line: the range's).

TRUTH: id, innermost tree, verdict, declared trees (sorted, ','), the
trees of the path whose pulls brought the commit out of their area.
EXPECTED: id, the trees of the path, innermost first, mainline last.
STALE: "entry" and an entry's title, or "handled", a commit's id, the
title of an entry covering its file, and 1 when the entry's people
handled it (else 0).
Prints each mismatch as a TAP comment; exits 1 on any."""
import collections
import json
import sys

truth_f, exp_f, ids_f, json_f, text_f, stale_f = sys.argv[1:7]
range_ = sys.argv[7] if len(sys.argv) > 7 else ""
ids = set(l.strip() for l in open(ids_f) if l.strip())
truth = {}
for line in open(truth_f):
    f = line.rstrip('\n').split('\t')
    if f[0] in ids:
        truth[f[0]] = f
paths = {}
for line in open(exp_f):
    f = line.rstrip('\n').split('\t')
    if f[0] in ids:
        paths[f[0]] = f[1:]
bad = []


def tenths(part, whole):
    return (part * 2000 + whole) // (whole * 2) / 10 if whole else None


declared = sum(1 for f in truth.values() if f[2] == 'declared')
counted = sum(1 for f in truth.values() if f[2] != 'none')
none = sum(1 for f in truth.values() if f[2] == 'none')
j = json.load(open(json_f))
r = j['routing']
want = {'declared': declared, 'counted': counted, 'none': none,
        'declared_share': tenths(declared, counted)}
for k, v in want.items():
    if r[k] != v:
        bad.append('routing.%s: %r, truth %r' % (k, r[k], v))

# each tree: of the commits through it
through = collections.Counter()
through_ok = collections.Counter()
for c, f in truth.items():
    if f[2] == 'none':
        continue
    for t in set(paths[c]):
        through[t] += 1
        through_ok[t] += f[2] == 'declared'
for t in j['trees']:
    got = (t.get('routing') or {}).get('declared_share')
    n = t['name']
    if got != tenths(through_ok[n], through[n]):
        bad.append('tree %s: declared_share %r, truth %r of %r' %
                   (n, got, through_ok[n], through[n]))

# by depth: the trees of the path besides the mainline
depth_n = collections.Counter()
depth_ok = collections.Counter()
for c, f in truth.items():
    if f[2] != 'none':
        depth_n[len(paths[c]) - 1] += 1
        depth_ok[len(paths[c]) - 1] += f[2] == 'declared'
want_depth = [{'depth': d, 'declared_share': tenths(depth_ok[d], depth_n[d]),
               'declared': depth_ok[d], 'counted': depth_n[d]}
              for d in range(max(depth_n) + 1 if depth_n else 0)]
if r['by_depth'] != want_depth:
    bad.append('by_depth: %r, truth %r' % (r['by_depth'], want_depth))

# the cells of the commits not as declared
cells = collections.Counter()
for c, f in truth.items():
    if f[2] == 'other':
        for d in f[3].split(','):
            cells[(d, f[1])] += 1
got = collections.Counter({(x['declared_tree'], x['actual_tree']):
                           x['commits']
                           for x in r['declared_vs_actual']})
if got != cells:
    bad.append('declared_vs_actual: %d cells, truth %d; first differing: %r'
               % (len(got), len(cells),
                  sorted(set(got.items()) ^ set(cells.items()))[:3]))
counts = [x['commits'] for x in r['declared_vs_actual']]
if counts != sorted(counts, reverse=True):
    bad.append('declared_vs_actual: not the largest first')

# out of area: (tree, commit) pairs
want_out = set()
for c, f in truth.items():
    for t in filter(None, f[4].split(',')):
        want_out.add((t, c))
got_out = set()
for p in r['out_of_area']:
    for c in p['out_of_area']:
        if (p['tree'], c) in got_out:
            bad.append('out_of_area: %s %s twice' % (p['tree'], c))
        got_out.add((p['tree'], c))
if got_out != want_out:
    bad.append('out_of_area: %d pairs, truth %d; first differing: %r'
               % (len(got_out), len(want_out),
                  sorted(got_out ^ want_out)[:3]))

# stale entries: with no commit, or none their people handled
entries = {}
for line in open(stale_f):
    f = line.rstrip('\n').split('\t')
    if f[0] == 'entry':
        entries[f[1]] = [set(), False]
    elif f[1] in ids:
        entries[f[2]][0].add(f[1])
        entries[f[2]][1] |= f[3] == '1'
want_stale = set((t, len(c)) for t, (c, h) in entries.items() if not h)
got_stale = set((x['entry'], x['commits']) for x in r['stale'])
if got_stale != want_stale:
    bad.append('stale: %d entries, truth %d; first differing: %r'
               % (len(got_stale), len(want_stale),
                  sorted(got_stale ^ want_stale)[:3]))
# (a range of one cycle has both kinds; master none without a commit:
# the root commit writes every area)
if '..' in range_ and not (any(c for t, c in want_stale) and
                                   any(not c for t, c in want_stale)):
    bad.append('stale: the truth lacks a kind (with and without commits)')

line = 'as declared: %d of %d commits' % (declared, counted)
if line not in open(text_f).read():
    bad.append('text: no "%s"' % line)
for b in bad:
    print('# ' + b)
sys.exit(1 if bad else 0)
