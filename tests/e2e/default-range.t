#!/bin/sh
# The default range starts at the last release tag on HEAD's first-parent
# line: release candidates and pre-releases (-rc, -dev, -devel, -pre,
# -alpha, -beta) are skipped, or treeplot.releasePattern says which tags
# are releases.  The report says which tag it chose, why, and what it
# skipped.
. "$(dirname "$0")/lib.sh"

plan 15

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
"range       v2.43..HEAD
            from v2.43, the last release tag on HEAD's first-parent line;
            skipped v2.44-rc1, v2.44-devel" \
   "text: from v2.43, -rc1 and -devel skipped, the side branch's tag never met"
tp -T json
is "$(printf '%s\n' "$OUT" | jq -c '[.range, .default_range]')" \
   '["v2.43..HEAD",{"from":"v2.43","reason":"the last release tag on HEAD'"'"'s first-parent line","skipped":["v2.44-rc1","v2.44-devel"]}]' \
   "json: default_range says which tag, why, what was skipped"
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
"range       4.22.0..HEAD
            from 4.22.0, the last release tag on HEAD's first-parent line;
            skipped 3 pre-release tags, 4.23-pre1 to v2.44-rc1" \
   "text: -dev and -pre skipped"
git tag v9-alpha1 "$(id m10)"
git tag v9-beta2 "$(id m9)"
git tag -d 4.22.0 >/dev/null
tp
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       v2.43..HEAD
            from v2.43, the last release tag on HEAD's first-parent line;
            skipped 5 pre-release tags, 4.23-pre1 to v2.44-devel" \
   "text: -alpha, -beta too; more than two skipped tags said by their ends"
tp -T json
is "$(printf '%s\n' "$OUT" | jq -c '.default_range.skipped')" \
   '["4.23-pre1","v9-beta2","4.23-dev","v2.44-rc1","v2.44-devel"]' \
   "json: every skipped tag, newest first (HEAD's own tag is not looked at)"

# treeplot.releasePattern replaces the rule.
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

# Only pre-release tags: the whole history, and the note says why.
for t in v2.42 v2.43; do git tag -d $t >/dev/null; done
tp
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" \
"range       HEAD
            the whole history: no release tag on HEAD's first-parent line;
            skipped 5 pre-release tags, 4.23-pre1 to v2.44-devel" \
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
            skipped 5 pre-release tags, 4.23-pre1 to v2.44-devel" \
   "HEAD on v3.0: from the release before it"
done_testing
