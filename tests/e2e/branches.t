#!/bin/sh
# --branches: nodes are tree:branch, an octopus counts for each branch it
# carried, tags are grouped by stem, and the chart boxes a tree's branches.
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"
. "$TESTDIR/addons.sh"

plan 15
build_fixture

tpc -T commits --branches v1.0..v2.0
is "$STATUS" 0 "commits: exit status 0"
is "$(printf '%s\n' "$OUT" | names)" \
"m2	mainline
n1	davem/net-2.6	mainline
w1	linville/wireless-2.6:master	davem/net-2.6	mainline
i1	iwlwifi/iwlwifi-2.6:for-linville	linville/wireless-2.6:master	davem/net-2.6	mainline
i2	iwlwifi/iwlwifi-2.6:for-linville	linville/wireless-2.6:master	davem/net-2.6	mainline
w2	linville/wireless-2.6:master	davem/net-2.6	mainline
n2	davem/net-2.6	mainline
n3	davem/net-2.6	mainline
m3	mainline
t1	x86/linux-2.6-tip:x86-core-for-linus	mainline
t2	x86/linux-2.6-tip:x86-core-for-linus	mainline
t3	x86/linux-2.6-tip:x86-core-for-linus	mainline
h1	jikos/hid:for-ingo	x86/linux-2.6-tip:x86-core-for-linus	mainline
t4	x86/linux-2.6-tip:x86-core-for-linus	mainline
h2	jikos/hid:for-linus	mainline
s1	tiwai/sound-2.6:fix	mainline
s2	tiwai/sound-2.6:next	mainline
a1	mainline
a2	mainline
b1	mainline
m4	mainline" "commits: branch nodes; the octopus counts for 'fix' and 'next' apart; 'Merge URL' names no branch"

tp -T json --branches v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -r '.trees[] | select(.repository == "tiwai/sound-2.6" or .repository == "jikos/hid") | [.name, .commits, .pulls] | @tsv')" \
"jikos/hid:for-ingo	1	1
jikos/hid:for-linus	1	1
tiwai/sound-2.6:fix	1	1
tiwai/sound-2.6:next	1	1" "json: each branch with its repository, the octopus as one pull per branch"
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | select(.name == "jikos/hid:for-linus") | .urls[]]')" \
   '["git://git.kernel.org/pub/scm/linux/kernel/git/jikos/hid.git","master.kernel.org:/pub/scm/linux/kernel/git/jikos/hid"]' \
   "json: a branch shows its repository's URLs"

tp -T json v1.0..v2.0
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | has("repository")] | any')" false \
   "json: no repository member without --branches"

tp -T dot --branches v1.0..v2.0
is "$(printf '%s\n' "$OUT" | grep -c 'subgraph cluster_')" 5 \
   "dot: one cluster per repository with a branch"
# (The cluster's block: from its "subgraph" to its closing brace; its
# repository's name is a node of its own, "cluster_N_title".)
is "$(printf '%s\n' "$OUT" | awk '/^\tsubgraph cluster_/ { b = "" } { b = b $0 "\n" }
	/^\t}/ && b ~ /label="jikos\/hid"/ { printf "%s", b }' | grep -c 'tooltip="jikos/hid:')" 2 \
   "dot: hid's two branches share its cluster"
is "$(printf '%s\n' "$OUT" | sed -n '/label="jikos\/hid"/,/^	}/p' | grep -c 'label="jikos/hid:')" 0 \
   "dot: the branch nodes say the branch only, the cluster the repository"
# The clusters come in the order they were made (by their first node),
# whatever the allocator does: with cgraph's own ids they followed the
# addresses of their names.
CLUSTERS=$(printf '%s\n' "$OUT" | grep -o 'subgraph cluster_[0-9]*' |
	   sed 's/.*_//' | tr '\n' ' ')
is "$CLUSTERS" "$(printf '%s\n' $CLUSTERS | sort -n | tr '\n' ' ')" \
   "dot: clusters in the order of their first node"
DOT=$OUT
GLIBC_TUNABLES=glibc.malloc.tcache_count=0 MALLOC_PERTURB_=165 \
	tp -T dot --branches v1.0..v2.0
is "$OUT" "$DOT" "dot: the same DOT with another allocator setting"
tp -T dot v1.0..v2.0
printf '%s\n' "$OUT" | grep -q 'cluster'
ok $((! $?)) "dot: no clusters without --branches"

# Tags of one stem are one node; a GitHub pull request's branch.
add_branch_tags
tpc -T commits --branches v2.0..master
is "$(printf '%s\n' "$OUT" | names)" "s3	tiwai/sound-2.6:sound-*	mainline
s4	tiwai/sound-2.6:sound-*	mainline
g1	github:octocat:feature/x	mainline" "tags: sound-6.1-rc1 and sound-6.2 are sound-*; the pull request's branch"
tp -T json --branches v2.0..master
is "$(printf '%s\n' "$OUT" | jq -r '.trees[] | [.name, .pulls, .repository] | @tsv')" \
"tiwai/sound-2.6:sound-*	2	tiwai/sound-2.6
github:octocat:feature/x	1	github:octocat" "json: the stem node got both pulls"
tpc -T commits v2.0..master
is "$(printf '%s\n' "$OUT" | names | cut -f2 | sort -u)" "github:octocat
tiwai/sound-2.6" "without --branches: the repositories, as before"

tp -T svg --branches v1.0..master -o flow.svg
xmllint --noout flow.svg
ok $? "svg: the clustered chart is well-formed"
done_testing
