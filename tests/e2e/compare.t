#!/bin/bash
# --compare: ranges side by side from one walk of their union.  Each
# range's column must be exactly what a single run of that range says,
# for the fixture and for generated histories (release cycles, -rc
# weeks, a whole history, with and without a commit-graph).
. "$(dirname "$0")/lib.sh"
. "$TESTDIR/fixture.sh"

ROOT=$(cd "$TESTDIR/../.." && pwd)
export GENHIST=$BUILD/genhist

plan 41

# single DIR RANGE...: what single runs say, one line per figure and per
# tree, each prefixed with the range's position.
single() {
	local d=$1 k=0
	shift
	for r in "$@"; do
		"$TREEPLOT" -C "$d" -q -T json "$r" | jq -r --arg k $k '
			"\($k)\tsummary\t\([.commits, .direct, .merges, .summary.tree_count, .summary.small_trees] | @csv)\t\(.summary.by_depth | tostring)",
			(.trees[] | "\($k)\ttree\t\(.name)\t\(.commits)")'
		k=$((k + 1))
	done | sort
}
# compared DIR RANGE...: the same, from one --compare run.
compared() {
	local d=$1
	shift
	"$TREEPLOT" -C "$d" -q --compare -T json "$@" | jq -r '
		(.ranges | to_entries[] | "\(.key)\tsummary\t\([.value.commits, .value.direct, .value.merges, .value.tree_count, .value.small_trees] | @csv)\t\(.value.by_depth | tostring)"),
		(.trees[] | .name as $n | .commits_by_range | to_entries[] | select(.value > 0) | "\(.key)\ttree\t\($n)\t\(.value)")' |
		sort
}

mkdir fx
cd fx || exit 1
build_fixture
FX=$SCRATCH/fx

# --- the fixture -----------------------------------------------------------

is "$(compared "$FX" v1.0..v2.0-rc1 v2.0-rc1..v2.0 v1.0..v2.0)" \
   "$(single "$FX" v1.0..v2.0-rc1 v2.0-rc1..v2.0 v1.0..v2.0)" \
   "fixture: each range's figures and trees are its single run's"

tp --compare v1.0..v2.0-rc1 v2.0-rc1..v2.0
is "$STATUS" 0 "text: exit status 0"
is "$OUT" "repository  fx
ranges      1  v1.0..v2.0-rc1
            2  v2.0-rc1..v2.0

Summary                                1       2  change
  commits                              9      12      +3
  direct to the mainline               2       4      +2
  direct share                     22.2%   33.3%   +11.1
    applied on the mainline            2       1      -1
    through topic branches             0       3      +3
    topic-branch merges                0       2      +2
  merges                               5       7      +2
  trees                                3       3       0
  trees at depth 1                     1       3      +2
  trees at depth 2                     1       0      -1
  trees at depth 3                     1       0      -1
  trees with 5 or fewer commits        2       3      +1

Trees (commits through each tree, in each range)
        1       2  change  tree
        0       5     new  x86/linux-2.6-tip
        0       2     new  jikos/hid
        0       2     new  tiwai/sound-2.6
        7       0    gone  davem/net-2.6
        4       0    gone  linville/wireless-2.6
        2       0    gone  iwlwifi/iwlwifi-2.6

Appeared (in 2, not in 1): 3 trees
  x86/linux-2.6-tip
  jikos/hid
  tiwai/sound-2.6

Disappeared (in 1, not in 2): 3 trees
  davem/net-2.6
  linville/wireless-2.6
  iwlwifi/iwlwifi-2.6" "text: the summaries side by side, the trees with the change, what appeared and disappeared"

tp --compare -T json v1.0..v2.0-rc1 v2.0-rc1..v2.0
is "$(printf '%s\n' "$OUT" | jq -c '[.format_version, .repository, .mainline.name, [.ranges[].range], [.ranges[].direct_share], .appeared, .disappeared]')" \
   '[2,"fx","mainline",["v1.0..v2.0-rc1","v2.0-rc1..v2.0"],[22.2,33.3],["x86/linux-2.6-tip","jikos/hid","tiwai/sound-2.6"],["davem/net-2.6","linville/wireless-2.6","iwlwifi/iwlwifi-2.6"]]' \
   "json: ranges, shares, appeared and disappeared"
is "$(printf '%s\n' "$OUT" | jq -c '[.trees[] | [.name, .commits_by_range, .change]] | .[0,3]')" \
   '["x86/linux-2.6-tip",[0,5],5]
["davem/net-2.6",[7,0],-7]' "json: per tree, commits per range and the change"

