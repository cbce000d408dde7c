#!/bin/sh
# --compare --cycles A..B: the release cycles between two tags on B's
# first-parent line.  Pre-release tags (-rc, -dev, -devel, -pre, -alpha,
# -beta) are no boundaries, nor is a release tag off the first-parent
# line; treeplot.releasePattern replaces the rule.  The expansion must
# give exactly what --compare of the same ranges written out gives.
. "$(dirname "$0")/lib.sh"

plan 25

mkdir r
cd r || exit 1
repo
mk m1 "first"
mk m2 "mainline work" m1
mk s1 "side work" m1
mk m3 "Merge branch 'side' of git://example.org/side" m2 s1
for k in 4 5 6 7 8 9 10; do
	mk m$k "more" m$((k - 1))
done
ref refs/heads/master m10
git tag v1.0 "$(id m1)"
git tag v1.5 "$(id s1)"			# a release, off the first-parent line
git tag v2.0-rc1 "$(id m4)"
git tag v2.0-beta1 "$(id m5)"
git tag v2.0-pre "$(id m5)"
git tag -a -m "two" v2.0 "$(id m6)"	# annotated
git tag v2.0.0 "$(id m6)"		# a second release name: the smaller wins
git tag v2.1-alpha "$(id m7)"
git tag v2.1 "$(id m8)"
git tag v2.2-devel "$(id m9)"
git tag v2.2-dev "$(id m9)"
git tag v3.0 "$(id m10)"

tp --compare --cycles v1.0..v3.0
is "$STATUS" 0 "exit status 0"
is "$(printf '%s\n' "$OUT" | sed -n '2,4p')" "ranges      1  v1.0..v2.0
            2  v2.0..v2.1
            3  v2.1..v3.0" "the ranges: releases only, on the first-parent line"
expected=$("$TREEPLOT" --compare v1.0..v2.0 v2.0..v2.1 v2.1..v3.0)
is "$OUT" "$expected" "the whole text is --compare's of the ranges written out"
tp --compare --cycles v1.0..v3.0 -T json
is "$OUT" "$("$TREEPLOT" --compare -T json v1.0..v2.0 v2.0..v2.1 v2.1..v3.0)" \
   "json too"
is "$(printf '%s\n' "$OUT" | jq -c '[.ranges[].range]')" \
   '["v1.0..v2.0","v2.0..v2.1","v2.1..v3.0"]' "json: the ranges in order"
tp --compare --cycles v1.0..v3.0 -T csv --csv-table summary
is "$OUT" "$("$TREEPLOT" --compare -T csv --csv-table summary v1.0..v2.0 v2.0..v2.1 v2.1..v3.0)" \
   "csv too"

# Cycles inside the line: ends that are pre-releases are taken as given.
tp --compare --cycles v2.0-rc1..v2.2-devel -T json
is "$(printf '%s\n' "$OUT" | jq -c '[.ranges[].range]')" \
   '["v2.0-rc1..v2.0","v2.0..v2.1","v2.1..v2.2-devel"]' \
   "the ends as given, even pre-releases"
tp --compare --cycles "$(id m1)..v2.1" -T json
is "$(printf '%s\n' "$OUT" | jq -c '[.ranges[].range]')" \
   "[\"$(id m1)..v2.0\",\"v2.0..v2.1\"]" "an end may be any commit"

# treeplot.releasePattern: the releases are the tags matching it.
git config treeplot.releasePattern '^v[0-9]+\.0$'
tp --compare --cycles v1.0..v3.0 -T json
is "$(printf '%s\n' "$OUT" | jq -c '[.ranges[].range]')" \
   '["v1.0..v2.0","v2.0..v3.0"]' "releasePattern: its tags only"
git config treeplot.releasePattern '-(rc|alpha)'
tp --compare --cycles v1.0..v3.0 -T json
is "$(printf '%s\n' "$OUT" | jq -c '[.ranges[].range]')" \
   '["v1.0..v2.0-rc1","v2.0-rc1..v2.1-alpha","v2.1-alpha..v3.0"]' \
   "releasePattern: any tags it matches, release candidates too"
