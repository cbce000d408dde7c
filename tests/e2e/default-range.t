#!/bin/sh
# The default range starts at the last release tag on HEAD's first-parent
# line, or the last tag opening a cycle (-start, -devel, -dev: util-linux,
# Xen): release candidates and pre-releases (-rc, -pre, -alpha, -beta,
# -branched) are skipped, or treeplot.releasePattern says which tags are
# releases.  The report says which tag it chose, why, and
# what it skipped; stderr warns when the range spans more than a year or
# more than three times the recent releases' interval.
. "$(dirname "$0")/lib.sh"

plan 27

repo
mk m0 "initial"
mk m1 "release 2.42" m0
mk m2 "work" m1
mk m3 "release 2.43" m2
mk m4 "work" m3
mk m5 "start of 2.44" m4
mk m6 "work" m5
mk m7 "rc" m6
mk m8 "work" m7
mk b1 "on a side branch" m8
mk m9 "Merge branch 'side'" m8 b1
mk m10 "head" m9
git tag v2.42 "$(id m1)"
git tag v2.43 "$(id m3)"
git tag v2.44-devel "$(id m5)"
git tag v2.44-rc1 "$(id m7)"
git tag v2.44-side "$(id b1)"
git update-ref refs/heads/master "$(id m10)"
git symbolic-ref HEAD refs/heads/master

tp
is "$STATUS" 0 "util-linux's shape: exit status 0"
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       v2.44-devel..HEAD
            from v2.44-devel, the last tag opening a cycle on HEAD's first-parent line;
            skipped v2.44-rc1" \
   "text: from v2.44-devel, which opened the cycle, -rc1 skipped, the side branch's tag never met"
tp -T json
is "$(printf '%s\n' "$OUT" | jq -c '[.range, .default_range]')" \
   '["v2.44-devel..HEAD",{"from":"v2.44-devel","reason":"the last tag opening a cycle on HEAD'"'"'s first-parent line","skipped":["v2.44-rc1"]}]' \
   "json: default_range says which tag, why, what was skipped"
git tag -d v2.44-devel >/dev/null
git tag v2.44-start "$(id m5)"
tp
is "$(printf '%s\n' "$OUT" | sed -n '2p')" "range       v2.44-start..HEAD" \
   "util-linux's older -start tag: it opens the cycle too (no release)"
git tag -d v2.44-start >/dev/null
git tag v2.44-devel "$(id m5)"
tp -T json v2.42..HEAD
is "$(printf '%s\n' "$OUT" | jq -c 'has("default_range")')" false \
   "json: no default_range when a range is given"
tp v2.42..HEAD
printf '%s\n' "$OUT" | sed -n '3p' | grep -q '^            [0-9]* commits'
ok $? "text: a range given: the counts line right after it"

# Xen's shape: -dev, and -pre, -alpha, -beta.
git tag 4.22.0 "$(id m6)"
git tag 4.23-dev "$(id m8)"
git tag 4.23-pre1 "$(id m9)"
tp
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       4.23-dev..HEAD
            from 4.23-dev, the last tag opening a cycle on HEAD's first-parent line;
            skipped 4.23-pre1" \
   "text: -dev opens the cycle after 4.22.0, -pre skipped"
git tag v9-alpha1 "$(id m10)"
git tag v9-beta2 "$(id m9)"
git tag -d 4.22.0 4.23-dev v2.44-devel >/dev/null
tp
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       v2.43..HEAD
            from v2.43, the last release tag on HEAD's first-parent line;
            skipped 3 pre-release tags, 4.23-pre1 to v2.44-rc1" \
   "text: -alpha, -beta too; more than two skipped tags said by their ends"
tp -T json
is "$(printf '%s\n' "$OUT" | jq -c '.default_range.skipped')" \
   '["4.23-pre1","v9-beta2","v2.44-rc1"]' \
   "json: every skipped tag, newest first (HEAD's own tag is not looked at)"

# treeplot.releasePattern replaces the rule: no tag opens a cycle but by it.
git tag 4.23-dev "$(id m8)"
git config treeplot.releasePattern '^v[0-9.]+(-rc[0-9]+)?$'
tp
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       v2.44-rc1..HEAD
            from v2.44-rc1, the last tag matching treeplot.releasePattern on HEAD's first-parent line;
            skipped 3 tags, 4.23-pre1 to 4.23-dev" \
   "releasePattern: its tags are the releases, the others skipped"
git config treeplot.releasePattern '('
tp
is "$STATUS" 2 "releasePattern: a bad expression is a usage error"
is "$(printf '%s\n' "$ERR" | sed "s/' (.*)\$/' (...)/")" \
   "treeplot: $SCRATCH/.git/config: treeplot.releasePattern: bad value '(' (...)" \
   "releasePattern: one error line naming the file, key and value"
is "$OUT" "" "releasePattern: no output"
git config --unset treeplot.releasePattern
git tag -d 4.23-dev >/dev/null

# Only pre-release tags: the whole history, and the note says why.
for t in v2.42 v2.43; do git tag -d $t >/dev/null; done
tp
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       HEAD
            the whole history: no release tag on HEAD's first-parent line;
            skipped 3 pre-release tags, 4.23-pre1 to v2.44-rc1" \
   "no release tag: the whole history, and why"
tp -T json
is "$(printf '%s\n' "$OUT" | jq -c '.default_range | [.from, .reason]')" \
   '[null,"the whole history: no release tag on HEAD'"'"'s first-parent line"]' \
   "json: from is null for the whole history"