CRLF=$(printf '\r')
tp --compare -T csv v1.0..v2.0-rc1 v2.0-rc1..v2.0
is "$(printf '%s\n' "$OUT" | tr -d '\r')" "tree,v1.0..v2.0-rc1,v2.0-rc1..v2.0,change,status
x86/linux-2.6-tip,0,5,5,new
jikos/hid,0,2,2,new
tiwai/sound-2.6,0,2,2,new
davem/net-2.6,7,0,-7,gone
linville/wireless-2.6,4,0,-4,gone
iwlwifi/iwlwifi-2.6,2,0,-2,gone" "csv: the trees table alone, by default"
is "$(printf '%s\n' "$OUT" | grep -c "$CRLF")" 0 "csv: lines end in LF, no CR"
tp --compare -T csv --crlf v1.0..v2.0-rc1 v2.0-rc1..v2.0
is "$(printf '%s\n' "$OUT" | grep -c "$CRLF\$")" 7 "csv --crlf: every line ends in CRLF"
tp --compare -T csv --csv-table summary v1.0..v2.0-rc1 v2.0-rc1..v2.0
is "$(printf '%s\n' "$OUT" | tr -d '\r')" "figure,v1.0..v2.0-rc1,v2.0-rc1..v2.0,change
commits,9,12,3
direct,2,4,2
direct_share,22.2,33.3,11.1
direct_applied,2,1,-1
direct_topics,0,3,3
topic_merges,0,2,2
merges,5,7,2
trees,3,3,0
trees_depth_1,1,3,2
trees_depth_2,1,0,-1
trees_depth_3,1,0,-1
small_trees,2,3,1" "--csv-table summary: that table alone, the direct commits split"
tp --compare -o cmp-summary.csv v1.0..v2.0-rc1 v2.0-rc1..v2.0
is "$(head -n 1 cmp-summary.csv)" "figure,v1.0..v2.0-rc1,v2.0-rc1..v2.0,change" \
   "-o x-summary.csv: the summary table, from its name"
tp --compare -o cmp.csv --csv-table trees v1.0..v2.0-rc1 v2.0-rc1..v2.0
is "$(head -n 1 cmp.csv | tr -d '\r'):$(wc -l <cmp.csv | tr -d ' ')" \
   "tree,v1.0..v2.0-rc1,v2.0-rc1..v2.0,change,status:7" "-o x.csv --csv-table trees: that table alone"

# Ranges of every form: empty, a whole history, unrelated starts.
is "$(compared "$FX" v1.0..v1.0 v1.0 ..v2.0 v2.0-rc1..v2.0)" \
   "$(single "$FX" v1.0..v1.0 v1.0 ..v2.0 v2.0-rc1..v2.0)" \
   "fixture: an empty range, a whole history, HEAD..v2.0: each its single run"
is "$(compared "$FX" "$(id t1)..$(id h2)" "$(id i2)..$(id n3)" v1.0..v2.0)" \
   "$(single "$FX" "$(id t1)..$(id h2)" "$(id i2)..$(id n3)" v1.0..v2.0)" \
   "fixture: ranges starting on side branches: each its single run"
tp --compare v1.0..v2.0 v1.0..v2.0
is "$STATUS:$(printf '%s\n' "$OUT" | grep -c '^  commits  *21  *21  *0$')" 0:1 \
   "the same range twice: two equal columns"

# --- the command line ------------------------------------------------------------

for args in "--compare" "--compare v1.0..v2.0" "--compare -T dot v1.0..v2.0 v1.0" \
	    "--compare -T commits v1.0..v2.0 v1.0" "--compare --top 3 v1.0..v2.0 v1.0" \
	    "--compare --csv-table edges -T csv v1.0..v2.0 v1.0" \
	    "--compare --csv-table trees v1.0..v2.0 v1.0" \
	    "--compare --range v1.0..v2.0 v1.0 v2.0" "--compare --layout neato v1.0 v2.0" \
	    "--compare v1.0..v2.0 nope..v2.0" "--compare v1.0...v2.0 v1.0" \
	    "--compare -o out.dot v1.0 v2.0"; do
	tp $args
	is "$STATUS:$(printf '%s' "$OUT" | wc -c | tr -d ' ')" 2:0 "usage error, nothing on stdout: $args"
done
[ ! -e out.dot ]
ok $? "usage error: no output file"

# --- generated histories --------------------------------------------------------

d=$SCRATCH/g
"$ROOT/tools/mkrepo.sh" "$d" --commits 5000 --seed 5 >"$d.log" 2>&1
ok $? "generated: seed 5, 5000 commits"
G=$d/repo.git
CYCLES="v1.3..v1.4 v1.4..v1.5 v1.5..v1.6 v1.6..v1.7"
is "$(compared "$G" $CYCLES)" "$(single "$G" $CYCLES)" \
   "generated: four release cycles, each its single run"
