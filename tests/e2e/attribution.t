#!/bin/sh
# The attribution rule on a kernel-shaped history with a known answer.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
. "$TESTDIR/addons.sh"

plan 18
build_fixture

tpc -T commits v1.0..v2.0
is "$STATUS" 0 "commits: exit status 0"
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" \
   "commits: every commit of v1.0..v2.0 has its path, in attribution order"

# The trap the exact range avoids: git's date-ordered walk stops early.
git rev-list v1.0..v2.0 >"$SCRATCH/revlist"
grep -qx "$(id Y)" "$SCRATCH/revlist"
ok $? "fixture: git rev-list v1.0..v2.0 wrongly lists Y (skewed clocks)"
printf '%s\n' "$OUT" | grep -q "$(id Y)"
ok $((! $?)) "commits: Y, reachable from v1.0, is not in the range"

tpc -T commits
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" \
   "default range: from v1.0 (v2.0-rc1 skipped, HEAD on v2.0) to HEAD"
tp
printf '%s\n' "$OUT" | grep -qx 'range       v1.0..HEAD'
ok $? "default range: the report states v1.0..HEAD"

# Which tree pulled what, as counts.
tp -T json v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -c '[.commits, .direct, .merges, .summary.tree_count]')" \
   '[21,6,12,6]' "json: commits, direct, merges, trees"
is "$(printf '%s\n' "$OUT" | jq -r '.trees[] | [.name, .commits, .own, .depth, .pulls] | @tsv')" \
"davem/net-2.6	7	3	1	1
x86/linux-2.6-tip	5	4	1	1
linville/wireless-2.6	4	2	2	1
iwlwifi/iwlwifi-2.6	2	2	3	1
jikos/hid	2	2	1	2
tiwai/sound-2.6	2	2	1	1" "json: trees with commits, own, depth, pulls"
is "$(printf '%s\n' "$OUT" | jq -r '.edges[] | [.from, .to, .commits, .pulls] | @tsv')" \
"davem/net-2.6	mainline	7	1
x86/linux-2.6-tip	mainline	5	1
linville/wireless-2.6	davem/net-2.6	4	1
iwlwifi/iwlwifi-2.6	linville/wireless-2.6	2	1
tiwai/sound-2.6	mainline	2	1
jikos/hid	mainline	1	1
jikos/hid	x86/linux-2.6-tip	1	1" "json: edges with commits and pulls"
is "$(printf '%s\n' "$OUT" | jq -r '.unrecognised[] | .subject')" \
   "Pull bob's stuff" "json: the unrecognised merge is listed"
is "$(printf '%s\n' "$OUT" | jq -c '.mainline.urls')" \
   "[\"$K/torvalds/linux-2.6\"]" \
   "json: the mainline's repository, learned from the back-merge"
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.name == "davem/net-2.6") | .urls[]]')" \
   '["git://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6","https://git.kernel.org/pub/scm/linux/kernel/git/davem/net-2.6.git/"]' \
   "json: every spelling of a tree's URL is kept"

# The same answer when the walk reads the commit-graph file instead of the
# objects: covering everything, covering only v1.0's history (the rest is
# read from objects, its levels computed), and as a split chain.
git commit-graph write --reachable
tpc -T commits v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" "commit-graph: the same paths"
rm -f .git/objects/info/commit-graph
git -c commitGraph.generationVersion=1 commit-graph write --reachable
tpc -T commits v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" \
   "commit-graph with topological levels only (no corrected dates): the same paths"
rm -f .git/objects/info/commit-graph
git rev-parse v1.0 | git commit-graph write --stdin-commits
tpc -T commits v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" \
   "commit-graph covering only v1.0: the same paths"
git rev-parse v2.0-rc1 | git commit-graph write --stdin-commits --split
tpc -T commits v1.0..v2.0
is "$(printf '%s\n' "$OUT" | names)" "$FIXTURE_COMMITS" \
   "split commit-graph chain: the same paths"

# The mainline's repository guessed from back-merges, two of them naming
# two spellings once each: the first in tree order wins, and the other is
# no mainline (its back-merge brings nothing).
mkdir tie
(cd tie && T_MAP=$SCRATCH/tie.names && : >"$T_MAP" && build_mainline_tie &&
 "$TREEPLOT" -T json v1..master) >tie.json
is "$(jq -c '.mainline.urls' tie.json)" \
   '["git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux"]' \
   "back-merges in a tie: the mainline's repository is the first tree's"
is "$(jq -c '[.direct, [.trees[] | [.name, .commits]]]' tie.json)" \
   '[3,[["davem/net",1],["gregkh/usb",1]]]' \
   "back-merges in a tie: the flow"
done_testing