tp --no-config --compare --cycles v1.0..v3.0 -T json
is "$(printf '%s\n' "$OUT" | jq -c '[.ranges | length]')" '[3]' \
   "--no-config: the default rule"
git config treeplot.releasePattern '('
tp --compare --cycles v1.0..v3.0
is "$STATUS:$(printf '%s\n' "$ERR" | sed 's/ (.*//')" \
   "2:treeplot: $SCRATCH/r/.git/config: treeplot.releasePattern: bad value '('" \
   "a bad releasePattern: status 2, one line"
git config --unset treeplot.releasePattern

# --- errors: one line, status 2, nothing written ------------------------------

err() {
	tp "$@"
	printf '%s:%s:%s' "$STATUS" "$ERR" "$OUT"
}
is "$(err --compare --cycles v1.5..v3.0 -o out.txt)" \
   "2:treeplot: --cycles: 'v1.5' is not on the first-parent line of 'v3.0':" \
   "a start off the first-parent line"
ok "$([ ! -e out.txt ]; echo $?)" "nothing written"
is "$(err --compare --cycles v3.0..v1.0)" \
   "2:treeplot: --cycles: 'v3.0' is not on the first-parent line of 'v1.0':" \
   "the ends the wrong way round"
is "$(err --compare --cycles v2.0..v2.1)" \
   "2:treeplot: --cycles v2.0..v2.1 is one release cycle: --compare needs two or more:" \
   "one cycle"
is "$(err --compare --cycles v2.0..v2.0.0)" \
   "2:treeplot: --cycles: 'v2.0' and 'v2.0.0' are the same commit:" \
   "no cycle"
is "$(err --compare --cycles v1.0)" \
   "2:treeplot: --cycles takes A..B, two releases, not 'v1.0':" "not a range"
is "$(err --compare --cycles v1.0...v3.0)" \
   "2:treeplot: --cycles takes A..B, two releases, not 'v1.0...v3.0':" \
   "a symmetric difference"
is "$(err --compare --cycles v1.0..nope)" \
   "2:treeplot: --cycles: unknown revision 'nope':" "an unknown tag"
is "$(err --cycles v1.0..v3.0)" \
   "2:treeplot: --cycles is for --compare: add --compare:" "without --compare"
is "$(err --compare --cycles v1.0..v3.0 v1.0..v2.0)" \
   "2:treeplot: --cycles gives the ranges: no others ('v1.0..v2.0'):" \
   "with ranges too"

# --- a generated history: every release, each -rc week skipped -------------

cd "$SCRATCH" || exit 1
mkdir gen
cd gen || exit 1
git init -q --bare .
"$BUILD/genhist" --commits 2000 --trees 20 --releases 11 --seed 5 |
	git fast-import --quiet
# The generator tags v1.0, then v1.K-rc1 .. v1.K-rc7 and v1.K.
want=$(k=1; while [ $k -le 10 ]; do
	printf 'v1.%d..v1.%d\n' $((k - 1)) $k; k=$((k + 1)); done)
tp --compare --cycles v1.0..v1.10 -T json
is "$(printf '%s\n' "$OUT" | jq -r '.ranges[].range')" "$want" \
   "genhist: the ten release cycles, in order"
# shellcheck disable=SC2086
is "$OUT" "$("$TREEPLOT" --compare -T json $want)" \
   "genhist: the same as the ranges written out"
# Every boundary is the first-parent line's, as git sees it.
fp=$(git rev-list --first-parent v1.10 ^v1.0 | wc -l)
ok "$([ "$fp" -gt 0 ] && for k in 1 2 3 4 5 6 7 8 9; do
	git merge-base --is-ancestor v1.$k v1.10 || exit 1
	git rev-list --first-parent v1.10 | grep -qx "$(git rev-parse v1.$k^{commit})" || exit 1
done; echo $?)" "genhist: each release is on v1.10's first-parent line"

done_testing