is "$(compared "$G" v1.5-rc3..v1.5-rc5 v1.2 v1.4..v1.7 v1.7..v1.7)" \
   "$(single "$G" v1.5-rc3..v1.5-rc5 v1.2 v1.4..v1.7 v1.7..v1.7)" \
   "generated: -rc weeks, a whole history, overlapping and empty ranges: each its single run"
git --git-dir="$G" commit-graph write --reachable 2>/dev/null
is "$(compared "$G" $CYCLES)" "$(single "$G" $CYCLES)" \
   "generated, commit-graph: four release cycles, each its single run"
is "$(compared "$G" v1.5-rc3..v1.5-rc5 v1.4..v1.7 v1.1..v1.2)" \
   "$(single "$G" v1.5-rc3..v1.5-rc5 v1.4..v1.7 v1.1..v1.2)" \
   "generated, commit-graph: -rc weeks and overlapping ranges: each its single run"
"$TREEPLOT" -C "$G" --compare -T json $CYCLES >cycles.json
is "$(jq '[.trees[] | select(.change != .commits_by_range[-1] - .commits_by_range[0])] | length' cycles.json)" 0 \
   "json: change is the last range's commits minus the first's"
is "$(jq -c '[(.appeared | length), ([.trees[] | select(.commits_by_range[0] == 0 and .commits_by_range[-1] > 0)] | length), (.disappeared | length), ([.trees[] | select(.commits_by_range[0] > 0 and .commits_by_range[-1] == 0)] | length)] | [.[0] == .[1], .[2] == .[3]]' cycles.json)" \
   '[true,true]' "json: appeared and disappeared are the trees absent from the first, and from the last"
is "$(jq -er '.trees[].commits_by_range | map(tostring) | join(" ")' cycles.json |
      awk '{ key = ""; for (i = NF; i >= 1; i--) key = key sprintf("%09d", $i); print key }' |
      sort -rc >/dev/null && echo sorted)" sorted \
   "text and json: trees by the last range's commits, then the one before's"

# The ranges' common base, from the commit-graph when it can say (a
# walk of its records, where libgit2 1.5 reads every commit object
# down to it): a criss-cross with two best bases, starts on unrelated
# histories (none), a start newer than the graph (libgit2's then).
# Each shape, with and without the graph, gives each range's own run.
cd "$SCRATCH" && mkdir shapes && cd shapes && repo bare || exit 1
mk cgb0 "initial"
mk cgx1 "x: one" cgb0
mk cgy1 "y: one" cgb0
mk cgX "Merge branch 'master' of git://example.org/x" cgx1 cgy1
mk cgY "Merge branch 'master' of git://example.org/y" cgy1 cgx1
mk cgs1 "work one" cgX
mk cgs2 "work two" cgY
mk cgtx "x: two" cgx1
mk cgty "y: two" cgy1
mk cge1 "Merge branch 'master' of git://example.org/x" cgs1 cgtx
mk cge2 "Merge branch 'master' of git://example.org/y" cgs2 cgty
mk cgr0 "another root"
mk cgrt "z: one" cgr0
mk cgr1 "Merge branch 'master' of git://example.org/z" cgr0 cgrt
ref refs/heads/master cge1
ref refs/heads/other cge2
ref refs/heads/third cgr1
git symbolic-ref HEAD refs/heads/master
CRISS="$(id cgs1)..$(id cge1) $(id cgs2)..$(id cge2)"
APART="$(id cgs1)..$(id cge1) $(id cgr0)..$(id cgr1)"
git commit-graph write --reachable 2>/dev/null
mk cgs3 "work three" cge1
mk cgtz "x: three" cgtx
mk cge3 "Merge branch 'master' of git://example.org/x" cgs3 cgtz
ref refs/heads/master cge3
NEWER="$(id cgs3)..$(id cge3) $(id cgs1)..$(id cge1)"
for graph in with without; do
	[ $graph = without ] && rm -f objects/info/commit-graph
	is "$(compared . $CRISS)" "$(single . $CRISS)" \
	   "criss-cross, two best bases, $graph the graph: each range its single run"
	is "$(compared . $APART)" "$(single . $APART)" \
	   "unrelated histories, $graph the graph: each range its single run"
	is "$(compared . $NEWER)" "$(single . $NEWER)" \
	   "a start newer than the graph, $graph it: each range its single run"
done

done_testing