# HEAD on a release tag charts the cycle that tag ends.
git tag v3.0 "$(id m10)"
git tag v2.99 "$(id m4)"
tp
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       v2.99..HEAD
            from v2.99, the last release tag on HEAD's first-parent line;
            skipped 3 pre-release tags, 4.23-pre1 to v2.44-rc1" \
   "HEAD on v3.0: from the release before it"

# Xen's shape: releases tagged on their branches (RELEASE-4.N.0, never
# merged back), the mainline's only tags the day each branch forked
# (4.N.0-branched), HEAD years later.  The -branched tags are
# pre-releases; no release is on the first-parent line, so the range is
# the whole history, and stderr says how long that is against the
# releases' interval (measured on the branches' tags, the line having
# none).
D0=1230768000	# 2009-01-01
Y=31557600	# a year (365.25 days)
mkdir xen && cd xen || exit 1
repo
DATE=$D0 mk x0 "initial"
prev=x0
for v in 2 3 4 5 6; do
	t=$((D0 + (v - 1) * Y))
	DATE=$t mk "x$v" "xen: work before 4.$v" $prev
	git tag "4.$v.0-branched" "$(id "x$v")"
	DATE=$((t + Y / 4)) mk "r$v" "Xen 4.$v.0" "x$v"
	git tag "RELEASE-4.$v.0" "$(id "r$v")"
	prev=x$v
done
DATE=$((D0 + 12 * Y)) mk xh "xen: now" $prev
git update-ref refs/heads/master "$(id xh)"
git symbolic-ref HEAD refs/heads/master
tp
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       HEAD
            the whole history: no release tag on HEAD's first-parent line;
            skipped 5 pre-release tags, 4.6.0-branched to 4.2.0-branched" \
   "Xen: the -branched tags skipped, the whole history"
is "$ERR" "treeplot: warning: the default range HEAD (the whole history) spans 12.0 years, over three times the recent releases' interval (12 months); the newest tag on the first-parent line, 4.6.0-branched (7.0 years before HEAD), is no release by the rule: try 4.6.0-branched..HEAD, set treeplot.releasePattern, or give another range (A..B)" \
   "Xen: one warning line, the span and the releases' interval, the newest tag the rule skipped offered with its age"
git config treeplot.releasePattern -branched
tp
is "$STATUS:$(printf '%s\n' "$OUT" | sed -n 2p)" "0:range       4.6.0-branched..HEAD" \
   "releasePattern = -branched: from the last branch point"
is "$ERR" "treeplot: warning: the default range 4.6.0-branched..HEAD spans 7.0 years, over three times the recent releases' interval (12 months); if releases are tagged off the mainline, set treeplot.releasePattern, or give a range (A..B)" \
   "releasePattern = -branched: the interval of the line's own tags (a year)"
git update-ref refs/heads/master "$(id r6)"
tp
is "$STATUS:$(printf '%s\n' "$OUT" | sed -n 2p):$ERR" "0:range       4.6.0-branched..HEAD:" \
   "a quarter after the last branch point: no warning"
git update-ref refs/heads/master "$(id xh)"
tp 4.5.0-branched..4.6.0-branched
is "$STATUS:$ERR" "0:" "a range given: no warning, however long"
cd "$SCRATCH" || exit 1

# Under a year, but much longer than the releases' interval: a project
# releasing monthly on the mainline, four months after the last one.
mkdir monthly && cd monthly || exit 1
repo
M=2592000	# 30 days
DATE=$D0 mk p0 "initial"
prev=p0
for v in 1 2 3 4 5 6; do
	DATE=$((D0 + v * M)) mk "p$v" "release 1.$v" $prev
	git tag "v1.$v" "$(id "p$v")"
	prev=p$v
done
DATE=$((D0 + 7 * M)) mk p7 "work" p6
DATE=$((D0 + 10 * M)) mk p8 "work" p7
git update-ref refs/heads/master "$(id p8)"
git symbolic-ref HEAD refs/heads/master
tp
is "$STATUS:$ERR" "0:treeplot: warning: the default range v1.6..HEAD spans 4 months, over three times the recent releases' interval (30 days); if releases are tagged off the mainline, set treeplot.releasePattern, or give a range (A..B)" \
   "monthly releases, the last four months ago: the warning"
git update-ref refs/heads/master "$(id p7)"
tp
is "$STATUS:$ERR" "0:" "a month after the last release: no warning"
# A pre-release tag a month old on the line, the release four months:
# the warning offers the pre-release as the range's start.
git tag v2.0-rc1 "$(id p7)"
git update-ref refs/heads/master "$(id p8)"
tp
is "$STATUS:$ERR" "0:treeplot: warning: the default range v1.6..HEAD spans 4 months, over three times the recent releases' interval (30 days); the newest tag on the first-parent line, v2.0-rc1 (3 months before HEAD), is no release by the rule: try v2.0-rc1..HEAD, set treeplot.releasePattern, or give another range (A..B)" \
   "a pre-release tag since the last release: offered, with its age"
tp v2.0-rc1..HEAD
is "$STATUS:$ERR" "0:" "... and the range it offers works, without a warning"
cd "$SCRATCH" || exit 1

# No tag at all, years of history: the repository is told it has none,
# not to set a release pattern.
mkdir untagged && cd untagged || exit 1
repo
DATE=$D0 mk u0 "initial"
DATE=$((D0 + 3 * Y)) mk u1 "work" u0
git update-ref refs/heads/master "$(id u1)"
git symbolic-ref HEAD refs/heads/master
tp
is "$STATUS:$ERR" "0:treeplot: warning: the default range HEAD (the whole history) spans 3.0 years; the repository has no tag to start a cycle from: give a range (A..B)" \
   "no tag at all: said, and a range asked for"
cd "$SCRATCH" || exit 1
done_testing
